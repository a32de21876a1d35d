import type { Theme } from "../types.js";
import { escapeHtml, safeHttpUrl } from "./escape.js";
import { layout, type RenderedPage } from "./layout.js";

/** "Check your email", shown after an email sign-in request. */
export function verifyRequestPage(params: { homeUrl: string; theme: Theme }): RenderedPage {
  const href = safeHttpUrl(params.homeUrl) ?? "/";
  const host = new URL(href, "http://localhost").host;
  return layout({
    title: "Verify Request",
    theme: params.theme,
    body: `<h1>Check your email</h1>
<p>A sign in link has been sent to your email address.</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(host)}</a></p>`,
  });
}
