/**
 * Callbacks and events that write down every call (name and arguments) and otherwise behave
 * like Auth.js's defaults, so a flow's sequence of calls can be compared between the libraries.
 */

/** One call: `callback:jwt`, `event:signIn`… and its arguments with random values masked. */
export interface RecordedCall {
  name: string;
  args: unknown;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** Claims and fields whose values are times or random per run. */
const timeKeys = new Set(["iat", "exp", "expires_at", "expires"]);
const randomKeys = new Set(["jti", "sessionToken", "token"]);

/**
 * Arguments as comparable JSON: dates and times by kind (`<Date>`, `<ISO time>`, `<seconds>`),
 * UUIDs, tokens and the server's own address masked, functions by kind. A key whose value is
 * `undefined` is left out, as JSON and spreading treat it (see {@link normaliseArgs}).
 */
export function normalise(value: unknown, host: string, key = ""): unknown {
  if (value === undefined) return "<undefined>";
  if (value === null) return null;
  if (value instanceof Date) return "<Date>";
  if (typeof value === "function") return "<function>";
  if (value instanceof Request) return `<Request ${value.method}>`;
  if (value instanceof URL) return `<URL ${normalise(value.href, host)}>`;
  if (typeof value === "number") return timeKeys.has(key) ? "<seconds>" : value;
  if (typeof value === "string") {
    if (randomKeys.has(key) && value !== "") return "<random>";
    if (uuid.test(value)) return "<uuid>";
    if (isoTime.test(value)) return "<ISO time>";
    return value.split(host).join("{host}");
  }
  if (Array.isArray(value)) return value.map((item) => normalise(item, host));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[k];
      if (item !== undefined) out[k] = normalise(item, host, k);
    }
    return out;
  }
  return String(value);
}

/**
 * A callback's or event's argument object: as {@link normalise}, except that a parameter present
 * but `undefined` reads `<undefined>` (`"session" in params` tells it from an absent one).
 */
export function normaliseArgs(args: unknown, host: string): unknown {
  if (typeof args !== "object" || args === null) return normalise(args, host);
  const out: Record<string, unknown> = {};
  for (const [k, item] of Object.entries(args).sort(([a], [b]) => a.localeCompare(b)))
    out[k] = normalise(item, host, k);
  return out;
}

/** Auth.js's default `redirect` callback (reference §3.5). */
function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }) {
  if (url.startsWith("/")) return `${baseUrl}${url}`;
  if (new URL(url).origin === baseUrl) return url;
  return baseUrl;
}

/** Auth.js's default `session` callback (reference §3.5). */
function defaultSession({
  session,
}: {
  session: { user?: Record<string, unknown>; expires: unknown };
}) {
  const user = session.user ?? {};
  return {
    user: { name: user.name, email: user.email, image: user.image },
    expires: session.expires instanceof Date ? session.expires.toISOString() : session.expires,
  };
}

const events = ["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session"];

/**
 * `callbacks` and `events` for one library's configuration, recording into `calls`. Arguments
 * are normalised when recorded (before the library goes on and changes the objects).
 */
export function recorder() {
  const calls: RecordedCall[] = [];
  let host = "";
  const record = (name: string, args: unknown) => {
    calls.push({ name, args: normaliseArgs(args, host) });
  };
  /** `behave`, after recording its call under `name`. */
  const recorded =
    <A, R>(name: string, behave: (args: A) => R) =>
    (args: A): R => {
      record(name, args);
      return behave(args);
    };
  return {
    calls,
    /** The server's `host:port`, masked in what is recorded. */
    setHost(value: string) {
      host = value;
    },
    callbacks: {
      signIn: recorded("callback:signIn", () => true),
      redirect: recorded("callback:redirect", defaultRedirect),
      jwt: recorded("callback:jwt", (args: { token: unknown }) => args.token),
      session: recorded("callback:session", defaultSession),
    },
    events: Object.fromEntries(
      events.map((name) => [name, recorded(`event:${name}`, () => undefined)]),
    ),
  };
}

/**
 * A recorded sequence as fields to compare one by one: `order` (the names), then each call's
 * arguments under `<name> #<n>` (the n-th call of that name), so a difference in one call's
 * arguments does not hide behind a difference in order.
 */
export function callFields(calls: RecordedCall[]): Record<string, unknown> {
  const fields: Record<string, unknown> = { order: calls.map((call) => call.name) };
  const seen = new Map<string, number>();
  for (const call of calls) {
    const n = (seen.get(call.name) ?? 0) + 1;
    seen.set(call.name, n);
    fields[`${call.name} #${n}`] = call.args;
  }
  return fields;
}
