import { MAX_BODY_BYTES, parseBody } from "../core/web.js";
import type { FastifyRequestLike } from "./origin.js";

/**
 * The POST body as a flat object, from what a content-type parser produced (the plugin's own
 * form parser, Fastify's JSON parser, or one the app registered), or the status refusing it:
 * 413 past 64 KiB (also when an app's parser ignored the route's `bodyLimit`), 400 for anything
 * that is not an object (a JSON array, string or `null`) or a text body that does not parse.
 */
export function fastifyBody(
  request: FastifyRequestLike,
): Record<string, unknown> | number | undefined {
  const { body } = request;
  if (body === undefined) return undefined;
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return 413;
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    if (body.length > MAX_BODY_BYTES) return 413;
    const parsed = parseBody(request.headers["content-type"], body.toString());
    return parsed === null ? 400 : parsed;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return 400;
  try {
    // Chunked (no Content-Length) through an app's parser: judged by what was parsed.
    if (JSON.stringify(body).length > MAX_BODY_BYTES) return 413;
  } catch {
    return 400;
  }
  return body as Record<string, unknown>;
}
