import { Agent, request as httpRequest } from "node:http";

/**
 * One keep-alive agent for every flow request: the driver runs in the same process as the
 * load generator and must stay cheap, so this is node:http, not `fetch` (whose Web
 * Request/Response objects would cost the driver more than some of the requests it drives).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * @typedef {{ status: number, headers: import("node:http").IncomingHttpHeaders, body: string,
 *   url: string }} Reply
 */

/**
 * One HTTP request (no redirect following: flows inspect every hop).
 *
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string,
 *   agent?: Agent | false, timeoutMs?: number }} [options]
 * @returns {Promise<Reply>}
 */
export function request(
  url,
  { method = "GET", headers = {}, body, agent: via = agent, timeoutMs = 15_000 } = {},
) {
  const target = new URL(url);
  const allHeaders =
    body === undefined
      ? headers
      : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: allHeaders,
        agent: via,
      },
      (res) => {
        const chunks = /** @type {Buffer[]} */ ([]);
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            url,
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** The absolute URL a redirect points to, or an error naming what came back instead. */
export function redirectTarget(/** @type {Reply} */ reply) {
  const location = reply.headers.location;
  if (reply.status < 300 || reply.status >= 400 || !location) {
    throw new Error(`expected a redirect from ${reply.url}, got ${reply.status}: ${reply.body}`);
  }
  return new URL(location, reply.url).href;
}

/** The cookies of one client at one origin: enough of RFC 6265 for these flows. */
export class CookieJar {
  /** @type {Map<string, string>} */
  cookies = new Map();

  /** Takes the `Set-Cookie` headers of a reply (a removal deletes the cookie). */
  store(/** @type {Reply} */ reply) {
    for (const line of reply.headers["set-cookie"] ?? []) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, val = ""] = attribute.trim().split("=");
        const lower = key.toLowerCase();
        return (
          (lower === "max-age" && Number(val) <= 0) ||
          (lower === "expires" && Date.parse(val) < Date.now())
        );
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return reply;
  }

  /** The `Cookie` header for the next request. */
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
