/**
 * Rate limiting of credentials and email sign-in: every attempt is counted per client address
 * and per identifier before any work is done, and refused with `RateLimited` past the limit.
 */
import { createHmac } from "node:crypto";
import {
  AdapterError,
  DependencyUnavailable,
  RateLimited,
  RateLimitUnavailable,
} from "../errors.js";
import { memoryRateLimitStore } from "../rate-limit/memory.js";
import type {
  RateLimitContext,
  RateLimitHit,
  RateLimitOptions,
  RateLimitStore,
} from "../rate-limit/types.js";
import type { AuthContext } from "./context.js";
import { toWebRequest } from "./request.js";

/** The `rateLimit` option with its defaults applied (`window` in milliseconds). */
export interface ResolvedRateLimit {
  windowMs: number;
  max: number;
  maxPerAddress: number;
  store: RateLimitStore;
  clientAddress?: RateLimitOptions["clientAddress"];
  normalizeIdentifier: (value: string, field: string) => string;
  /** Refuse (true) or allow uncounted (false) a sign-in when the store fails. */
  failClosed: boolean;
  /** When the failed-open warning may be logged again (once per window). */
  warnAfter: number;
}

/** Who an attempt is for: a value and the form field it came from (`email` for magic links). */
export interface Identifier {
  field: string;
  value: string;
}

const DEFAULT_WINDOW = 300;
const DEFAULT_MAX = 10;

/** One store for every configuration of the process that does not name its own. */
let processStore: RateLimitStore | undefined;
const defaultStore = () => {
  processStore ??= memoryRateLimitStore();
  return processStore;
};

/**
 * The resolved option (its types were checked by `assertOptions`). On unless `rateLimit: false`:
 * the defaults (10 attempts per identifier and 100 per address every 5 minutes) leave people
 * alone and stop password guessing and mail floods.
 */
export function resolveRateLimit(
  option: false | RateLimitOptions | undefined,
): ResolvedRateLimit | false {
  if (option === false) return false;
  const { window = DEFAULT_WINDOW, max = DEFAULT_MAX, store, clientAddress } = option ?? {};
  return {
    windowMs: window * 1000,
    max,
    maxPerAddress: option?.maxPerAddress ?? max * 10,
    store: store ?? defaultStore(),
    clientAddress,
    normalizeIdentifier: option?.normalizeIdentifier ?? normalizeIdentifier,
    failClosed: option?.failClosed ?? true,
    warnAfter: 0,
  };
}

/**
 * A store key: an HMAC of the value under the oldest configured secret, so neither addresses nor
 * identifiers (personal data) are stored or readable from the store, and apps with other
 * secrets sharing a store never share counts. The oldest, not the issuing one: instances keep
 * sharing counts while a new secret is promoted, and counts reset only once when the old one is
 * dropped (docs/secret.md). An identifier's value is keyed with its field
 * name: the same text in another field is another identifier, so filling a field `authorize`
 * ignores with a victim's name neither spends nor resets the victim's count.
 */
function storeKey(ctx: AuthContext, providerId: string, kind: "a" | "i", value: string): string {
  const mac = createHmac("sha256", ctx.config.rateLimitSecret ?? ctx.config.secret[0]!)
    .update(`rate-limit\0${providerId}\0${kind}\0${value}`, "utf8")
    .digest("base64url");
  return `${kind}:${mac}`;
}

/**
 * An address as counted: an IPv4-mapped IPv6 address (`::ffff:192.0.2.1` or `::ffff:c000:201`)
 * as its IPv4 address, other IPv6 addresses by their /64 prefix (one host is usually given a
 * whole /64, so counting full addresses would let it rotate), anything else as it is.
 */
export function addressKey(address: string): string {
  const value = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!value.includes(":")) return value;
  const groups = ipv6Groups(value);
  if (!groups) return value;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

