/**
 * The playground is for this machine only: which requests are addressed to a loopback host, and
 * the provider a sign-in uses there.
 *
 * @module playground/loopback
 */
import { providerEnvPrefix } from "../core/env.js";
import type { AuthRequest } from "../core/request.js";
import { InvalidProvider } from "../errors.js";
import { withPlaygroundIssuer } from "./providers.js";

const loopbackHosts = new Set(["127.0.0.1", "[::1]", "::1", "localhost"]);

/** The host name of a `Host`-style header value (`localhost:3000` → `localhost`). */
function hostName(value: string): string | undefined {
  try {
    return new URL(`http://${value.trim()}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether every name the request gives for its host is loopback: the URL the adapter built,
 * `Host`, and `X-Forwarded-Host` when a proxy set one (a proxy forwarding public traffic to a
 * local app must not expose the playground).
 */
export function isLoopbackRequest(request: AuthRequest, origin: string): boolean {
  const names = [request.url.hostname, new URL(origin).hostname];
  for (const header of ["host", "x-forwarded-host"]) {
    const value = request.headers.get(header);
    if (value === null || value === undefined) continue;
    for (const part of value.split(",")) names.push(hostName(part) ?? "");
  }
  return names.every((name) => loopbackHosts.has(name));
}

/**
 * A provider served by the playground, with the issuer of the request's origin. Off loopback the
 * playground answers nothing, so the sign-in stops here with an error that says why, instead of
 * an HTTPS or discovery failure further on.
 */
export function playgroundProviderFor<P extends { id: string }>(
  provider: P,
  request: AuthRequest,
  base: string,
): P {
  if (!isLoopbackRequest(request, base)) {
    throw new InvalidProvider(
      `Provider "${provider.id}" is served by the sign-in playground, which answers only on localhost, 127.0.0.1 or [::1]: open the app there, or set ${providerEnvPrefix(provider.id)}_ID and _SECRET to use the real provider`,
    );
  }
  return withPlaygroundIssuer(provider, base);
}
