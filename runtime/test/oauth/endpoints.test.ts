import { describe, expect, it } from "vitest";
import GitHub from "../../src/providers/github.js";
import GitLab from "../../src/providers/gitlab.js";
import type { Provider } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, TestClient } from "../helpers.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn } = mock;

/** A fetch that records every URL and never reaches the network. */
function offline() {
  const calls: string[] = [];
  const fetchImpl = (async (url: string | URL | Request) => {
    calls.push(String(url instanceof Request ? url.url : url));
    throw new Error("offline");
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const plain = (endpoints: Record<string, string>, extra: object = {}): Provider =>
  ({
    id: "plain",
    name: "Plain",
    type: "oauth",
    clientId,
    clientSecret,
    authorization: "https://idp.example/authorize",
    token: "https://idp.example/token",
    userinfo: "https://idp.example/userinfo",
    ...endpoints,
    ...extra,
  }) as Provider;

/**
 * A configuration refused by its assertion: starting a sign-in answers 500 (no redirect to the
 * provider), the sign-in page is the Configuration error page, and the log names the endpoint.
 */
async function expectRefusedConfiguration(provider: Provider, id: string, url: string) {
  const { logger, errors } = captureLogger();
  const client = new TestClient(config({ logger, providers: [provider] }));
  const start = await client.request(`/auth/signin/${id}`, { form: { csrfToken: "x" } });
  expect(start.status).toBe(500);
  expect(start.headers.get("location")).toBeNull();
  const page = await client.request("/auth/signin");
  expect(page.status).toBe(500);
  expect(await page.text()).toContain("There is a problem with the server configuration.");
  expect(errors[0]?.name).toBe("InvalidEndpoints");
  expect(errors[0]?.message).toContain(url);
}

describe("provider endpoints must be HTTPS (RFC 9700 §2.6), checked with the configuration", () => {
  it.each([
    ["authorization", "http://idp.example/authorize"],
    ["token", "http://idp.example/token"],
    ["userinfo", "http://idp.example/userinfo"],
  ])("a plain-HTTP %s endpoint", async (key, url) => {
    await expectRefusedConfiguration(plain({ [key]: url }), "plain", url);
  });

  it("GitHub Enterprise and self-managed GitLab on a plain-HTTP baseUrl", async () => {
    const github = GitHub({ clientId, clientSecret, enterprise: { baseUrl: "http://ghe.test" } });
    await expectRefusedConfiguration(github, "github", "http://ghe.test/login/oauth/authorize");
    const gitlab = GitLab({ clientId, clientSecret, baseUrl: "http://gitlab.corp.test" });
    await expectRefusedConfiguration(gitlab, "gitlab", "http://gitlab.corp.test/oauth/authorize");
  });

  it("a plain-HTTP issuer, before any discovery request", async () => {
    const { calls, fetchImpl } = offline();
    const provider = oidc({ issuer: "http://idp.example", [customFetch]: fetchImpl });
    await expectRefusedConfiguration(provider, "mock", "http://idp.example/");
    expect(calls).toEqual([]);
  });

  it("allows loopback hosts, and plain HTTP elsewhere only with allowInsecureRequests", async () => {
    const loopback = plain({ authorization: "http://localhost:9/authorize" });
    const { params } = await signIn(new TestClient(config({ providers: [loopback] })), "plain");
    expect(params.get("client_id")).toBe(clientId);

    const insecure = plain(
      { authorization: "http://idp.example/authorize" },
      { allowInsecureRequests: true },
    );
    const client = new TestClient(config({ providers: [insecure] }));
    const { response } = await signIn(client, "plain");
    expect(response.headers.get("location")).toMatch(/^http:\/\/idp\.example\/authorize\?/);

    const { calls, fetchImpl } = offline();
    const optedIn = oidc({
      issuer: "http://idp.example",
      allowInsecureRequests: true,
      [customFetch]: fetchImpl,
    });
    const optedInClient = new TestClient(config({ providers: [optedIn] }));
    await optedInClient.request("/auth/signin/mock", {
      form: { csrfToken: await optedInClient.csrfToken() },
    });
    expect(calls).toEqual(["http://idp.example/.well-known/openid-configuration"]);
  });
});

describe("discovered endpoints must be HTTPS too, checked at sign-in", () => {
  it.each([
    "authorization_endpoint",
    "token_endpoint",
    "userinfo_endpoint",
    "jwks_uri",
  ])("a plain-HTTP %s ends at Configuration, with no redirect to the provider", async (field) => {
    mock.op.state.metadata = { [field]: "http://idp.example/endpoint" };
    // Its own id, so that no earlier discovery of the mock issuer is reused.
    const { logger, errors } = captureLogger();
    const cfg = config({ logger, providers: [oidc({ id: `discovered-${field}` })] });
    const client = new TestClient(cfg);
    const csrfToken = await client.csrfToken();
    const response = await client.request(`/auth/signin/discovered-${field}`, {
      form: { csrfToken },
    });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(errors.at(-1)?.name).toBe("InvalidEndpoints");
    expect(errors.at(-1)?.message).toContain(field);
  });
});
