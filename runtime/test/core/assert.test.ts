import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { resolveConfig } from "../../src/core/config.js";
import { encode } from "../../src/jwt.js";
import Credentials from "../../src/providers/credentials.js";
import type { EmailConfig, Provider } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";

const credentials = Credentials({ authorize: () => ({ id: "1" }) });
const email: EmailConfig = {
  id: "email",
  name: "Email",
  type: "email",
  sendVerificationRequest: () => {},
};
const oauth = (extra: object = {}): Provider =>
  ({ id: "acme", name: "Acme", type: "oauth", ...extra }) as Provider;
const webauthn: Provider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  enableConditionalUI: true,
  formFields: { email: { label: "Email", autocomplete: "username webauthn" } },
};

const MESSAGE = {
  message:
    "There was a problem with the server configuration. Check the server logs for more information.",
};

function base(extra: Partial<AuthConfig>): AuthConfig {
  return { secret: SECRET, trustHost: true, providers: [credentials], ...extra };
}

const cases: [string, Partial<AuthConfig>][] = [
  ["UntrustedHost", { trustHost: false }],
  ["MissingSecret", { secret: "" }],
  ["MissingSecret", { secret: [] }],
  ["InvalidEndpoints", { providers: [oauth({ token: "https://a/t", userinfo: "https://a/u" })] }],
  [
    "InvalidEndpoints",
    { providers: [oauth({ authorization: "https://a/a", userinfo: "https://a/u" })] },
  ],
  [
    "InvalidEndpoints",
    { providers: [oauth({ authorization: "https://a/a", token: "https://a/t" })] },
  ],
  [
    "MissingAuthorize",
    {
      providers: [
        { id: "c", name: "C", type: "credentials", credentials: {} } as unknown as Provider,
      ],
    },
  ],
  ["UnsupportedStrategy", { session: { strategy: "database" }, adapter: memoryAdapter() }],
  ["MissingAdapter", { providers: [email] }],
  ["MissingAdapter", { providers: [credentials, email], session: { strategy: "database" } }],
  ["MissingAdapterMethods", { providers: [email], adapter: { getUserByEmail: () => null } }],
  [
    "MissingAdapterMethods",
    {
      providers: [credentials, email],
      adapter: { createVerificationToken: () => null, getUserByEmail: () => null },
    },
  ],
  ["ExperimentalFeatureNotEnabled", { providers: [webauthn], adapter: memoryAdapter() }],
  ["MissingAdapter", { providers: [webauthn], experimental: { enableWebAuthn: true } }],
  [
    "DuplicateConditionalUI",
    {
      providers: [webauthn, { ...webauthn, id: "other" } as Provider],
      adapter: memoryAdapter(),
      experimental: { enableWebAuthn: true },
    },
  ],
  [
    "MissingWebAuthnAutocomplete",
    {
      providers: [{ ...webauthn, formFields: { email: { label: "Email" } } } as Provider],
      adapter: memoryAdapter(),
      experimental: { enableWebAuthn: true },
    },
  ],
  ["InvalidProvider", { providers: [credentials, credentials] }],
];

