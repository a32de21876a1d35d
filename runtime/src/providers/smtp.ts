/**
 * One email over SMTP with nodemailer (an optional peer dependency), for the email provider.
 * The sign-in request waits for the send, so nodemailer's own timeouts (2 minutes to connect,
 * 30 seconds for the greeting, 10 minutes of silence) would let a hung server hold it that long.
 */

/** Default connection, greeting and socket timeout (ms); the user's server options win. */
export const SMTP_TIMEOUT = 10_000;
const timeouts = ["connectionTimeout", "greetingTimeout", "socketTimeout"] as const;

type Server = string | Record<string, unknown>;

interface SentInfo {
  rejected?: unknown[];
  pending?: unknown[];
}

interface Transporter {
  sendMail(message: Record<string, unknown>): Promise<SentInfo>;
  close?(): void;
}

/** A transport the user built and owns (a nodemailer transporter or transport plugin). */
function isTransport(server: Server): boolean {
  return (
    typeof server === "object" &&
    (typeof server.sendMail === "function" || typeof server.send === "function")
  );
}

/** `url` with `key=value` query parameters added, except those it already sets. */
function withQueryDefaults(url: string, defaults: [string, number][]): string {
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const query = base.indexOf("?");
  const present = new URLSearchParams(query === -1 ? "" : base.slice(query + 1));
  const added = defaults.filter(([key]) => !present.has(key)).map(([k, v]) => `${k}=${v}`);
  if (!added.length) return url;
  const separator = query === -1 ? "?" : /[?&]$/.test(base) ? "" : "&";
  return `${base}${separator}${added.join("&")}${hash === -1 ? "" : url.slice(hash)}`;
}

/**
 * The transport options for `server` with {@link SMTP_TIMEOUT} for every timeout the user left
 * unset. A connection URL gets them as query parameters, which every nodemailer version reads
 * (older ones ignore the other keys of an object that has a `url`).
 */
export function smtpTransportOptions(server: Server): Server {
  if (isTransport(server)) return server;
  if (typeof server === "string") {
    return withQueryDefaults(
      server,
      timeouts.map((key) => [key, SMTP_TIMEOUT]),
    );
  }
  const missing = timeouts.filter((key) => server[key] === undefined);
  const defaults = Object.fromEntries(missing.map((key) => [key, SMTP_TIMEOUT]));
  if (typeof server.url !== "string") return { ...server, ...defaults };
  const url = withQueryDefaults(
    server.url,
    missing.map((key) => [key, SMTP_TIMEOUT]),
  );
  return { ...server, url };
}

async function loadNodemailer() {
  try {
    return await import("nodemailer");
  } catch (cause) {
    throw new Error('Sending email needs the "nodemailer" package: npm install nodemailer', {
      cause,
    });
  }
}

/**
 * Sends one message and throws unless every recipient accepted it. A transport created here is
 * closed afterwards, whatever happened (a `pool: true` transport would otherwise keep its
 * connections open for good); one the user passed in is theirs to keep.
 */
export async function sendSmtp(server: Server, message: Record<string, unknown>): Promise<void> {
  const owned = !isTransport(server);
  const transport: Transporter =
    typeof server === "object" && typeof server.sendMail === "function"
      ? (server as unknown as Transporter)
      : ((await loadNodemailer()).createTransport(smtpTransportOptions(server) as never) as never);
  try {
    const result = await transport.sendMail(message);
    const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
    if (failed.length) throw new Error(`Email (${failed.join(", ")}) could not be sent`);
  } finally {
    if (owned) transport.close?.();
  }
}
