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
  /** The secret (and salt) whose derived key authenticated and decrypted the token. */
  secret: string;
  salt: string;
}

/**
 * A bounded cache of decrypted session tokens: exact token → the JSON it decrypted to, and the
 * secret and salt that did it. It saves only the cryptography: every hit becomes a new object
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
    let entry = this.#young.get(token);
    if (!entry) {
      entry = this.#old.get(token);
      if (!entry) return undefined;
      this.#old.delete(token);
      this.#add(token, entry);
    }
    return entry.salt === salt && secrets.includes(entry.secret) ? entry : undefined;
  }

  set(token: string, secret: string, salt: string, text: string, claims: JWTPayload): void {
    if (this.#chars(token, text) * 8 > this.#maxChars) return;
    this.delete(token);
    const flat = Object.values(claims).every(
      (value) => value === null || typeof value !== "object",
    );
    this.#add(token, flat ? { secret, salt, text, flat: { ...claims } } : { secret, salt, text });
  }

  delete(token: string): void {
    const entry = this.#young.get(token);
    if (entry) {
      this.#young.delete(token);
      this.#youngChars -= this.#chars(token, entry.text);
    } else {
      this.#old.delete(token);
    }
  }

  clear(): void {
    this.#young.clear();
    this.#old.clear();
    this.#youngChars = 0;
  }

  #add(token: string, entry: Entry): void {
    this.#young.set(token, entry);
    this.#youngChars += this.#chars(token, entry.text);
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
