import { type AddressInfo, createServer, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** The text/plain part, quoted-printable decoded. */
  text: string;
  /** The text/html part, quoted-printable decoded ("" when there is none). */
  html: string;
  subject: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function textPart(raw: string, type = "plain"): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const pattern = new RegExp(`content-type:\\s*text/${type}`, "i");
  const text = parts.find((part) => pattern.test(part)) ?? (type === "plain" ? raw : undefined);
  if (text === undefined) return "";
  const [headers = "", ...body] = text.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  return /content-transfer-encoding:\s*quoted-printable/i.test(headers)
    ? decodeQuotedPrintable(content)
    : content;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpServer() {
  const messages: CapturedMail[] = [];
  // Mails no `nextMessage()` has taken yet, and callers waiting for one.
  const unread: CapturedMail[] = [];
  const waiters: ((mail: CapturedMail) => void)[] = [];
  let openSessions = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      openSessions++;
      callback();
    },
    onClose() {
      openSessions--;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: textPart(raw),
          html: textPart(raw, "html"),
          subject: /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "",
        };
        messages.push(mail);
        const waiter = waiters.shift();
        if (waiter) waiter(mail);
        else unread.push(mail);
        callback();
      });
    },
  });
  // A client connection reset mid-session (fault tests reset them on purpose) is reported as an
  // error event; without a listener it would be thrown.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The oldest message received and not yet taken, else the next one to arrive. */
    nextMessage(): Promise<CapturedMail> {
      const mail = unread.shift();
      return mail ? Promise.resolve(mail) : new Promise((resolve) => waiters.push(resolve));
    },
    /** SMTP connections currently open (a client that never closes its transport keeps one). */
    openSessions: () => openSessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP server that accepts connections and never answers: a hung SMTP server, or with a
 * `greeting` (one line, sent on connect) one that greets and then goes silent.
 */
export async function startSilentServer(greeting?: string) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    // Read (and ignore) every command, so the client's close is seen.
    socket.resume();
    if (greeting !== undefined) socket.write(`${greeting}\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Connections the client has not closed yet. */
    openConnections: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `condition` (every 20 ms) until it holds or `ms` have passed; returns its last value. */
export async function eventually(condition: () => boolean, ms = 2000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return condition();
}

/** The sign-in link in a captured mail. */
export function linkIn(mail: CapturedMail): URL {
  const match = /https?:\/\/\S+\/callback\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in:\n${mail.text}`);
  return new URL(match[0]);
}
