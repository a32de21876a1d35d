/**
 * The page answered with 429 when the app has its own sign-in page (`pages.signIn`).
 *
 * @module pages/rate-limited
 */
import type { Theme } from "../types.js";
import { link, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/**
 * "Too many attempts" with a link back to `signInUrl` (which carries `?error=RateLimited`, so the
 * app's page can say the same). Status 429. With `unavailable`, "temporarily unavailable"
 * instead (the rate-limit store failed; `?error=RateLimitUnavailable`), status 503.
 */
export function rateLimitedPage(p: {
  signInUrl: string;
  theme: Theme;
  unavailable?: boolean;
}): RenderedPage {
  const [title, text] = p.unavailable
    ? ["Temporarily unavailable", "Sign-in is temporarily unavailable. Try again in a moment."]
    : ["Too many attempts", "Too many attempts. Wait a moment and try again."];
  const card = `<h1>${title}</h1><p>${text}</p>${link(p.signInUrl, "Back to sign in", "button")}`;
  return {
    status: p.unavailable ? 503 : 429,
    html: renderDocument({
      title: p.unavailable ? "Temporarily Unavailable" : "Too Many Attempts",
      theme: p.theme,
      card,
    }),
  };
}
