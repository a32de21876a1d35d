import type { IncomingMessage, ServerResponse } from "node:http";
import type { SolidAuth } from "../../src/solid-start/index.js";

/** What a request falls through to when `SolidAuth` does not answer it (the app's own routes). */
export const FALLTHROUGH = "fallthrough: not an auth response";

/**
 * `SolidAuth`'s handlers as a `node:http`/`node:https` request listener, bridged the way
 * SolidStart does it: the request URL is built from `Host` (never from forwarded headers), HEAD
 * goes to `GET`, and `undefined` falls through to the app (404 here, or `fallthrough`).
 */
export function solidListener(
  handlers: ReturnType<typeof SolidAuth>,
  protocol: "http" | "https" = "http",
  fallthrough?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
) {
  const { GET, POST } = handlers;
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      }
      const method = req.method ?? "GET";
      const hasBody = method !== "GET" && method !== "HEAD";
      const request = new Request(`${protocol}://${req.headers.host}${req.url}`, {
        method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      const handler = method === "GET" || method === "HEAD" ? GET : method === "POST" ? POST : null;
      const response = handler ? await handler({ request, locals: {} }) : undefined;
      if (!response) {
        if (fallthrough) await fallthrough(req, res);
        else res.writeHead(404, { "content-type": "text/plain" }).end(FALLTHROUGH);
        return;
      }
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      res.writeHead(response.status, out);
      res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  };
}
