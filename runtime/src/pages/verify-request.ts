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
}): RenderedPage {
  const sentTo = p.email
    ? `<p>A sign in link has been sent to <strong>${escapeHtml(p.email)}</strong>.</p>`
    : `<p>A sign in link has been sent to your email address.</p>`;
  const card = `<h1>Check your email</h1>${sentTo}${homeLink(p.homeUrl)}`;
  return { status: 200, html: renderDocument({ title: "Verify Request", theme: p.theme, card }) };
}
