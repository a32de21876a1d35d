import { describe, expect, it } from "vitest";
import FusionAuth from "../../src/providers/fusionauth.js";
import type { TokenEndpointHandler } from "../../src/providers/types.js";

// FusionAuth sends `WWW-Authenticate: Basic …` with every answer to a Basic-authenticated
// token request (FusionAuth/fusionauth-issues#2645); oauth4webapi reads it as a challenge.
const conform = (FusionAuth({ issuer: "https://login.example.test" }).token as TokenEndpointHandler)
  .conform!;
const challenge = {
  "www-authenticate": 'Basic realm="FusionAuth"',
  "content-type": "application/json",
};

describe("FusionAuth token answers", () => {
  it("drops the stray challenge from a success, keeping status, headers and body", async () => {
    const body = JSON.stringify({ access_token: "at", token_type: "Bearer" });
    const out = await conform(new Response(body, { status: 200, headers: challenge }));
    expect(out?.headers.has("www-authenticate")).toBe(false);
    expect(out?.headers.get("content-type")).toBe("application/json");
    expect(out?.status).toBe(200);
    expect(await out?.json()).toEqual({ access_token: "at", token_type: "Bearer" });
  });

  it("drops it from an error answer too, so the OAuth error is read", async () => {
    const body = JSON.stringify({ error: "invalid_request" });
    const out = await conform(new Response(body, { status: 400, headers: challenge }));
    expect(out?.headers.has("www-authenticate")).toBe(false);
    expect(out?.status).toBe(400);
  });

  it("leaves a 401 (a real challenge) and answers without the header as they are", async () => {
    expect(await conform(new Response("{}", { status: 401, headers: challenge }))).toBeUndefined();
    expect(await conform(new Response("{}", { status: 200 }))).toBeUndefined();
  });
});