describe("configuration assertion (reference §7.1)", () => {
  it.each(
    cases,
  )("%s: 500 JSON on API actions, the error page on page actions, logged", async (type, extra) => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(base({ ...extra, logger }));
    const api = await client.request("/auth/session");
    expect(api.status).toBe(500);
    await expect(api.json()).resolves.toEqual(MESSAGE);
    const page = await client.request("/auth/signin");
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(errors[0]?.name).toBe(type);
    expect(errors[0]?.message.length).toBeGreaterThan(10);
  });

  it("never yields a session for a broken configuration, even with a valid cookie", async () => {
    const token = await encode({
      token: { sub: "1" },
      secret: SECRET,
      salt: "authjs.session-token",
    });
    for (const extra of [{ trustHost: false }, { providers: [email] }]) {
      const client = new TestClient(base({ ...extra, logger: captureLogger().logger }));
      client.jar.set("authjs.session-token", token);
      const response = await client.request("/auth/session");
      expect(response.status).toBe(500);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("redirects page actions to pages.error, except when already coming from it", async () => {
    const client = new TestClient(
      base({ trustHost: false, pages: { error: "/oops" }, logger: captureLogger().logger }),
    );
    const response = await client.request("/auth/signin");
    expect(response.headers.get("location")).toBe("http://localhost:3000/oops?error=Configuration");
    const loop = await client.request("/auth/signin?callbackUrl=%2Foops");
    expect(loop.status).toBe(500);
  });

  it("accepts credentials with the database strategy when another provider uses the adapter", async () => {
    const config = resolveConfig(
      base({ providers: [credentials, email], adapter: memoryAdapter() }),
      {},
    );
    expect(config.error).toBeUndefined();
    expect(config.session.strategy).toBe("database");
  });

  it("keeps no state between configurations (Auth.js reference §11 item 1)", () => {
    expect(resolveConfig(base({ providers: [email] }), {}).error?.type).toBe("MissingAdapter");
    expect(resolveConfig(base({ providers: [credentials] }), {}).error).toBeUndefined();
  });

  it("warns about debug once per configuration", () => {
    const { logger, warnings } = captureLogger();
    const config = base({ debug: true, logger });
    resolveConfig(config, {});
    resolveConfig(config, {});
    expect(warnings).toEqual(["debug-enabled"]);
  });
});

describe("environment defaults (reference §7.2)", () => {
  it("reads AUTH_SECRET and the rotation variables, highest number first", () => {
    const config = resolveConfig(
      { providers: [] },
      { AUTH_SECRET: "0", AUTH_SECRET_1: "1", AUTH_SECRET_3: "3" },
    );
    expect(config.secret).toEqual(["3", "1", "0"]);
    expect(resolveConfig({ providers: [], secret: "mine" }, { AUTH_SECRET: "env" }).secret).toEqual(
      ["mine"],
    );
  });

  it('derives trustHost from the environment; "false" means false', () => {
    const trust = (env: Record<string, string>) => resolveConfig({ providers: [] }, env).trustHost;
    expect(trust({})).toBe(true);
    expect(trust({ NODE_ENV: "production" })).toBe(false);
    expect(trust({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" })).toBe(true);
    expect(trust({ NODE_ENV: "production", AUTH_URL: "https://app.example" })).toBe(true);
    expect(trust({ AUTH_TRUST_HOST: "false" })).toBe(false);
    expect(trust({ AUTH_TRUST_HOST: "0" })).toBe(false);
    expect(
      resolveConfig({ providers: [], trustHost: true }, { AUTH_TRUST_HOST: "false" }).trustHost,
    ).toBe(true);
  });

  it("takes basePath from AUTH_URL's path unless configured", () => {
    expect(
      resolveConfig({ providers: [] }, { AUTH_URL: "https://a.example/api/auth" }).basePath,
    ).toBe("/api/auth");
    expect(resolveConfig({ providers: [] }, { AUTH_URL: "https://a.example" }).basePath).toBe(
      "/auth",
    );
    const { logger, warnings } = captureLogger();
    const mismatch = resolveConfig(
      { providers: [], basePath: "/auth", logger },
      { AUTH_URL: "https://a.example/api/auth" },
    );
    expect(mismatch.basePath).toBe("/auth");
    expect(warnings).toContain("env-url-basepath-mismatch");
  });

  it("fills provider credentials from AUTH_<ID>_* and AUTH_REDIRECT_PROXY_URL", () => {
    const env = {
      AUTH_MY_IDP_ID: "client",
      AUTH_MY_IDP_SECRET: "shh",
      AUTH_MY_IDP_ISSUER: "https://idp.example",
      AUTH_REDIRECT_PROXY_URL: "https://proxy.example/auth",
    };
    const provider = (options: Record<string, unknown> = {}) =>
      ({ id: "my-idp", name: "IdP", type: "oidc", options }) as unknown as Provider;
    const providers = [provider as unknown as Provider, provider({ clientId: "explicit" })];
    const config = resolveConfig({ providers }, env);
    expect(config.providers[0]).toMatchObject({
      clientId: "client",
      clientSecret: "shh",
      issuer: "https://idp.example",
    });
    expect(config.providers[1]).toMatchObject({ clientId: "explicit", clientSecret: "shh" });
    expect(config.redirectProxyUrl).toBe("https://proxy.example/auth");
  });
  // That the caller's object is never mutated: config-immutability.test.ts.
});
