import { describe, expect, it } from "vitest";
import { parseBody } from "../../src/core/body.js";
import { formParameters } from "../../src/core/form-parameters.js";
import { express5, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, setCookie, TestClient } from "../helpers.js";
import { useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn } = mock;

/**
 * RFC 6749 §3.1: a parameter sent twice is an invalid response. oauth4webapi refuses it
 * ("parameter must be provided only once"); these prove the runtime hands it the parameters
 * as sent, not a flattened copy in which the last one silently wins.
 */
const refusals = [
  // A second code with a valid state: injection of another authorization's code. The other
  // repeats are of the very same value, which a flattened copy would accept.
  ["code", "c-injected", "OAuthCallbackError", "/auth/signin?error=OAuthCallbackError"],
  ["state", undefined, "InvalidCheck", "/auth/error?error=Configuration"],
  ["iss", undefined, "InvalidCheck", "/auth/error?error=Configuration"],
] as const;

function response(params: URLSearchParams, repeat?: string, value?: string) {
  const sent = new URLSearchParams({
    code: "c",
    state: params.get("state")!,
    iss: mock.op.issuer,
  });
  if (repeat) sent.append(repeat, value ?? sent.get(repeat)!);
  return sent;
}

async function expectRefused(
  client: TestClient,
  callback: Response,
  errors: Error[],
  name: string,
  location: string,
) {
  expect(callback.headers.get("location")).toBe(`${client.origin}${location}`);
  expect(errors.at(-1)?.name).toBe(name);
  // oauth4webapi's own reason, not a missing or mismatched value.
  expect((errors.at(-1)?.cause as Error | undefined)?.message).toMatch(/provided only once/);
  expect(setCookie(callback, "authjs.session-token")).toBeUndefined();
  expect(mock.op.state.tokenRequests).toBe(0);
}

describe("a callback that repeats a parameter is refused before the token request", () => {
  it.each(refusals)("query: %s twice", async (repeat, value, name, location) => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ logger }));
    const { params } = await signIn(client);
    const callback = await client.request(`/auth/callback/mock?${response(params, repeat, value)}`);
    await expectRefused(client, callback, errors, name, location);
  });

  const formPost = () => [oidc({ authorization: { params: { response_mode: "form_post" } } })];

  it.each(refusals)("form_post body: %s twice", async (repeat, value, name, location) => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ logger, providers: formPost() }));
    const { params } = await signIn(client);
    const callback = await client.request("/auth/callback/mock", {
      form: response(params, repeat, value),
    });
    await expectRefused(client, callback, errors, name, location);
  });

  it("form_post through Express with an app-level urlencoded() parser (which makes arrays)", async () => {
    const { logger, errors } = captureLogger();
    const cfg = config({ logger, providers: formPost() });
    const app = await startApp(express5, cfg, { mount: "/auth", bodyParsers: true });
    try {
      const client = new HttpTestClient(app.origin);
      const { params } = await signIn(client);
      const refused = await client.request("/auth/callback/mock", {
        form: response(params, "code", "c-injected"),
      });
      await expectRefused(client, refused, errors, "OAuthCallbackError", refusals[0][3]);

      // The same parser, one code: the sign-in completes (the refusal above is the repeat's).
      const again = await signIn(client);
      const accepted = await client.request("/auth/callback/mock", {
        form: response(again.params),
      });
      expect(setCookie(accepted, "authjs.session-token")).toBeDefined();
      expect(mock.op.state.tokenRequests).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe("formParameters", () => {
  it("returns a form body as sent, and expands arrays an app-level parser made", () => {
    const body = parseBody("application/x-www-form-urlencoded", "code=a&state=s&code=b") as Record<
      string,
      unknown
    >;
    expect(body).toEqual({ code: "b", state: "s" });
    expect([...formParameters(body)]).toEqual([
      ["code", "a"],
      ["state", "s"],
      ["code", "b"],
    ]);
    expect(formParameters({ code: ["a", "b"], n: 1, nested: { x: "y" } }).getAll("code")).toEqual([
      "a",
      "b",
    ]);
  });
});
