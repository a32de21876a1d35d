/**
 * The built-in "check your email" page shown after an email sign-in link was sent.
 *
 * @module pages/verify-request
 */
import type { Theme } from "../types.js";
import { escapeHtml } from "./escape.js";
import { homeLink, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/**
 * "Check your email" with a link back to `homeUrl` showing its host. With `email` (the address
 * the server's own email flow just sent the link to, never a query parameter) the text names it.
 * Status 200.
 */
export function verifyRequestPage(p: {
  homeUrl: string;
  theme: Theme;
  email?: string | undefined;
  /** A password flow's own text (fixed, chosen by the server), instead of the sign-in link's. */
  kind?: "signup" | "reset" | undefined;
}): RenderedPage {
  const to = p.email ? `<strong>${escapeHtml(p.email)}</strong>` : "your email address";
  const sentTo =
    p.kind === "signup"
      ? `<p>We sent a link to ${to}. Open it to confirm your address and finish creating your account.</p>`
      : p.kind === "reset"
        ? `<p>If an account uses ${to}, we sent it a link to choose a new password.</p>`
        : `<p>A sign in link has been sent to ${to}.</p>`;
  const card = `<h1>Check your email</h1>${sentTo}${homeLink(p.homeUrl)}`;
  return { status: 200, html: renderDocument({ title: "Verify Request", theme: p.theme, card }) };
}
