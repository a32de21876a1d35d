import {
  CallbackRouteError,
  CredentialsSignin,
  InvalidProvider,
  MissingCSRF,
  RateLimited,
} from "../../errors.js";
import type { CredentialsConfig } from "../../providers/types.js";
import type { Account, User } from "../../types.js";
import type { AuthContext } from "../context.js";
import { forgetIdentifiers, limitSignIn, normalizeIdentifier } from "../rate-limit.js";
import { toWebRequest } from "../request.js";
import { sessionTokenKind } from "../session.js";
import { presentedSession } from "../session-cookie.js";
import { checkSignIn, issueSession } from "../sign-in.js";

/**
 * POST `{base}/callback/<credentials id>` (reference §4.5). `authorize` decides; the session is
 * always a JWT cookie, whatever the strategy, as in Auth.js. The adapter never sees the user:
 * `authorize` vouches for an id from the app's own store, and looking it (or its unverified
 * email) up in the adapter could hand over someone else's account. Under the database strategy
 * (possible when another provider needs the adapter) the JWE carries a mark by which the
 * session reader accepts it (see `credentials-session.ts`), which Auth.js does not (reference
 * §11 item 9).
 */
export async function credentialsCallback(
  ctx: AuthContext,
  provider: CredentialsConfig,
): Promise<string> {
  if (ctx.request.method !== "POST") {
    throw new InvalidProvider(
      "Callback for provider type (credentials) is only supported with POST",
    );
  }
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action callback");

  const credentials = { ...(ctx.request.body ?? {}) };
  delete credentials.csrfToken;
  const identifiers = credentialsIdentifiers(credentials, provider);
  await limitSignIn(ctx, provider.id, identifiers);
  let authorized: User | null;
  try {
    authorized = await provider.authorize(credentials, toWebRequest(ctx.request, credentials));
  } catch (error) {
    // An app's own limiter may throw RateLimited: answered as the runtime's own 429.
    if (error instanceof CredentialsSignin || error instanceof RateLimited) throw error;
    throw new CallbackRouteError("authorize() threw", { cause: error });
  }
  if (!authorized) throw new CredentialsSignin();

  const user: User = { ...authorized, id: authorized.id?.toString() ?? crypto.randomUUID() };
  const account: Account = {
    providerAccountId: user.id!,
    type: "credentials",
    provider: provider.id,
  };
  const redirect = await checkSignIn(ctx, { user, account, credentials });
  if (redirect) return redirect;

  await endDatabaseSession(ctx);
  await issueSession(ctx, { user, account, isNewUser: false });
  await forgetIdentifiers(ctx, provider.id, identifiers);
  return ctx.callbackUrl;
}

/** Field names that hold secrets, never counted (their values would become keys). */
const SECRET_FIELD = /pass|secret|pin|otp|code|token/i;

/**
 * Who a credentials attempt is for, for rate limiting: each of the `email` and `username` fields
 * and the first declared field that holds no secret, when sent. All of them are counted, so a
 * field `authorize` ignores (an extra `email=<random>` next to the `username` it reads) cannot
 * turn each guess into a new identifier. No identifier: only the client address is counted.
 */
function credentialsIdentifiers(
  credentials: Record<string, unknown>,
  provider: CredentialsConfig,
): string[] {
  const declared = Object.entries(provider.credentials ?? {}).find(
    ([name, field]) => field?.type !== "password" && !SECRET_FIELD.test(name),
  )?.[0];
  const found = new Set<string>();
  for (const name of ["email", "username", declared]) {
    const value = name === undefined ? undefined : credentials[name];
    if (value === undefined || value === null) continue;
    // Read as `authorize` most likely reads it: a JSON `["ada"]` is `String()`-ed to "ada", so
    // wrapping the name in an array does not make a new identifier.
    const text = String(value);
    if (text.trim() !== "") found.add(normalizeIdentifier(text));
  }
  return [...found];
}

/**
 * Deletes the database session this browser held before (say, from an email sign-in), as every
 * other sign-in does: its cookie is about to be overwritten, and a row nobody can present any
 * more should not stay valid until it expires. Nothing else of the adapter is used.
 */
async function endDatabaseSession(ctx: AuthContext): Promise<void> {
  const { config, cookies, request } = ctx;
  if (config.session.strategy !== "database") return;
  const previous = presentedSession(cookies, request.cookies)?.token;
  if (previous && sessionTokenKind(config, previous) === "database") {
    await config.adapter!.deleteSession!(previous);
  }
}
