import { Buffer } from "node:buffer";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/** undici's slot for the process-wide dispatcher (`setGlobalDispatcher` writes it). */
const globalDispatcher = Symbol.for("undici.globalDispatcher.1");
/** `fetch` as it was when the runtime loaded: a later replacement (a test stub) is the app's. */
const loadedFetch = globalThis.fetch;

/**
 * Whether provider requests may bypass `fetch` for {@link freshConnectionFetch}: only while
 * nobody changed how `fetch` reaches the network. An app that replaced `fetch` (a test stub) or
 * the global dispatcher (a proxy, undici's `MockAgent`) keeps its transport; undici's own
 * default `Agent` is the one thing that may stand there.
 */
export function fetchIsUntouched(): boolean {
  if (globalThis.fetch !== loadedFetch) return false;
  const dispatcher = (globalThis as Record<symbol, unknown>)[globalDispatcher];
  return dispatcher === undefined || (dispatcher as object).constructor?.name === "Agent";
}

const nullBodyStatus = new Set([101, 204, 205, 304]);

/** The most a provider's answer may hold, before and after decompression (they are small JSON). */
const MAX_BODY = 4 * 1024 * 1024;

const decoders: Record<string, (body: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/**
 * The body as `fetch` would hand it over: decoded when the server compressed it anyway (we ask
 * for no encoding, as `fetch` would ask for gzip, deflate and br), else as sent.
 */
function decoded(body: Buffer, headers: Headers): Buffer {
  const encoding = headers.get("content-encoding")?.trim().toLowerCase();
  if (!encoding || encoding === "identity") return body;
  const decode = decoders[encoding];
  if (!decode) throw new TypeError(`fetch failed: unsupported content-encoding "${encoding}"`);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return decode(body, { maxOutputLength: MAX_BODY });
}

/**
 * A `fetch` for provider requests that opens a new connection for every request and closes it
 * after the answer (`agent: false`): no connection is ever pooled, so none that went silent can
 * be reused. Node's `fetch` cannot promise that: after a request is aborted (our `httpTimeout`)
 * undici opens a replacement connection that serves nothing and stays idle in its pool, with no
 * keep-alive timer; opened during an outage, it is stalled for good, and the first request after
 * the outage waits on it for the whole `httpTimeout` (docs/decisions.md). The answer's body is
 * read whole before the promise resolves, so the caller's signal bounds it too. Redirects are
 * never followed (oauth4webapi asks for `redirect: "manual"`).
 */
export async function freshConnectionFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const request = new Request(input, init);
  const signal = init?.signal ?? undefined;
  signal?.throwIfAborted();
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (!headers.connection) headers.connection = "close";
  if (body) headers["content-length"] = String(body.length);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers, agent: false });
    const abort = () => {
      outgoing.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
    const settle =
      <T>(fn: (value: T) => void) =>
      (value: T) => {
        signal?.removeEventListener("abort", abort);
        fn(value);
      };
    const fail = settle(reject);
    outgoing.on("error", (error) => fail(new TypeError("fetch failed", { cause: error })));
    outgoing.on("response", (incoming: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) {
          incoming.destroy();
          fail(new TypeError(`fetch failed: the answer is larger than ${MAX_BODY} bytes`));
        } else chunks.push(chunk);
      });
      incoming.on("error", (error) => fail(new TypeError("fetch failed", { cause: error })));
      incoming.on(
        "end",
        settle(() => {
          const status = incoming.statusCode ?? 502;
          const responseHeaders = new Headers();
          const raw = incoming.rawHeaders;
          for (let i = 0; i < raw.length; i += 2) responseHeaders.append(raw[i]!, raw[i + 1]!);
          let payload: Buffer | null = null;
          try {
            payload = nullBodyStatus.has(status)
              ? null
              : decoded(Buffer.concat(chunks), responseHeaders);
          } catch (error) {
            reject(
              error instanceof TypeError ? error : new TypeError("fetch failed", { cause: error }),
            );
            return;
          }
          resolve(
            new Response(payload as BodyInit | null, {
              status,
              statusText: incoming.statusMessage,
              headers: responseHeaders,
            }),
          );
        }),
      );
    });
    outgoing.end(body);
  });
}
