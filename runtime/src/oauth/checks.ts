import * as oauth from "oauth4webapi";
import type { AuthContext } from "../core/context.js";
import { expireCookie } from "../core/cookies.js";
import { sha256Base64url, timingSafeEqualString } from "../core/crypto.js";
import { InvalidCheck } from "../errors.js";
import { decode } from "../jwt/decode.js";
import { encode } from "../jwt/encode.js";
import type { CookieSerializeOptions } from "../types.js";

/** Check cookies live 15 minutes (RFC 9700 §2.1.1: short-lived, one-time). */
export const CHECK_MAX_AGE = 15 * 60;
const checkCookies = ["state", "pkceCodeVerifier", "nonce"] as const;
type CheckCookie = (typeof checkCookies)[number];

interface Sealed {
  value: string;
  provider: string;
  /** The browser that started the flow: a digest of its CSRF token (see {@link browserBinding}). */
  browser?: string;
  /** The adapter user signed in when the flow started, or null. */
  user?: string | null;
}

/** Who started a flow, sealed into each of its check cookies. */
export interface FlowOrigin {
  browser: string;
  user: string | null;
}

/**
 * The browser a request comes from, as far as the runtime can tell: a digest of its CSRF token,
 * the random value in its `__Host-` CSRF cookie, which a sibling subdomain can neither read nor
 * set. A check cookie planted from elsewhere (possible when the app shares its cookies across
 * subdomains with `domain`) carries another browser's digest. Empty when CSRF checks are off.
 */
export function browserBinding(ctx: AuthContext): string {
  return ctx.csrfToken ? sha256Base64url(`authjs.flow\0${ctx.csrfToken}`) : "";
}

/**
 * Stores a check value in its cookie, sealed (JWE, salt = cookie name) together with the
 * provider id and who started the flow, so it is useless for any other purpose, provider or
 * browser (reference §2.5). For `response_mode=form_post` the cookies must survive a cross-site
 * POST: `SameSite=None; Secure`.
 */
export async function sealCheck(
  ctx: AuthContext,
  name: CheckCookie,
  value: string,
  formPost: boolean,
  origin: FlowOrigin,
): Promise<void> {
  const option = ctx.cookies[name];
  const sealed = await encode<Sealed>({
    token: { value, provider: ctx.provider!.id, browser: origin.browser, user: origin.user },
    secret: ctx.config.secret,
    salt: option.name,
    maxAge: CHECK_MAX_AGE,
  });
  const options: CookieSerializeOptions = {
    ...option.options,
    maxAge: CHECK_MAX_AGE,
    expires: new Date(Date.now() + CHECK_MAX_AGE * 1000),
    ...(formPost ? { sameSite: "none", secure: true } : {}),
  };
  ctx.outgoing.push({ name: option.name, value: sealed, options });
}

/** A check value and who started its flow. */
export interface OpenedCheck {
  value: string;
  user: string | null;
}

/**
 * Reads and verifies a check cookie without clearing it. Missing, undecryptable, expired, empty,
 * issued for another provider or (except for `form_post`, whose cross-site POST carries no
 * `SameSite=Lax` CSRF cookie) sealed in another browser → `InvalidCheck` (never "skip the
 * check", CVE-2023-27490).
 */
export async function readCheck(
  ctx: AuthContext,
  name: CheckCookie,
  formPost: boolean,
): Promise<OpenedCheck> {
  const option = ctx.cookies[name];
  const raw = ctx.request.cookies[option.name];
  let sealed: Sealed | null = null;
  try {
    if (raw)
      sealed = await decode<Sealed>({ token: raw, secret: ctx.config.secret, salt: option.name });
  } catch {
    sealed = null;
  }
  if (!sealed?.value || sealed.provider !== ctx.provider!.id) {
    throw new InvalidCheck(`${name} value could not be parsed`);
  }
  if (!formPost && !timingSafeEqualString(sealed.browser ?? "", browserBinding(ctx))) {
    throw new InvalidCheck(`${name} was set in another browser`);
  }
  return { value: sealed.value, user: typeof sealed.user === "string" ? sealed.user : null };
}

/** Clears every check cookie the request carries: the flow they belonged to is over. */
export function clearChecks(ctx: AuthContext): void {
  for (const name of checkCookies) {
    const option = ctx.cookies[name];
    if (ctx.request.cookies[option.name] !== undefined) ctx.outgoing.push(expireCookie(option));
  }
}

/** The `state` parameter: itself a JWE (salt `encodedState`) carrying the redirect-proxy origin. */
export interface StateData {
  random: string;
  /** The deployment that started the flow, when a redirect proxy relays the callback. */
  origin?: string;
}

export function encodeState(ctx: AuthContext, origin?: string): Promise<string> {
  const state: StateData = { random: oauth.generateRandomState(), ...(origin ? { origin } : {}) };
  return encode<StateData>({
    token: state,
    secret: ctx.config.secret,
    salt: "encodedState",
    maxAge: CHECK_MAX_AGE,
  });
}

export async function decodeState(ctx: AuthContext, state: string): Promise<StateData | undefined> {
  try {
    return (
      (await decode<StateData>({
        token: state,
        secret: ctx.config.secret,
        salt: "encodedState",
      })) ?? undefined
    );
  } catch {
    return undefined;
  }
}
