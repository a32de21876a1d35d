/**
 * The built-in "check your email" page shown after an email sign-in link was sent.
 *
 * @module pages/verify-request
 */
import type { Theme } from "../types.js";
import { homeLink, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/**
 * "Check your email" with a link back to `homeUrl` showing its host. Status 200.
 */
export function verifyRequestPage(p: { homeUrl: string; theme: Theme }): RenderedPage {
  const card =
    `<h1>Check your email</h1><p>A sign in link has been sent to your email address.</p>` +
    homeLink(p.homeUrl);
  return { status: 200, html: renderDocument({ title: "Verify Request", theme: p.theme, card }) };
}
