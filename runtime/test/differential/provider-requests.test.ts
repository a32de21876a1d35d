/**
 * Issue 17: every catalogue preset that Auth.js also ships, signed in on both libraries against
 * the same local fake of the provider (its case, `runtime/test/providers/cases/<id>.ts`): the
 * requests each library sends to the provider (token endpoint, profile and further requests:
 * method, URL, client authentication, form fields, the headers a provider reads) and the session
 * a user gets must be the same, or differ only as `deviations.ts` lists.
 */
import { customFetch as authJsCustomFetch } from "@auth/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import type { ProviderCase } from "../providers/case.js";
import {
  returnFromProvider,
  type SeenRequest,
  startFakeProvider,
} from "../providers/fake-provider.js";
import { loadCatalogue } from "../providers/load.js";
import { AuthJsTestClient } from "./authjs.js";
import { deviationFor, expectSame } from "./deviations.js";
import { presetDeviations } from "./preset-deviations.js";

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

/**
 * Presets whose sign-in differs from Auth.js's in ways not yet reviewed, with the fields that
 * differ (kept exact: a field that starts to agree fails the test, so the list only shrinks).
 * - Auth.js's preset does not complete the sign-in against the answers the provider documents
 *   (our case files cite the pages); which side reads the documentation right is to be checked
 *   against each provider: asgardeo, onelogin (the issuer form), figma, workos, nextcloud, line,
 *   strava, bungie, patreon, mailchimp.
 * - Profile mapping: ours takes the display name or picture from another field than Auth.js's
 *   preset (faceit, kinde, cognito, frontegg, hubspot, mattermost, ping-id, mastodon).
 * - microsoft-entra-id: Auth.js also fetches the profile photo from Microsoft Graph.
 * - battlenet: Auth.js's preset needs the `issuer` option (a region's URL) and answers 500
 *   without it; ours defaults to `https://oauth.battle.net`.
 */
const notYetReviewed: Record<string, string[]> = {
  asgardeo: ["callback", "logged", "session", "token", "unknown"],
  onelogin: ["callback", "logged", "session", "token", "unknown"],
  figma: ["callback", "logged", "profile", "session"],
  workos: ["callback", "logged", "profile", "session"],
  nextcloud: ["callback", "logged", "profile", "session", "unknown"],
  line: ["callback", "logged", "profile", "session", "token"],
  strava: ["callback", "logged", "profile", "session", "token", "unknown"],
  bungie: ["callback", "logged", "profile", "session", "token", "unknown"],
  patreon: ["callback", "logged", "profile", "session", "token", "unknown"],
  mailchimp: ["callback", "logged", "profile", "session", "token"],
  faceit: ["session"],
  kinde: ["session"],
  cognito: ["session"],
  frontegg: ["session"],
  hubspot: ["profile", "session", "token"],
  mattermost: ["session"],
  "ping-id": ["session"],
  mastodon: ["session", "token"],
  "microsoft-entra-id": ["profile", "unknown"],
  battlenet: ["callback", "logged", "session", "token"],
  // The presets added on 2026-11-27 (second session), compared but not reviewed yet. Where
  // Auth.js's sign-in ends on an error page (azure-ad, bankid-no, fusionauth) its preset did not
  // read the documented answers; the others differ in the token request (client
  // authentication, PKCE) or the profile mapping.
  "azure-ad": ["callback", "logged", "session", "token", "unknown"],
  "bankid-no": ["callback", "logged", "profile", "session"],
  eventbrite: ["session", "token"],
  eveonline: ["profile", "session", "unknown"],
  fusionauth: ["callback", "logged", "session"],
  mailru: ["profile", "session", "token", "unknown"],
  osso: ["session", "token"],
  roblox: ["session"],
  trakt: ["session", "token"],
  yandex: ["profile", "session"],
  zoho: ["profile", "session", "token"],
};

it("a preset is either reviewed or waiting for review, not both", () => {
  const both = Object.keys(notYetReviewed).filter((id) => id in presetDeviations);
  expect(both).toEqual([]);
});

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
      return [[name, String(value).split(";")[0] ?? ""]];
    }),
  );
  return { request: `${request.method} ${request.url}`, auth, headers, form };
}

/** Sign-in redirect, the provider's answer with a code, and the session that results. */
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
  if (!redirect) return { callback: { status: start.status, location: null }, session: null };
  const location = new URL(redirect);
  setNonce(location.searchParams.get("nonce") ?? undefined);
  const callback = await returnFromProvider(client, id, c, location);
  const session = (await (await client.request("/auth/session")).json()) as {
    expires?: string;
  } | null;
  // Auth.js gives the read's time + maxAge to the millisecond, ours the token's `exp`.
  if (session?.expires) session.expires = "<time>";
  return {
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
    fake = await startFakeProvider(c, clientId);
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
    return {
      ...result,
      token: seen.filter((r) => r.request === `POST ${c.token.url}`),
      profile: seen.filter(
        (r) =>
          !r.request.endsWith("/.well-known/openid-configuration") &&
          r.request !== `POST ${c.token.url}` &&
          !(c.discovery && r.request === `GET ${c.discovery.jwks_uri}`),
      ),
      keys: seen.filter((r) => c.discovery && r.request === `GET ${c.discovery.jwks_uri}`).length,
      unknown: [...fake.state.unknown],
      logged: errors.map((error) => `${(error as { type?: string }).type ?? error.name}`),
    };
  }

  it("sends the provider the same requests and signs the user in the same way", async () => {
    const theirs = await run("authJs");
    const mine = await run("ours");
    // PRESET_DIFF=<id> prints both sign-ins (for reviewing a preset).
    if (process.env.PRESET_DIFF === id) console.log(JSON.stringify({ mine, theirs }, null, 2));
    const pending = notYetReviewed[id];
    if (!pending) {
      expectSame(`provider ${id}`, mine, theirs);
      return;
    }
    // Listed below: those fields must still differ (else the entry goes), the others agree.
    const differing = (Object.keys(mine) as (keyof typeof mine)[]).filter(
      (field) =>
        JSON.stringify(mine[field]) !== JSON.stringify(theirs[field]) &&
        !deviationFor(`provider ${id} › ${field}`),
    );
    expect(differing.sort()).toEqual([...pending].sort());
  });
});
