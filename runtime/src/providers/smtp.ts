/**
 * One email over SMTP with nodemailer (an optional peer dependency), for the email provider.
 * The sign-in request waits for the send, so nodemailer's own timeouts (2 minutes to connect,
 * 30 seconds for the greeting, 10 minutes of silence) would let a hung server hold it that long.
 */

import { connect, type Socket } from "node:net";
import { assertTimeout, withDeadline } from "../core/deadline.js";
import { DependencyTimeout } from "../errors.js";

/** Default connection, greeting and socket timeout (ms); the user's server options win. */
export const SMTP_TIMEOUT = 10_000;
/** Default bound on a whole send (ms): the email provider's `sendTimeout`. */
export const SEND_TIMEOUT = 10_000;
const timeouts = ["connectionTimeout", "greetingTimeout", "socketTimeout"] as const;

type Server = string | Record<string, unknown>;

interface SentInfo {
  rejected?: unknown[];
  pending?: unknown[];
}

interface Transporter {
  sendMail(message: Record<string, unknown>): Promise<SentInfo>;
  close?(): void;
  /** nodemailer's transport under the `Mailer` (SMTP, pool). */
  transporter?: SocketSource;
}

type SocketOptions = { connection?: Socket } | false | undefined;
type SocketCallback = (error: Error | null, socketOptions?: SocketOptions) => void;
interface SocketSource {
  getSocket?(options: Record<string, unknown>, callback: SocketCallback): void;
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
 * Opens the SMTP connections of `transport` here (nodemailer's `getSocket` hook, which it uses
 * for proxies), so they can be destroyed when a send outlives its deadline: nodemailer has no
 * way to abort a send. A connection a proxy hook opened is kept and tracked the same way.
 */
function trackConnections(transport: Transporter): Set<Socket> {
  const sockets = new Set<Socket>();
  const inner = transport.transporter;
  if (!inner || typeof inner.getSocket !== "function") return sockets;
  const original = inner.getSocket.bind(inner);
  inner.getSocket = (options, callback) =>
    original(options, (error, socketOptions) => {
      const proxied = socketOptions ? socketOptions.connection : undefined;
      if (proxied) sockets.add(proxied);
      if (error || proxied) return callback(error, socketOptions);
      const port = Number(options.port) || (options.secure ? 465 : 587);
      const socket = connect({ host: String(options.host ?? "localhost"), port });
      sockets.add(socket);
      const failed = (cause: Error) => callback(cause);
      socket.once("error", failed);
      socket.once("connect", () => {
        socket.off("error", failed);
        callback(null, { connection: socket });
      });
    });
  return sockets;
}

/**
 * Sends one message and throws unless every recipient accepted it, within `sendTimeout` ms
 * (default {@link SEND_TIMEOUT}): past it the send's connections are destroyed and it fails.
 * A transport created here is closed afterwards, whatever happened (a `pool: true` transport
 * would otherwise keep its connections open for good); one the user passed in is theirs to
 * keep, and only the wait for it is bounded.
 */
export async function sendSmtp(
  server: Server,
  message: Record<string, unknown>,
  sendTimeout = SEND_TIMEOUT,
): Promise<void> {
  assertTimeout("sendTimeout", sendTimeout);
  const owned = !isTransport(server);
  const transport: Transporter =
    typeof server === "object" && typeof server.sendMail === "function"
      ? (server as unknown as Transporter)
      : ((await loadNodemailer()).createTransport(smtpTransportOptions(server) as never) as never);
  const sockets = owned ? trackConnections(transport) : new Set<Socket>();
  try {
    const result = await withDeadline(transport.sendMail(message), sendTimeout, () => {
      for (const socket of sockets) socket.destroy();
      return new DependencyTimeout(
        `The SMTP server did not take the email within ${sendTimeout} ms`,
        {
          dependency: "smtp",
        },
      );
    });
    const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
    if (failed.length) throw new Error(`Email (${failed.join(", ")}) could not be sent`);
  } finally {
    if (owned) transport.close?.();
  }
}
