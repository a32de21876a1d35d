/**
 * A local stand-in for an email sender's HTTP API (Resend, SendGrid, …: truly external
 * services): a real HTTP server on 127.0.0.1 that keeps every request it gets and answers as
 * told, or never (a stalled API). `fetchFor()` is the `customFetch` to give a provider: it sends
 * the provider's requests for the real API URL here and remembers which URL was asked for.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ApiRequest {
  /** The URL the provider asked for (the real API's). */
  url: string;
  method: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The connection it came on (closed once the client gave up on a stalled answer). */
  socket: Socket;
}

export type ApiAnswer = { status: number; body?: unknown } | "stall";

export async function startFakeMailApi() {
  const requests: ApiRequest[] = [];
  /** The real URL of each request in flight, by the path it arrived on. */
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  let answer: ApiAnswer = { status: 200, body: { id: "msg_1" } };
  let echo = false;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({
        url: asked.shift() ?? "",
        method: req.method ?? "",
        headers: req.headers,
        body,
        socket: req.socket,
      });
      if (answer === "stall") return;
      // An API that quotes what it refused: here the link's token.
      const quoted = /token=([0-9a-f]+)/.exec(body.toString("utf8"))?.[1];
      const payload = echo
        ? { message: `Refused a mail with token=${quoted}` }
        : (answer.body ?? null);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    requests,
    /** How the next requests are answered; `echo` quotes the request's link token in the answer. */
    answer(next: ApiAnswer, options: { echo?: boolean } = {}) {
      answer = next;
      echo = options.echo ?? false;
    },
    /** A `customFetch` that sends a request for any `https://…` URL to this server instead. */
    fetchFor(): typeof fetch {
      return (input, init) => {
        const real = new URL(input instanceof Request ? input.url : String(input));
        asked.push(real.href);
        return fetch(`http://127.0.0.1:${port}${real.pathname}${real.search}`, init);
      };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeMailApi = Awaited<ReturnType<typeof startFakeMailApi>>;

/** A request's JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever fields the API takes
export function json(request: ApiRequest): Record<string, any> {
  return JSON.parse(request.body.toString("utf8"));
}

/** A request's form body (multipart or URL-encoded), parsed as `fetch` would. */
export async function form(request: ApiRequest): Promise<Record<string, string>> {
  const parsed = await new Response(new Uint8Array(request.body), {
    headers: { "content-type": String(request.headers["content-type"]) },
  }).formData();
  return Object.fromEntries([...parsed].map(([key, value]) => [key, String(value)]));
}
