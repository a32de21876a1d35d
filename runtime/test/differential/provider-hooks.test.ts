/**
 * Issue 17 (4): what a provider's own hook (`userinfo.request`) is given as `provider`, after a
 * whole OAuth sign-in against the same token endpoint (through `customFetch`) in both libraries.
 */
import { customFetch as authJsCustomFetch } from "@auth/core";
import { describe, expect, it } from "vitest";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import { AuthJsTestClient } from "./authjs.js";

const tokenEndpoint = async () =>
  Response.json({ access_token: "at", token_type: "bearer", expires_in: 3600 });

function acme(seen: unknown[], symbol: symbol, authorization: unknown) {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth" as const,
    clientId: "client-1",
    clientSecret: "secret-1",
    authorization,
    token: "https://acme.example/token",
    userinfo: {
      url: "https://acme.example/me",
      request: ({ provider }: { provider: { authorization: { url: unknown } } }) => {
        seen.push({
          url: String(provider.authorization.url),
          scope: new URL(String(provider.authorization.url)).searchParams.get("scope"),
        });
        return { id: "42", name: "Ada", email: "ada@example.com" };
      },
    },
    [symbol]: tokenEndpoint,
  };
}

async function signIn(client: TestClient) {
  const csrfToken = await client.csrfToken();
  const start = await client.request("/auth/signin/acme", { form: { csrfToken } });
  const state = new URL(start.headers.get("location")!).searchParams.get("state");
  const query = new URLSearchParams({ code: "code-1", ...(state ? { state } : {}) });
  return client.request(`/auth/callback/acme?${query}`);
}

describe.each([
  ["a URL string with a query", "https://acme.example/authorize?scope=read"],
  ["an object with params", { url: "https://acme.example/authorize", params: { scope: "read" } }],
])("provider.authorization given as %s", (_name, authorization) => {
  it("is seen by userinfo.request as Auth.js shows it", async () => {
    const config = (provider: unknown) => ({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      providers: [provider],
    });
    const theirs: unknown[] = [];
    const ours: unknown[] = [];
    const theirResponse = await signIn(
      new AuthJsTestClient(config(acme(theirs, authJsCustomFetch, authorization)) as never),
    );
    const ourResponse = await signIn(
      new TestClient(config(acme(ours, customFetch, authorization)) as never),
    );
    expect(theirResponse.headers.get("location")).toBe("http://localhost:3000");
    expect(ourResponse.headers.get("location")).toBe("http://localhost:3000");
    expect(ours).toEqual([{ url: "https://acme.example/authorize?scope=read", scope: "read" }]);
    expect(ours).toEqual(theirs);
  });
});
