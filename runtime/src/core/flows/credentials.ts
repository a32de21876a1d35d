import {
  CallbackRouteError,
  CredentialsSignin,
  InvalidProvider,
  MissingCSRF,
  RateLimited,
} from "../../errors.js";
import { defaultAutocomplete } from "../../pages/field.js";
import type { CredentialsConfig } from "../../providers/types.js";
import type { Account, User } from "../../types.js";
import type { AuthContext } from "../context.js";
import { setPageHint } from "../page-hint.js";
import {
  countedIdentifier,
  forgetIdentifiers,
  type Identifier,
  limitSignIn,
} from "../rate-limit.js";
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
    throw new InvalidProvider("Callback for provider type (credentials) is not supported");
  }
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action callback");

  const credentials = { ...(ctx.request.body ?? {}) };
  delete credentials.csrfToken;
  const identifiers = credentialsIdentifiers(ctx, credentials, provider);
  await limitSignIn(ctx, provider.id, identifiers);
  let authorized: User | null;
  try {
    authorized = await provider.authorize(credentials, toWebRequest(ctx.request, credentials));
  } catch (error) {
    // An app's own limiter may throw RateLimited: answered as the runtime's own 429.
    if (error instanceof CredentialsSignin) rememberUsername(ctx, provider, credentials);
    if (error instanceof CredentialsSignin || error instanceof RateLimited) throw error;
    throw new CallbackRouteError("authorize() threw", { cause: error });
  }
  if (!authorized) {
    rememberUsername(ctx, provider, credentials);
    throw new CredentialsSignin();
  }

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
  await forgetIdentifiers(ctx, provider.id, authenticated(ctx, identifiers, authorized, provider));
  return ctx.callbackUrl;
}

/** Field names that hold secrets, never counted (their values would become keys). */
const SECRET_FIELD = /pass|secret|pin|otp|code|token/i;

/** The form's first declared field that holds no secret: the account's name, presumably. */
function declaredIdentifierField(provider: CredentialsConfig): string | undefined {
  return Object.entries(provider.credentials ?? {}).find(
    ([name, field]) => field?.type !== "password" && !SECRET_FIELD.test(name),
  )?.[0];
}

/**
 * Who a credentials attempt is for, for rate limiting: each of the `email` and `username` fields
 * and the first declared field that holds no secret, when sent, each under its field name. All
 * of them are counted, so a field `authorize` ignores (an extra `email=<random>` next to the
 * `username` it reads) cannot turn each guess into a new identifier. No identifier: only the
 * client address is counted.
 */
function credentialsIdentifiers(
  ctx: AuthContext,
  credentials: Record<string, unknown>,
  provider: CredentialsConfig,
): Identifier[] {
  const limit = ctx.config.rateLimit;
  if (!limit) return [];
  const found: Identifier[] = [];
  for (const field of new Set(["email", "username", declaredIdentifierField(provider)])) {
    const value = field === undefined ? undefined : credentials[field];
    if (field === undefined || value === undefined || value === null) continue;
    // Read as `authorize` most likely reads it: a JSON `["ada"]` is `String()`-ed to "ada", so
    // wrapping the name in an array does not make a new identifier.
    const identifier = countedIdentifier(limit, field, String(value));
    if (identifier) found.push(identifier);
  }
  return found;
}

/**
 * The identifiers a successful sign-in authenticated: those the returned user carries in the
 * same field (`email` as `user.email`, `username` as `user.username` or `user.name`, another
 * field under its own name) or as its id; when it carries none of them, the form's first
 * declared field (the one `authorize` looks the account up by). Only their counts are forgotten:
 * an attacker signing in to their own account with the victim's name in a field `authorize`
 * ignores must not reset the victim's count.
 */
function authenticated(
  ctx: AuthContext,
  identifiers: Identifier[],
  user: User,
  provider: CredentialsConfig,
): Identifier[] {
  const limit = ctx.config.rateLimit;
  if (!limit) return [];
  const fields = user as Record<string, unknown>;
  const matches = (field: string, value: unknown) =>
    (typeof value === "string" || typeof value === "number") &&
    countedIdentifier(limit, field, String(value))?.value;
  const carried = identifiers.filter(({ field, value }) =>
    [fields[field], field === "username" ? fields.name : undefined, fields.id].some(
      (candidate) => matches(field, candidate) === value,
    ),
  );
  if (carried.length > 0) return carried;
  const declared = declaredIdentifierField(provider);
  return identifiers.filter(({ field }) => field === declared);
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

/**
 * After a refused attempt, the built-in sign-in page puts the typed username back: the value of
 * the form's identifier field (see `defaultAutocomplete`), never a password or any other field.
 */
function rememberUsername(
  ctx: AuthContext,
  provider: CredentialsConfig,
  credentials: Record<string, unknown>,
): void {
  const key = Object.entries(provider.credentials ?? {}).find(
    ([name, input]) => defaultAutocomplete(name, input) === "username",
  )?.[0];
  const value = key === undefined ? undefined : credentials[key];
  if (typeof value === "string" && value) setPageHint(ctx, "username", value);
}
