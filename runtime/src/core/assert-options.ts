/**
 * Every configuration option checked by type and range before anything reads it, so a value of
 * the wrong type fails closed with an error naming the option, instead of misbehaving quietly:
 * `absoluteMaxAge: "60"` (a raw environment string) would otherwise turn a deadline into the
 * string `"170000000060"` and switch the absolute lifetime off.
 */
import { InvalidConfig } from "../errors.js";
import { skipCSRFCheck } from "../symbols.js";

type Check = (value: unknown, name: string) => string | undefined;

/** What a cookie's `Path` and `Domain` may hold (shared with `serializeCookie`). */
export const cookiePath = /^[^\p{Cc};]*$/u;
export const cookieDomain =
  /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function received(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}

/** The hint for a number that arrived as a string, the usual mistake with environment values. */
function numberHint(value: unknown): string {
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
    ? " (environment values are strings: convert with Number())"
    : "";
}

const seconds =
  (minimum: number): Check =>
  (value, name) =>
    typeof value === "number" && Number.isFinite(value) && value >= minimum
      ? undefined
      : `${name} must be a number of seconds${minimum > 0 ? " above 0" : ""}, received ${received(value)}${numberHint(value)}`;
const positive: Check = (value, name) =>
  typeof value === "number" && Number.isFinite(value) && value > 0
    ? undefined
    : `${name} must be a positive number, received ${received(value)}${numberHint(value)}`;
const integer: Check = (value, name) =>
  typeof value === "number" && Number.isInteger(value) && value > 0
    ? undefined
    : `${name} must be a positive integer, received ${received(value)}${numberHint(value)}`;
const boolean: Check = (value, name) =>
  typeof value === "boolean"
    ? undefined
    : `${name} must be true or false, received ${received(value)}`;
const fn: Check = (value, name) =>
  typeof value === "function"
    ? undefined
    : `${name} must be a function, received ${received(value)}`;
const text: Check = (value, name) =>
  typeof value === "string" && value !== ""
    ? undefined
    : `${name} must be a non-empty string, received ${received(value)}`;
const oneOf =
  (...allowed: unknown[]): Check =>
  (value, name) =>
    allowed.includes(value)
      ? undefined
      : `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}, received ${received(value)}`;
const object: Check = (value, name) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? undefined
    : `${name} must be an object, received ${received(value)}`;
const httpUrl: Check = (value, name) => {
  if (typeof value === "string" && URL.canParse(value)) {
    const { protocol } = new URL(value);
    if (protocol === "http:" || protocol === "https:") return undefined;
  }
  return `${name} must be an absolute http(s) URL, received ${received(value)}`;
};
// An empty secret is no secret (the environment's is used, as in Auth.js): MissingSecret's case.
const secret: Check = (value, name) =>
  typeof value === "string" || (Array.isArray(value) && value.every((s) => typeof s === "string"))
    ? undefined
    : `${name} must be a string or an array of strings, received ${received(value)}`;
const cookieName: Check = (value, name) =>
  typeof value === "string" && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value)
    ? undefined
    : `${name} must be a cookie name (letters, digits and !#$%&'*+-.^_\`|~), received ${received(value)}`;
/** RFC 6265 §4.1.1 `path-value`: no control character and no `;` (which would end it). */
const path: Check = (value, name) =>
  typeof value === "string" && value.startsWith("/") && cookiePath.test(value)
    ? undefined
    : `${name} must be a path starting with "/", without ";" or control characters, received ${received(value)}`;
/** A host name (RFC 6265 §4.1.2.3), optionally with the legacy leading dot. */
const domain: Check = (value, name) =>
  typeof value === "string" && cookieDomain.test(value)
    ? undefined
    : `${name} must be a host name such as "example.com", received ${received(value)}`;

/** Checks for an object option's members: each one present is checked, the others are free. */
type Shape = Record<string, Check>;

