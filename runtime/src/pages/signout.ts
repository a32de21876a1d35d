/**
 * The built-in sign-out page (`GET {base}/signout`).
 *
 * @module pages/signout
 */
import type { Theme } from "../types.js";
import { formAction, hiddenInput, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/**
 * "Are you sure you want to sign out?" with a POST form to `action` (the sign-out endpoint's
 * absolute URL) carrying the CSRF token. Status 200.
 */
export function signOutPage(p: { action: string; csrfToken: string; theme: Theme }): RenderedPage {
  const card =
    `<h1>Sign out</h1><p>Are you sure you want to sign out?</p>` +
    `<form action="${formAction(p.action)}" method="POST">${hiddenInput("csrfToken", p.csrfToken)}` +
    `<button id="submitButton" type="submit">Sign out</button></form>`;
  return { status: 200, html: renderDocument({ title: "Sign Out", theme: p.theme, card }) };
}
