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
 * app's page can say the same). Status 429.
 */
export function rateLimitedPage(p: { signInUrl: string; theme: Theme }): RenderedPage {
  const card =
    `<h1>Too many attempts</h1><p>Too many attempts. Wait a moment and try again.</p>` +
    link(p.signInUrl, "Back to sign in", "button");
  return {
    status: 429,
    html: renderDocument({ title: "Too Many Attempts", theme: p.theme, card }),
  };
}
