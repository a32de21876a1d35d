/**
 * Password hashing with scrypt from `node:crypto`. A stored hash carries its own parameters
 * (`scrypt$N$r$p$salt$hash`, salt and hash base64url), so they can be raised later: a hash made
 * with lower ones is rehashed at the next successful sign-in, and never the other way round.
 *
 * @module password/hash
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";

/** scrypt's cost parameters: CPU/memory cost `N` (a power of two), block size `r`, parallelism `p`. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet (scrypt): N = 2^17, r = 8, p = 1 (128 MiB per hash). The
 * other rows of its table trade memory for parallelism; {@link meetsOwasp} accepts them too.
 */
export const OWASP_SCRYPT: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });

/** The OWASP rows: for each `N`, the least `p` that is as costly (with r = 8). */
const owaspRows = new Map<number, number>([
  [2 ** 17, 1],
  [2 ** 16, 2],
  [2 ** 15, 3],
  [2 ** 14, 5],
  [2 ** 13, 10],
]);

/** Whether parameters are at least one row of OWASP's scrypt table (a larger `N` always is). */
export function meetsOwasp({ N, r, p }: ScryptParams): boolean {
  if (r < 8) return false;
  if (N >= 2 ** 17) return p >= 1;
  const least = owaspRows.get(N);
  return least !== undefined && p >= least;
}

/**
 * Bounds on what a stored hash may ask for, whatever the configuration: a planted hash with
 * `N = 2^30` must not make one sign-in allocate gigabytes, and one with `N = 2` is no hash.
 */
const LIMITS = { N: [2 ** 10, 2 ** 20], r: [1, 32], p: [1, 16] } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** Whether `params` are within the bounds any stored or configured hash must respect. */
export function withinLimits(params: ScryptParams): boolean {
  return (
    Number.isInteger(params.N) &&
    (params.N & (params.N - 1)) === 0 &&
    (Object.keys(LIMITS) as (keyof ScryptParams)[]).every(
      (key) =>
        Number.isInteger(params[key]) &&
        params[key] >= LIMITS[key][0] &&
        params[key] <= LIMITS[key][1],
    )
  );
}

export interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const base64url = /^[A-Za-z0-9_-]+$/;

/** A stored hash taken apart, or undefined when it is not one (or is out of bounds). */
export function parseHash(stored: unknown): StoredHash | undefined {
  if (typeof stored !== "string") return undefined;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((part) => /^[1-9]\d{0,9}$/.test(part))) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!withinLimits(params) || !base64url.test(salt) || !base64url.test(key)) return undefined;
  const parsed = {
    params,
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
  return parsed.salt.length >= SALT_BYTES && parsed.key.length === KEY_BYTES ? parsed : undefined;
}

/** Unicode-normalised (NFKC), so the same password typed on two keyboards is the same. */
function normalized(password: string): Buffer {
  return Buffer.from(password.normalize("NFKC"), "utf8");
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Node's default `maxmem` (32 MiB) is below what OWASP's parameters need (128 * N * r).
    const maxmem = 128 * N * r * p + 32 * 1024 * 1024;
    scryptCallback(normalized(password), salt, KEY_BYTES, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes `password` with a fresh 16-byte salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/**
 * Whether `password` matches `stored`. A hash that cannot be parsed, or whose parameters
 * `accept` refuses (below the floor), never matches, so a weakened hash written into the
 * database does not open the account; it still costs one hash with `cost`, like any attempt.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  accept: (params: ScryptParams) => boolean,
  cost: ScryptParams,
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || !accept(parsed.params)) {
    await derive(password, randomBytes(SALT_BYTES), cost);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** Whether any parameter of `params` is lower than the same one of `target`. */
export function isBelow(params: ScryptParams, target: ScryptParams): boolean {
  return params.N < target.N || params.r < target.r || params.p < target.p;
}

/**
 * The parameters to rehash `stored` with after a successful sign-in, or undefined when it needs
 * none: each parameter raised to the configured one, none ever lowered (a hash made stronger
 * than the configuration stays as strong).
 */
export function rehashParams(stored: string, target: ScryptParams): ScryptParams | undefined {
  const parsed = parseHash(stored);
  if (!parsed || !isBelow(parsed.params, target)) return undefined;
  return {
    N: Math.max(parsed.params.N, target.N),
    r: Math.max(parsed.params.r, target.r),
    p: Math.max(parsed.params.p, target.p),
  };
}
