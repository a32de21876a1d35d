import type { AuthConfig } from "../types.js";
import { MAX_BODY_BYTES, parseBody } from "./body.js";
import { resolveConfig } from "./config.js";
import { parseCookieHeader } from "./cookies.js";
import { handleAuthRequest } from "./handle.js";
import type { AuthRequest } from "./request.js";
import { jsonResponse, toWebResponse } from "./response.js";

/**
 * The whole body, or `undefined` as soon as it passes `limit` bytes: a chunked body (no
 * `Content-Length`) is never buffered beyond the limit, and the rest is not read.
 */
async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Builds the framework-neutral request from a Web `Request`; a `Response` when it is invalid. */
export async function fromWebRequest(request: Request): Promise<AuthRequest | Response> {
  const authRequest: AuthRequest = {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
  };
  if (authRequest.method === "POST" && request.body) {
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > MAX_BODY_BYTES) return toWebResponse(jsonResponse("Bad request.", 413));
    const bytes = await readAtMost(request.body, MAX_BODY_BYTES);
    if (!bytes) return toWebResponse(jsonResponse("Bad request.", 413));
    const body = parseBody(request.headers.get("content-type"), new TextDecoder().decode(bytes));
    if (typeof body === "number") return toWebResponse(jsonResponse("Bad request.", body));
    if (body) authRequest.body = body;
  }
  return authRequest;
}

/**
 * Handles an auth request: `Request` in, `Response` out, for any Web-standard server. The
 * configuration object is the one Auth.js takes; it is read, never modified.
 *
 * @example
 * ```ts
 * export default { fetch: (request: Request) => Auth(request, authConfig) };
 * ```
 */
export async function Auth(request: Request, config: AuthConfig): Promise<Response> {
  const resolved = resolveConfig(config);
  const authRequest = await fromWebRequest(request);
  if (authRequest instanceof Response) return authRequest;
  return toWebResponse(await handleAuthRequest(authRequest, resolved));
}
