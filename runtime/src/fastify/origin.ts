import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { validHost } from "../adapter-kit/host.js";

/**
 * The parts of Fastify's `request` the adapter reads. Structural, so Fastify 4 and 5 (and any
 * route's generics) fit.
 */
export interface FastifyRequestLike {
  headers: IncomingHttpHeaders;
  /** The raw request target (path and query), as Node received it. */
  url: string;
  method: string;
  /** `http` or `https`, from `X-Forwarded-Proto` when `trustProxy` says so (Fastify decides). */
  protocol: string;
  /** Fastify 5: `Host`, or `X-Forwarded-Host` when `trustProxy` trusts the peer. */
  host?: string;
  /** Fastify 4: the same as Fastify 5's `host` (Fastify 5's `hostname` has no port). */
  hostname?: string;
  /** The client's address, following `trustProxy`. */
  ip?: string;
  body?: unknown;
  raw: IncomingMessage;
}

/**
 * `https` or `http` as Fastify decides it (`request.protocol` honours `trustProxy`), lower-cased
 * (`X-Forwarded-Proto: HTTPS` is `https`); anything else falls back to the connection's. The one
 * place the plugin and `getSession` learn the protocol, so secure cookie names agree.
 */
export function fastifyProtocol(request: FastifyRequestLike): "https" | "http" {
  const protocol = request.protocol?.toLowerCase();
  if (protocol === "https" || protocol === "http") return protocol;
  return (request.raw.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https" : "http";
}

/**
 * The request's origin, or `undefined` when `Host` is not a host: the protocol from
 * {@link fastifyProtocol}, the host as Fastify reports it (`X-Forwarded-Host` only when
 * `trustProxy` says so), falling back to `Host` when a forwarded value is not a `host[:port]`.
 */
export function fastifyOrigin(request: FastifyRequestLike): string | undefined {
  const own = request.headers.host || "localhost";
  const reported = "host" in request ? request.host : request.hostname;
  const host = (reported && reported !== own && validHost(reported)) || validHost(own);
  return host && `${fastifyProtocol(request)}://${host}`;
}
