import { afterAll, beforeAll, beforeEach } from "vitest";
import OIDC from "../../src/providers/oidc.js";
import type { OAuthUserConfig } from "../../src/providers/types.js";
import type { AuthConfig, Profile } from "../../src/types.js";
import { captureLogger, SECRET, type TestClient } from "../helpers.js";
import { startMockOP } from "./mock-op.js";

export const clientId = "mock-client";
export const clientSecret = "mock-client-secret-0123456789";
export type MockOP = Awaited<ReturnType<typeof startMockOP>>;

/**
 * One mock OpenID provider for a test file (started once, reset before each test) and helpers
 * bound to it: an OIDC provider `mock` with every check, a configuration, and the two halves of
 * a sign-in as the built-in page and the provider would drive them.
 */
export function useMockOP(options: { issParameter?: boolean } = {}) {
  let op: MockOP;
  let defaultUserinfo: Record<string, unknown>;
  beforeAll(async () => {
    op = await startMockOP({ clientId, clientSecret, ...options });
    defaultUserinfo = op.state.userinfo;
  });
  afterAll(() => op.close());
  beforeEach(() => {
    op.state.tokenRequests = 0;
    op.state.lastTokenRequest = undefined;
    op.state.behaviour = {};
    op.state.metadata = {};
    op.state.nonce = undefined;
    op.state.nonceByCode.clear();
    op.state.userinfo = defaultUserinfo;
  });

  const harness = {
    get op() {
      return op;
    },
    oidc: (extra: OAuthUserConfig<Profile> = {}) =>
      OIDC({
        id: "mock",
        name: "Mock",
        issuer: op.issuer,
        clientId,
        clientSecret,
        checks: ["pkce", "state", "nonce"],
        ...extra,
      }),
    config: (extra: Partial<AuthConfig> = {}): AuthConfig => ({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      providers: [harness.oidc()],
      ...extra,
    }),
    /** POST `/signin/<provider>` with a CSRF token; the provider learns the nonce it must echo. */
    async signIn(client: TestClient, provider = "mock") {
      const csrfToken = await client.csrfToken();
      const response = await client.request(`/auth/signin/${provider}`, { form: { csrfToken } });
      const params = new URL(response.headers.get("location")!).searchParams;
      op.state.nonce = params.get("nonce") ?? undefined;
      return { response, params };
    },
    /** A sign-in and the provider's successful redirect back (code, state, iss). */
    async complete(client: TestClient, provider = "mock") {
      const { params } = await harness.signIn(client, provider);
      const query = new URLSearchParams({
        code: "c",
        state: params.get("state") ?? "",
        iss: op.issuer,
      });
      return client.request(`/auth/callback/${provider}?${query}`);
    },
  };
  return harness;
}
