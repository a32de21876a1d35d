import { MAX_BODY_BYTES, parseBody, parsedBody } from "../core/body.js";
import type { FastifyRequestLike } from "./origin.js";

/**
 * The POST body as a flat object, from what a content-type parser produced (the plugin's own
 * form parser, Fastify's JSON parser, or one the app registered), or the status refusing it:
 * 413 past 64 KiB (also when an app's parser ignored the route's `bodyLimit`), 400 for anything
 * that is not an object (a JSON array, string or `null`), nests too deep, or is text that does
 * not parse. A body of a content type the endpoints do not read is no body.
 */
export function fastifyBody(
  request: FastifyRequestLike,
): Record<string, unknown> | number | undefined {
  const { body } = request;
  if (body === undefined) return undefined;
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return 413;
  const contentType = request.headers["content-type"];
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    if (body.length > MAX_BODY_BYTES) return 413;
    return parseBody(contentType, body.toString());
  }
  // Chunked (no Content-Length) through an app's parser: judged by what was parsed.
  return parsedBody(contentType, body);
}
