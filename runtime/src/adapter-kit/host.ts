/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const hostPattern = /^(?:[a-z\d_](?:[a-z\d_.-]*[a-z\d_])?\.?|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `host[:port]` when it parses as exactly that authority (no userinfo, path or port overflow),
 * else `undefined`: a `Host` or `X-Forwarded-Host` value that may become the origin of links.
 */
export function validHost(value: string | undefined): string | undefined {
  if (!value || !hostPattern.test(value)) return undefined;
  return URL.canParse(`http://${value}`) ? value : undefined;
}