function members(shape: Shape): Check {
  return (value, name) => {
    const notObject = object(value, name);
    if (notObject) return notObject;
    for (const [key, check] of Object.entries(shape)) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      const problem = check(member, `${name}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** An object of named entries that all take one check (`callbacks`, `events`). */
function entries(known: string[], check: Check): Check {
  return members(Object.fromEntries(known.map((key) => [key, check])));
}

const cookieOptions = members({
  domain,
  path,
  maxAge: (value, name) => seconds(0)(value, name),
  httpOnly: boolean,
  secure: boolean,
  partitioned: boolean,
  sameSite: oneOf(true, false, "lax", "strict", "none"),
  priority: oneOf("low", "medium", "high"),
});
const cookie = members({ name: cookieName, options: cookieOptions });
const cookieKeys = [
  "sessionToken",
  "callbackUrl",
  "csrfToken",
  "pkceCodeVerifier",
  "state",
  "nonce",
  "webauthnChallenge",
];
const cookies: Check = (value, name) => {
  const problem = entries(cookieKeys, cookie)(value, name);
  if (problem) return problem;
  const unknown = Object.keys(value as object).find((key) => !cookieKeys.includes(key));
  return unknown
    ? `${name}.${unknown} is not a cookie the runtime sets (one of ${cookieKeys.join(", ")})`
    : undefined;
};

const options: Shape = {
  providers: (value, name) =>
    Array.isArray(value) ? undefined : `${name} must be an array, received ${received(value)}`,
  secret,
  acceptSecrets: secret,
  session: members({
    strategy: oneOf("jwt", "database"),
    maxAge: seconds(1),
    updateAge: seconds(0),
    absoluteMaxAge: seconds(1),
    generateSessionToken: fn,
  }),
  jwt: members({ maxAge: seconds(1), encode: fn, decode: fn }),
  pages: entries(["signIn", "signOut", "error", "verifyRequest", "newUser"], text),
  callbacks: entries(["signIn", "redirect", "session", "jwt"], fn),
  events: entries(["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session"], fn),
  adapter: object,
  debug: boolean,
  logger: entries(["error", "warn", "debug"], fn),
  theme: members({
    colorScheme: oneOf("auto", "dark", "light"),
    logo: text,
    brandColor: text,
    buttonText: text,
  }),
  useSecureCookies: boolean,
  cookies,
  trustHost: boolean,
  skipCSRFCheck: (value, name) =>
    value === skipCSRFCheck
      ? undefined
      : `${name} must be the skipCSRFCheck symbol exported by the runtime, received ${received(value)}`,
  basePath: (value, name) =>
    typeof value === "string" ? undefined : `${name} must be a string, received ${received(value)}`,
  redirectProxyUrl: httpUrl,
  playground: boolean,
  httpTimeout: positive,
  experimental: members({ enableWebAuthn: boolean }),
  rateLimit: (value, name) =>
    value === false
      ? undefined
      : members({
          window: positive,
          max: positive,
          maxPerAddress: positive,
          store: members({ increment: fn, reset: fn }),
          clientAddress: fn,
          normalizeIdentifier: fn,
          failClosed: boolean,
        })(value, name),
  housekeeping: (value, name) =>
    value === false
      ? undefined
      : members({ intervalMs: positive, batchSize: integer, maxBatches: integer })(value, name),
};

/**
 * The first option of `config` whose type or range is wrong, as an `InvalidConfig` naming it;
 * undefined when every option present is acceptable. Only the options' own shape is checked
 * here; what they mean together (a strategy without an adapter, say) is `assertConfig`'s.
 */
export function assertOptions(config: unknown): InvalidConfig | undefined {
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    return new InvalidConfig(
      `The auth configuration must be an object (with at least \`providers\`), received ${received(config)}`,
    );
  }
  for (const [key, check] of Object.entries(options)) {
    const value = (config as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const problem = check(value, key);
    if (problem) return new InvalidConfig(problem);
  }
  return undefined;
}

/**
 * Throws `InvalidConfig` at once when `config` is not an object: what a framework adapter's
 * factory (`ExpressAuth(config)`, …) does, so a missing import or a typo fails when the app
 * starts, with a message, not on the first request.
 */
export function assertConfigObject(config: unknown, where: string): void {
  if (typeof config === "object" && config !== null && !Array.isArray(config)) return;
  throw new InvalidConfig(
    `${where}(config): the auth configuration must be an object, received ${received(config)}`,
  );
}
