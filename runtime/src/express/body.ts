import { type BodyRefusal, MAX_BODY_BYTES, parseBody, parsedBody } from "../core/body.js";
import type { ExpressRequest } from "./types.js";

export class BodyTooLarge extends Error {}
export class MalformedBody extends Error {}

function readStream(req: ExpressRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * The POST body as a flat object: what an app-level `express.json()`/`urlencoded()` already
 * parsed, else the raw stream read here (at most 64 KiB).
 */
export async function readBody(req: ExpressRequest): Promise<Record<string, unknown> | undefined> {
  const contentType = req.headers["content-type"];
  const parsed = req.body;
  // An app-level parser (default limit 100 KB) may already have read a body over our limit.
  if (parsed !== undefined && Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    throw new BodyTooLarge();
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && !Buffer.isBuffer(parsed)) {
    // Chunked (no Content-Length): judged by what was parsed, with a bounded walk.
    const body = orThrow(parsedBody(contentType, parsed));
    // A parser for this content type ran. An empty object may also mean "a parser for another
    // type ran and left the stream alone" (Express 4's body-parser), so then read it ourselves.
    if (body && Object.keys(body).length) return body;
  } else if (typeof parsed === "string" || Buffer.isBuffer(parsed)) {
    if (parsed.length > MAX_BODY_BYTES) throw new BodyTooLarge();
    return orThrow(parseBody(contentType, parsed.toString()));
  }
  if (!req.readable || req.readableEnded) return undefined;
  return orThrow(parseBody(contentType, await readStream(req)));
}

function orThrow(body: Record<string, unknown> | BodyRefusal | undefined) {
  if (body === 413) throw new BodyTooLarge();
  if (body === 400) throw new MalformedBody();
  return body;
}
