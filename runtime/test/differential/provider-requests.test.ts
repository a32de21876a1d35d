/**
 * Issue 17: every catalogue preset that Auth.js also ships, signed in on both libraries against
 * the same local fake of the provider (its case, `runtime/test/providers/cases/<id>.ts`): the
 * requests each library sends to the provider (the authorization request the browser is sent to
 * and the checks it carries; token endpoint, profile and further requests: method, URL, client
 * authentication, form fields, the headers a provider reads) and the session a user gets must be
 * the same, or differ only as `deviations.ts` lists.
 */
import { customFetch as authJsCustomFetch } from "@auth/core";
import { afterAll, afterEach, beforeAll, describe, it, vi } from "vitest";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import type { ProviderCase } from "../providers/case.js";
import {
  returnFromProvider,
  type SeenRequest,
  startFakeProvider,
} from "../providers/fake-provider.js";
import { loadCatalogue } from "../providers/load.js";
import { AuthJsTestClient, authorizationRequest } from "./authjs.js";
import { expectSame } from "./deviations.js";

const clientId = "client-id-from-the-console";
const clientSecret = "client-secret-from-the-console";
const origin = "https://app.test";
const { withCases } = await loadCatalogue();

// biome-ignore lint/suspicious/noExplicitAny: each library types its own presets' options
type Factory = (options: any) => any;

/** The Auth.js preset of the same id, when `@auth/core` ships one. */
async function authJsPreset(id: string): Promise<Factory | undefined> {
  try {
    return (await import(/* @vite-ignore */ `@auth/core/providers/${id}`)).default as Factory;
  } catch {
    return undefined;
  }
}

const compared = (
  await Promise.all(
    withCases.map(async (entry) => ({ ...entry, authJs: await authJsPreset(entry.id) })),
  )
).filter((entry): entry is typeof entry & { authJs: Factory } => entry.authJs !== undefined);

/** The headers a provider acts on; the rest (user agent, connection) are transport. */
const readHeaders = ["accept", "content-type", "dpop"];

/** A request as the provider reads it: secrets and per-request values masked. */
function asProviderSees(request: SeenRequest) {
  const authorization = request.headers.authorization;
  const auth = authorization?.startsWith("Basic ")
    ? "basic client credentials"
    : (authorization?.replace(/^(\w+) .*/, "$1 <token>") ?? "none");
  const form = request.body
    ? Object.fromEntries(
        [...new URLSearchParams(request.body)]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => [
            key,
            key === "code_verifier" || key === "client_secret" ? "<present>" : value,
          ]),
      )
    : undefined;
  const headers = Object.fromEntries(
    readHeaders.flatMap((name): [string, string | boolean][] => {
      const value = request.headers[name];
      if (value === undefined) return [];
      // Whether JSON is accepted, not the full list (oauth4webapi adds `application/jwt` to a
      // profile request, GitHub's documented type is `application/vnd.github+json`).
      if (name === "accept") return [[name, /json|\*\/\*/.test(String(value))]];
      // A request without a body has no content type to read (HubSpot's preset sends one anyway).
      if (name === "content-type" && !request.body) return [];
      return [[name, String(value).split(";")[0] ?? ""]];
    }),
  );
  return { request: `${request.method} ${request.url}`, auth, headers, form };
}

/** The query parameters of the browser-bound checks (`state`, PKCE, `nonce`). */
const checkParameters = ["state", "code_challenge", "code_challenge_method", "nonce"];

/**
 * The authorization request (the sign-in redirect) as the provider reads it, in two fields: the
 * endpoint and the query without the checks, and the checks' parameters (random values masked).
 * Both libraries run on the same origin, so `redirect_uri` is compared as sent.
 */
