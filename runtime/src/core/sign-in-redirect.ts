import { acceptWeight, explicitJsonWeight, parseAccept } from "./accept.js";

/**
 * Whether a signed-out request to a protected page should be redirected to the sign-in page
 * (`true`) or answered 401 (`false`). Shared by every framework's `requireAuth` (and
 * SolidStart's `authMiddleware`) so all answer the same request the same way.
 *
 * HEAD is GET without a body (RFC 9110 §9.3.2): link checkers and browsers' prefetches send it,
 * and it must see what the GET would, a redirect for a browser. Other methods are API calls that
 * cannot follow a sign-in page, and so are GETs from clients that ask for JSON by name and
 * weigh it above HTML (`application/json`, `application/problem+json`, `text/html;q=0,
 * application/json`); `*\/*` alone, or HTML weighed as high, is a browser.
 */
export function wantsSignInRedirect(method: string, accept: string | null | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!accept) return true;
  const ranges = parseAccept(accept);
  return !(explicitJsonWeight(ranges) > acceptWeight(ranges, "text/html"));
}
