import { describe, expect, it } from "vitest";
import NetSuite from "../../src/providers/netsuite.js";
import type {
  AuthorizationEndpointHandler,
  TokenEndpointHandler,
} from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import netsuiteCase from "./cases/netsuite.js";
import { startFakeProvider } from "./fake-provider.js";

const endpoints = (provider: ReturnType<typeof NetSuite>) => ({
  authorization: (provider.authorization as AuthorizationEndpointHandler).url,
  token: (provider.token as TokenEndpointHandler).url,
});

describe("NetSuite's account and profile", () => {
  it("takes the account from AUTH_NETSUITE_ISSUER's form, spelled as NetSuite's hosts want it", () => {
    expect(endpoints(NetSuite({ issuer: "https://1234567_SB1.app.netsuite.com/" }))).toEqual({
      authorization: "https://1234567-sb1.app.netsuite.com/app/login/oauth2/authorize.nl",
      token: "https://1234567-sb1.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
    });
    // `accountID` (Auth.js's option) wins, and is not passed on as a provider setting.
    const provider = NetSuite({ accountID: "TSTDRV42", issuer: "https://other.app.netsuite.com" });
    expect(endpoints(provider).authorization).toMatch(/^https:\/\/tstdrv42\.app\.netsuite\.com\//);
    expect(provider.options).not.toHaveProperty("accountID");
  });

  it("ends on the error page, saying what is missing, when no userinfo script is set", async () => {
    const clientId = "client-id-from-the-console";
    const fake = await startFakeProvider(netsuiteCase, clientId);
    try {
      const { logger, errors } = captureLogger();
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        logger,
        providers: [
          NetSuite({
            accountID: "1234567_SB1",
            clientId,
            clientSecret: "s",
            [customFetch]: fake.fetch,
          }),
        ],
      };
      const client = new TestClient(config, "https://app.test");
      const csrfToken = await client.csrfToken();
      const start = await client.request("/auth/signin/netsuite", { form: { csrfToken } });
      const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
      const response = await client.request(
        `/auth/callback/netsuite?${new URLSearchParams({ code: "c", state })}`,
      );
      expect(response.headers.get("location")).toBe(
        "https://app.test/auth/error?error=Configuration",
      );
      expect(
        JSON.stringify(errors, (_, v) =>
          v instanceof Error ? { ...v, message: v.message, cause: v.cause } : v,
        ),
      ).toContain("NetSuite needs `userinfo`");
      expect(await client.session()).toBeNull();
    } finally {
      await fake.close();
    }
  });
});
