import type { Theme } from "../types.js";
import { escapeHtml, safeHttpUrl } from "./escape.js";
import { hidden } from "./fields.js";
import { layout, type RenderedPage } from "./layout.js";

/** "Are you sure you want to sign out?" with a form that posts back with the CSRF token. */
export function signOutPage(params: {
  action: string;
  csrfToken: string;
  theme: Theme;
}): RenderedPage {
  const action = safeHttpUrl(params.action) ?? "#";
  return layout({
    title: "Sign Out",
    theme: params.theme,
    body: `<h1>Signout</h1>
<p>Are you sure you want to sign out?</p>
<form action="${escapeHtml(action)}" method="POST">
${hidden("csrfToken", params.csrfToken)}
<button id="submitButton" type="submit">Sign out</button>
</form>`,
  });
}
