import { describe, expect, it } from "vitest";
import { setCookie, TestClient } from "../helpers.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn } = mock;

/** Signs in with the given client authentication; returns what the token endpoint received. */
async function tokenRequestWith(method?: "client_secret_basic" | "client_secret_post" | "none") {
  const provider = oidc(method ? { client: { token_endpoint_auth_method: method } } : {});
  const client = new TestClient(config({ providers: [provider] }));
  const { params } = await signIn(client);
  const query = new URLSearchParams({
    code: "the-code",
    state: params.get("state")!,
    iss: mock.op.issuer,
  });
  const response = await client.request(`/auth/callback/mock?${query}`);
  expect(setCookie(response, "authjs.session-token")).toBeDefined();
  return { ...mock.op.state.lastTokenRequest!, params };
}

describe("the token request", () => {
  it("client_secret_basic (the default): credentials in the Authorization header only", async () => {
    const { authorization, body } = await tokenRequestWith();
    // RFC 6749 §2.3.1: both form-urlencoded, then base64 of "id:secret".
    expect(authorization).toMatch(/^Basic /);
    const decoded = Buffer.from(authorization!.slice(6), "base64").toString();
    const [id, secret] = decoded.split(":").map(decodeURIComponent);
    expect({ id, secret }).toEqual({ id: clientId, secret: clientSecret });
    expect(body.has("client_secret")).toBe(false);
  });

  it("client_secret_post: client_id and client_secret in the body, no Authorization header", async () => {
    const { authorization, body } = await tokenRequestWith("client_secret_post");
    expect(authorization).toBeUndefined();
    expect(body.get("client_id")).toBe(clientId);
    expect(body.get("client_secret")).toBe(clientSecret);
  });

  it("none (a public client): client_id only, no secret anywhere", async () => {
    const { authorization, body } = await tokenRequestWith("none");
    expect(authorization).toBeUndefined();
    expect(body.get("client_id")).toBe(clientId);
    expect(body.has("client_secret")).toBe(false);
  });

  it("carries the code, the same redirect_uri as the authorization request, and the PKCE verifier", async () => {
    const { body, params } = await tokenRequestWith();
    expect(body.get("grant_type")).toBe("authorization_code");
    expect(body.get("code")).toBe("the-code");
    expect(body.get("redirect_uri")).toBe(params.get("redirect_uri"));
    const verifier = body.get("code_verifier")!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    expect(Buffer.from(digest).toString("base64url")).toBe(params.get("code_challenge"));
  });
});