const hexGroup = /^[0-9a-f]{1,4}$/;
const dottedQuad = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (RFC 4291 §2.2 text forms), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  // An embedded IPv4 address can only end the address.
  const parse = (half: string, last: boolean): number[] | undefined => {
    if (half === "") return [];
    const parts = half.split(":");
    const groups: number[] = [];
    for (const [index, part] of parts.entries()) {
      const quad = last && index === parts.length - 1 ? dottedQuad.exec(part) : null;
      if (quad) {
        const bytes = quad.slice(1).map(Number);
        if (bytes.some((byte) => byte > 255)) return undefined;
        groups.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else if (hexGroup.test(part)) groups.push(Number.parseInt(part, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parse(halves[1]!, true) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  // "::" stands for at least one group of zeros.
  if (missing < 1) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** The default identifier comparison: `Alice@Example.com ` and `alice@example.com` are one. */
export function normalizeIdentifier(value: string): string {
  return value.normalize("NFKC").trim().toLowerCase();
}

function clientAddress(ctx: AuthContext, limit: ResolvedRateLimit): string | undefined {
  const detected = ctx.request.clientAddress;
  const address = limit.clientAddress
    ? limit.clientAddress(toWebRequest(ctx.request, {}), detected)
    : detected;
  return typeof address === "string" && address.trim() !== "" ? addressKey(address) : undefined;
}

const identifierKey = (ctx: AuthContext, providerId: string, identifier: Identifier) =>
  storeKey(ctx, providerId, "i", `${identifier.field}\0${identifier.value}`);

/** The identifier as counted: its value normalized the app's way (`normalizeIdentifier`). */
export function countedIdentifier(
  limit: ResolvedRateLimit,
  field: string,
  value: string,
): Identifier | undefined {
  const normalized = limit.normalizeIdentifier(value, field);
  return typeof normalized === "string" && normalized.trim() !== ""
    ? { field, value: normalized }
    : undefined;
}

/**
 * A store that failed, timed out or answered nonsense: with `failClosed` (the default) the
 * sign-in is refused with `RateLimitUnavailable` (503, `Retry-After` from the store's error when
 * it has one), since failing open would turn an outage into unlimited password guessing.
 */
function storeFailed(cause?: unknown): RateLimitUnavailable {
  const retryAfter = cause instanceof DependencyUnavailable ? cause.retryAfter : undefined;
  return cause === undefined
    ? new RateLimitUnavailable(
        "The rate-limit store answered without a count, so the sign-in was refused",
      )
    : new RateLimitUnavailable("The rate-limit store failed, so the sign-in was refused", {
        cause,
        retryAfter,
      });
}

/** The hits for `keys`, or undefined when the store failed and `failClosed` is false. */
async function count(
  ctx: AuthContext,
  limit: ResolvedRateLimit,
  keys: string[],
  context?: RateLimitContext,
): Promise<RateLimitHit[] | undefined> {
  let failure: RateLimitUnavailable | undefined;
  let hits: RateLimitHit[] = [];
  try {
    hits = await Promise.all(
      keys.map((key) => limit.store.increment(key, limit.windowMs, context)),
    );
    if (hits.some((hit) => !Number.isFinite(hit?.count) || !Number.isFinite(hit?.resetIn)))
      failure = storeFailed();
  } catch (cause) {
    failure = storeFailed(cause);
  }
  if (!failure) return hits;
  if (limit.failClosed) throw failure;
  const time = Date.now();
  if (time >= limit.warnAfter) {
    limit.warnAfter = time + limit.windowMs;
    ctx.config.logger.warn("rate-limit-store-failed-open");
  }
  return undefined;
}

function refused(providerId: string, what: string, resetIn: number): RateLimited {
  return new RateLimited(`Too many sign-in attempts with "${providerId}" for this ${what}`, {
    retryAfter: Math.max(1, Math.ceil(resetIn / 1000)),
  });
}

/**
 * Counts one sign-in attempt with `providerId` for the client address and for each identifier
 * (none when there is none), and throws `RateLimited` when any is past its limit. Counting
 * comes first and the decision after, so concurrent attempts cannot all pass a check made
 * before any of them was counted.
 *
 * The address is counted first: an attempt refused for its address counts nothing else, so a
 * client over its limit cannot fill the store with identifiers. An attempt refused for one of
 * its identifiers takes back the windows it just opened for the others.
 *
 * A store that fails, times out or answers nonsense refuses the sign-in with
 * `RateLimitUnavailable` (503), unless `failClosed` is false: then the attempt goes through
 * uncounted and a warning is logged, at most once per window.
 */
export async function limitSignIn(
  ctx: AuthContext,
  providerId: string,
  identifiers: readonly Identifier[],
): Promise<void> {
  const limit = ctx.config.rateLimit;
  if (!limit) return;
  const address = clientAddress(ctx, limit);
  let owner: string | undefined;
  if (address) {
    owner = storeKey(ctx, providerId, "a", address);
    const counted = await count(ctx, limit, [owner]);
    if (!counted) return;
    const hit = counted[0]!;
    if (hit.count > limit.maxPerAddress) throw refused(providerId, "client address", hit.resetIn);
  }
  const keys = identifiers.map((identifier) => identifierKey(ctx, providerId, identifier));
  const hits = await count(ctx, limit, keys, owner === undefined ? undefined : { owner });
  if (!hits) return;
  const over = hits.filter((hit) => hit.count > limit.max);
  if (over.length === 0) return;
  // Best effort: a window left open only costs memory until it ends.
  await Promise.all(
    keys
      .filter((_, i) => hits[i]!.count === 1)
      .map((key) => limit.store.reset(key).catch(() => {})),
  );
  throw refused(providerId, "identifier", Math.max(...over.map((hit) => hit.resetIn)));
}

/**
 * Forgets the counts of `identifiers` after a successful sign-in (the ones it authenticated:
 * see the credentials and email flows), so the owner is not locked out by their own earlier
 * attempts. The address's count stays: resetting it would let anyone with one valid account
 * spray guesses at others in between their own sign-ins.
 */
export async function forgetIdentifiers(
  ctx: AuthContext,
  providerId: string,
  identifiers: readonly Identifier[],
): Promise<void> {
  const limit = ctx.config.rateLimit;
  if (!limit || identifiers.length === 0) return;
  try {
    await Promise.all(
      identifiers.map((identifier) =>
        limit.store.reset(identifierKey(ctx, providerId, identifier)),
      ),
    );
  } catch (cause) {
    // The sign-in has succeeded: a stale count only shortens this identifier's allowance.
    ctx.config.logger.error(
      new AdapterError("The rate-limit store could not reset a count", { cause }),
    );
  }
}
