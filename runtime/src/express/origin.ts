import type { ExpressRequest } from "./types.js";

type TrustFn = (address: string | undefined, hop: number) => boolean;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const comma = value.indexOf(",");
  return (comma === -1 ? value : value.slice(0, comma)).trim() || undefined;
}

/** `https` or `http`, as Express decides it (`req.protocol` honours `trust proxy`). */
export function expressProtocol(req: ExpressRequest): string {
  return req.protocol ?? ((req.socket as { encrypted?: boolean }).encrypted ? "https" : "http");
}

/**
 * The request's origin as Express decides it: `req.protocol` already honours `trust proxy`
 * for `X-Forwarded-Proto`; `X-Forwarded-Host` counts only when the same setting trusts the
 * immediate peer (the check Express's own `req.hostname` makes). The handler uses this and
 * `getSession` its protocol ({@link expressProtocol}), so they always agree on secure cookie names.
 */
export function expressOrigin(req: ExpressRequest): string {
  const protocol = expressProtocol(req);
  const trust = req.app?.get("trust proxy fn") as TrustFn | undefined;
  const forwarded = trust?.(req.socket.remoteAddress, 0)
    ? firstValue(req.headers["x-forwarded-host"])
    : undefined;
  const host = forwarded ?? firstValue(req.headers.host) ?? "localhost";
  return `${protocol}://${host}`;
}

/** The path and query of the request as the client sent it (before any mount stripped it). */
export function expressUrl(req: ExpressRequest): URL {
  return new URL(req.originalUrl ?? req.url ?? "/", "http://placeholder");
}
