import type { JWTPayload } from "jose";

/** What a token decrypted to. */
export interface DecryptedToken {
  /** The decrypted claims set, as JSON text. */
  text: string;
  /**
   * The parsed claims when every value is a primitive (a typical session): a shallow copy of it
   * is then exactly what parsing `text` again would give, without parsing. Never handed out.
   */
  flat?: JWTPayload;
}

interface Entry extends DecryptedToken {
  /** The whole token: a hit must be this exact token, not only its tag. */
  token: string;
  /** The secret (and salt) whose derived key authenticated and decrypted the token. */
  secret: string;
  salt: string;
}

const DOT = 46;

/**
 * The map key of a token: its last segment, the JWE authentication tag (an HMAC or GCM tag over
 * the header, IV and ciphertext), which is as distinct per token as the token itself but a few
 * dozen characters long. Every request brings its cookie as a new string, and hashing the whole
 * token (a kilobyte) for the lookup cost more than the rest of a cached read; comparing a hit
 * with the stored token is a plain memory comparison. A hit must be the exact token, so the key
 * only spreads tokens over the map: a malformed token whose guessed "tag" holds a dot is merely
 * filed under another key.
 */
function keyOf(token: string): string {
  // The tags of the two accepted encryptions, A256CBC-HS512 (32 bytes) and A256GCM (16), are
  // 43 and 22 characters: found without a backwards search, which V8 runs outside compiled code.
  const length = token.length;
  if (token.charCodeAt(length - 44) === DOT) return token.slice(length - 43);
  if (token.charCodeAt(length - 23) === DOT) return token.slice(length - 22);
  const dot = token.lastIndexOf(".");
  return dot === -1 ? token : token.slice(dot + 1);
}

/**
 * A bounded cache of decrypted session tokens: exact token (found by its tag, see {@link keyOf})
 * → the JSON it decrypted to, and the secret and salt that did it. It saves only the cryptography: every hit becomes a new object
 * (callbacks may mutate it), and the caller still checks `exp`/`nbf`/`iat` and runs every
 * callback.
 *
 * A hit needs the caller's secrets to include the secret that decrypted the token, under the
 * same salt: a configuration with other secrets, or one whose rotation dropped that secret,
 * never sees the entry, and must decrypt (and fail) itself. For a caller that holds the secret,
 * the key is the one its own lookup would pick, since the token's `kid` names it.
 *
 * Two generations approximate least-recently-used order without reordering on every hit: new
 * and recently used tokens live in the young map; when it is full it becomes the old one, and
 * the previous old one (everything not used since) is dropped.
 */
export class PlaintextCache {
  #young = new Map<string, Entry>();
  #old = new Map<string, Entry>();
  #youngChars = 0;
  readonly #maxEntries: number;
  readonly #maxChars: number;

  /**
   * @param maxEntries most tokens kept.
   * @param maxChars most characters (tokens plus JSON) kept, so large tokens cannot hold much
   *   memory; a token whose entry exceeds a quarter of a generation is never cached.
   */
  constructor(maxEntries: number, maxChars: number) {
    this.#maxEntries = maxEntries;
    this.#maxChars = maxChars;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  /** What `token` decrypted to, when one of `secrets` decrypted it under `salt`. */
  get(token: string, secrets: readonly string[], salt: string): DecryptedToken | undefined {
    const key = keyOf(token);
    let entry = this.#young.get(key);
    if (!entry) {
      entry = this.#old.get(key);
      if (!entry || entry.token !== token) return undefined;
      this.#old.delete(key);
      this.#add(key, entry);
    }
    return entry.token === token && entry.salt === salt && secrets.includes(entry.secret)
      ? entry
      : undefined;
  }

  set(token: string, secret: string, salt: string, text: string, claims: JWTPayload): void {
    if (this.#chars(token, text) * 8 > this.#maxChars) return;
    const key = keyOf(token);
    this.#remove(key);
    const flat = Object.values(claims).every(
      (value) => value === null || typeof value !== "object",
    );
    const entry: Entry = { token, secret, salt, text };
    if (flat) entry.flat = { ...claims };
    this.#add(key, entry);
  }

  delete(token: string): void {
    const key = keyOf(token);
    const entry = this.#young.get(key) ?? this.#old.get(key);
    if (entry?.token === token) this.#remove(key);
  }

  #remove(key: string): void {
    const entry = this.#young.get(key);
    if (entry) {
      this.#young.delete(key);
      this.#youngChars -= this.#chars(entry.token, entry.text);
    } else {
      this.#old.delete(key);
    }
  }

  clear(): void {
    this.#young.clear();
    this.#old.clear();
    this.#youngChars = 0;
  }

  #add(key: string, entry: Entry): void {
    this.#young.set(key, entry);
    this.#youngChars += this.#chars(entry.token, entry.text);
    if (this.#young.size * 2 > this.#maxEntries || this.#youngChars * 2 > this.#maxChars) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngChars = 0;
    }
  }

  #chars(token: string, text: string): number {
    return token.length + text.length;
  }
}
