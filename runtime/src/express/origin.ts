import type { ExpressRequest } from "./types.js";

type TrustFn = (address: string | undefined, hop: number) => boolean;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const comma = value.indexOf(",");
  return (comma === -1 ? value : value.slice(0, comma)).trim() || undefined;
}

/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const hostPattern = /^(?:[a-z\d_](?:[a-z\d_.-]*[a-z\d_])?\.?|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/** `host[:port]` that parses as exactly that authority (no userinfo, path or port overflow). */
function validHost(value: string | undefined): string | undefined {
  if (!value || !hostPattern.test(value)) return undefined;
  try {
    new URL(`http://${value}`);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * `https` or `http`, as Express decides it (`req.protocol` honours `trust proxy`), lower-cased:
 * Express passes `X-Forwarded-Proto` through verbatim, so `HTTPS` must not mean "not secure"
 * here while the handler's URL says `https:`. Anything else falls back to the socket's protocol.
 * The one place the handler and `getSession` learn the protocol, so secure cookie names agree.
 */
export function expressProtocol(req: ExpressRequest): "https" | "http" {
  const protocol = req.protocol?.toLowerCase();
  if (protocol === "https" || protocol === "http") return protocol;
  return (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
}

/**
 * The request's origin as Express decides it, or `undefined` when the `Host` header is not a
 * host: the protocol from {@link expressProtocol}; `X-Forwarded-Host` counts only when the same
 * `trust proxy` setting trusts the immediate peer (the check Express's own `req.hostname`
 * makes) and it is a valid host, else `Host` is used.
 */
export function expressOrigin(req: ExpressRequest): string | undefined {
  const protocol = expressProtocol(req);
  const trust = req.app?.get("trust proxy fn") as TrustFn | undefined;
  const forwarded = trust?.(req.socket.remoteAddress, 0)
    ? validHost(firstValue(req.headers["x-forwarded-host"]))
    : undefined;
  const host = forwarded ?? validHost(firstValue(req.headers.host) ?? "localhost");
  return host && `${protocol}://${host}`;
}

/** The path and query of the request as the client sent it (before any mount stripped it). */
export function expressUrl(req: ExpressRequest): URL {
  return new URL(req.originalUrl ?? req.url ?? "/", "http://placeholder");
}
