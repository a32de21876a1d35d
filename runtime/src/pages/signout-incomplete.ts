/**
 * The page answered (503) when a sign-out could not end the session on the server.
 *
 * @module pages/signout-incomplete
 */
import type { Theme } from "../types.js";
import { link, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/**
 * "Sign-out not finished": the browser's cookie is gone, but the session could not be deleted on
 * the server; this server keeps trying. Says so plainly (a copy of the cookie elsewhere may still
 * work until then) and links on to `continueUrl`. Status 503.
 */
export function signOutIncompletePage(p: { continueUrl: string; theme: Theme }): RenderedPage {
  const card =
    `<h1>Sign-out not finished</h1>` +
    `<p>You are signed out in this browser, but the server could not end your session right now.</p>` +
    `<p>It will be ended as soon as the server can reach its database. ` +
    `If you signed out because this device may be compromised, try again in a moment.</p>` +
    link(p.continueUrl, "Continue", "button");
  return {
    status: 503,
    html: renderDocument({ title: "Sign-out Not Finished", theme: p.theme, card }),
  };
}
