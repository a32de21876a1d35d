/**
 * Whether a signed-out request to a protected page should be redirected to the sign-in page
 * (`true`) or answered 401 (`false`). Shared by Express's `requireAuth` and SolidStart's
 * `authMiddleware` so both answer the same request the same way.
 *
 * HEAD is GET without a body (RFC 9110 §9.3.2): link checkers and browsers' prefetches send it,
 * and it must see what the GET would, a redirect for a browser. Other methods, and clients that
 * accept JSON but not HTML, are API calls that cannot follow a sign-in page.
 */
export function wantsSignInRedirect(method: string, accept: string | null | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const accepted = accept ?? "";
  return !(accepted.includes("application/json") && !accepted.includes("text/html"));
}
