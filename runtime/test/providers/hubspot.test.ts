import { describe, expect, it } from "vitest";
import HubSpot from "../../src/providers/hubspot.js";
import { customFetch } from "../../src/symbols.js";
import type { User } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { CLIENT_ID } from "./case.js";
import hubspot from "./cases/hubspot.js";
import { returnFromProvider, startFakeProvider } from "./fake-provider.js";

const origin = "https://app.test";

/** A sign-in against a HubSpot whose introspection answers `introspection`. */
async function signInWith(introspection: unknown) {
  const providerCase = { ...hubspot, userinfo: { ...hubspot.userinfo!, response: introspection } };
  const fake = await startFakeProvider(providerCase, CLIENT_ID, "client-secret");
  try {
    const signIns: User[] = [];
    const { logger, errors } = captureLogger();
    const client = new TestClient(
      {
        secret: SECRET,
        trustHost: true,
        logger,
        providers: [
          HubSpot({
            clientId: CLIENT_ID,
            clientSecret: "client-secret",
            [customFetch]: fake.fetch,
          }),
        ],
        callbacks: { signIn: ({ user }) => Boolean(signIns.push(user)) },
      },
      origin,
    );
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/hubspot", { form: { csrfToken } });
    const location = new URL(start.headers.get("location") ?? "");
    const response = await returnFromProvider(client, "hubspot", providerCase, location);
    return { response, signIns, errors };
  } finally {
    await fake.close();
  }
}

describe("HubSpot's token introspection", () => {
  // RFC 7662 §2.2: an expired, revoked or foreign token is answered `{ "active": false }` alone,
  // with 200; it has no `user_id` to become an account.
  it("ends the sign-in, without a session, when it answers that the token is not active", async () => {
    const { response, signIns, errors } = await signInWith({ active: false });
    expect(response.headers.get("location")).toMatch(/^https:\/\/app\.test\/auth\/.*error=/);
    expect(setCookie(response, "__Host-authjs.session-token")).toBeUndefined();
    expect(signIns).toEqual([]);
    expect(errors).not.toEqual([]);
  });

  it("signs the user in when it answers that the token is active", async () => {
    const { response, signIns } = await signInWith(hubspot.userinfo!.response);
    expect(response.headers.get("location")).toBe(origin);
    expect(signIns).toMatchObject([{ email: "test@example.test" }]);
  });
});
