/**
 * What the playground's OpenID provider keeps, in this process only: its signing key, one
 * client per provider it stands in for, and short-lived authorization codes and access tokens
 * in bounded maps (a restart forgets them all, which is all a development tool needs).
 *
 * @module playground/store
 */
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomBase64url } from "../core/crypto.js";

/** The claims of a test user, as the ID token and userinfo carry them. */
export interface PlaygroundClaims {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  picture?: string;
}

/** A client registered for one provider id, with the secret the runtime authenticates with. */
export interface PlaygroundClient {
  providerId: string;
  clientId: string;
  clientSecret: string;
}

/** What an authorization code stands for until it is redeemed (once) or expires. */
export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  scope: string;
  claims: PlaygroundClaims;
  expiresAt: number;
}

/** How long an authorization code may wait for its token request (RFC 6749 §4.1.2: short). */
export const CODE_LIFETIME_MS = 60_000;
/** How long an access token answers at the userinfo endpoint. */
export const ACCESS_TOKEN_LIFETIME_S = 600;
/** Most codes or access tokens held at once; the oldest goes first. */
export const MAX_ENTRIES = 1000;

const clients = new Map<string, PlaygroundClient>();

/** The client for `providerId`, created on first use and stable for the life of the process. */
export function playgroundClient(providerId: string): PlaygroundClient {
  let client = clients.get(providerId);
  if (!client) {
    client = {
      providerId,
      clientId: `playground-${providerId}-${randomBase64url(9)}`,
      clientSecret: randomBase64url(32),
    };
    clients.set(providerId, client);
  }
  return client;
}

/** The client whose id is `clientId`, if the playground made it. */
export function clientById(clientId: string): PlaygroundClient | undefined {
  for (const client of clients.values()) if (client.clientId === clientId) return client;
  return undefined;
}

/** A map that drops its oldest entry beyond `max` and forgets entries past their deadline. */
class ExpiringMap<V extends { expiresAt: number }> {
  readonly #entries = new Map<string, V>();
  constructor(readonly max: number) {}
  set(key: string, value: V): void {
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }
  /** The entry, removed at once when `once` (a code is spent by its first use, valid or not). */
  get(key: string, once = false): V | undefined {
    const value = this.#entries.get(key);
    if (once) this.#entries.delete(key);
    if (!value) return undefined;
    if (value.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return value;
  }
}

const codes = new ExpiringMap<IssuedCode>(MAX_ENTRIES);
const accessTokens = new ExpiringMap<{ claims: PlaygroundClaims; expiresAt: number }>(MAX_ENTRIES);

/** Stores `code` and returns the opaque value sent to the client. */
export function issueCode(code: Omit<IssuedCode, "expiresAt">): string {
  const value = randomBase64url(32);
  codes.set(value, { ...code, expiresAt: Date.now() + CODE_LIFETIME_MS });
  return value;
}

/** The code's grant, spent by this call whatever happens next. */
export function redeemCode(value: string): IssuedCode | undefined {
  return codes.get(value, true);
}

/** A new access token for `claims`. */
export function issueAccessToken(claims: PlaygroundClaims): string {
  const value = randomBase64url(32);
  accessTokens.set(value, { claims, expiresAt: Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000 });
  return value;
}

/** The claims an access token was issued for, while it is valid. */
export function accessTokenClaims(value: string): PlaygroundClaims | undefined {
  return accessTokens.get(value)?.claims;
}

export interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

let signingKey: Promise<SigningKey> | undefined;

/** The process's ES256 key (generated on first use; never leaves memory). */
export function playgroundSigningKey(): Promise<SigningKey> {
  signingKey ??= generateKeyPair("ES256").then(async ({ privateKey, publicKey }) => {
    const publicJwk = await exportJWK(publicKey);
    return {
      privateKey,
      publicJwk: { ...publicJwk, kid: randomBase64url(8), alg: "ES256", use: "sig" },
    };
  });
  return signingKey;
}