function authorizationAsProviderSees(location: string | null) {
  const request = authorizationRequest(location);
  if (!request.query) return { authorization: request, checks: null };
  const query = Object.entries(request.query);
  const picked = (check: boolean) =>
    Object.fromEntries(query.filter(([key]) => checkParameters.includes(key) === check));
  return {
    authorization: { endpoint: request.endpoint, query: picked(false) },
    checks: picked(true),
  };
}

/**
 * Sign-in redirect (the authorization request and its checks), the provider's answer with a
 * code, and the session that results.
 */
async function signIn(
  client: TestClient,
  id: string,
  c: ProviderCase,
  setNonce: (n?: string) => void,
) {
  const csrfToken = await client.csrfToken();
  const start = await client.request(`/auth/signin/${id}`, { form: { csrfToken } });
  const redirect = start.headers.get("location");
  // No redirect to the provider: the sign-in ended here (a configuration the preset refuses).
  const authorization = authorizationAsProviderSees(redirect);
  if (!redirect)
    return { ...authorization, callback: { status: start.status, location: null }, session: null };
  const location = new URL(redirect);
  setNonce(location.searchParams.get("nonce") ?? undefined);
  const callback = await returnFromProvider(client, id, c, location);
  const session = (await (await client.request("/auth/session")).json()) as {
    expires?: string;
  } | null;
  // Auth.js gives the read's time + maxAge to the millisecond, ours the token's `exp`.
  if (session?.expires) session.expires = "<time>";
  return {
    ...authorization,
    callback: { status: callback.status, location: callback.headers.get("location") },
    session,
  };
}

describe.each(compared)("$id against Auth.js's preset", ({
  id,
  preset,
  authJs,
  providerCase: c,
}) => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    fake = await startFakeProvider(c, clientId, clientSecret);
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** One library's sign-in: what the provider saw, and what the user got. */
  async function run(library: "ours" | "authJs") {
    fake.reset();
    // Some Auth.js presets make their profile requests with the global fetch rather than the
    // configured one (GitHub's `/user/emails`, say): those reach the fake too.
    vi.stubGlobal("fetch", fake.fetch);
    const options = { clientId, clientSecret, ...structuredClone(c.options ?? {}) };
    const { logger, errors } = captureLogger();
    const shared = { secret: SECRET, trustHost: true, logger };
    const client =
      library === "ours"
        ? new TestClient(
            { ...shared, providers: [preset({ ...options, [customFetch]: fake.fetch })] },
            origin,
          )
        : new AuthJsTestClient(
            { ...shared, providers: [authJs({ ...options, [authJsCustomFetch]: fake.fetch })] },
            origin,
          );
    const result = await signIn(client, id, c, (nonce) => {
      fake.state.nonce = nonce;
    });
    const seen = fake.state.requests.map(asProviderSees);
    // The key set that verifies an ID token, or an access token the provider documents as a JWT
    // (EVE Online's): the `id-token-signature` deviation.
    const jwks = c.discovery?.jwks_uri ?? c.accessToken?.jwks_uri;
    const keysRequest = jwks && `GET ${jwks}`;
    return {
      ...result,
      token: seen.filter((r) => r.request === `POST ${c.token.url}`),
      profile: seen.filter(
        (r) =>
          !r.request.endsWith("/.well-known/openid-configuration") &&
          r.request !== `POST ${c.token.url}` &&
          r.request !== keysRequest,
      ),
      keys: seen.filter((r) => r.request === keysRequest).length,
      unknown: [...fake.state.unknown],
      logged: errors.map((error) => `${(error as { type?: string }).type ?? error.name}`),
    };
  }

  it("sends the provider the same requests and signs the user in the same way", async () => {
    const theirs = await run("authJs");
    const mine = await run("ours");
    // PRESET_DIFF=<id>[,<id>…] prints both sign-ins (for reviewing presets).
    if (process.env.PRESET_DIFF?.split(",").includes(id))
      console.log(`=== ${id}\n${JSON.stringify({ mine, theirs }, null, 2)}`);
    expectSame(`provider ${id}`, mine, theirs);
  });
});
