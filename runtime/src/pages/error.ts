/**
 * The built-in error page (`GET {base}/error?error=<type>`).
 *
 * @module pages/error
 */
import type { Theme } from "../types.js";
import { escapeHtml } from "./escape.js";
import { homeLink, link, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

interface ErrorView {
  status: number;
  heading: string;
  lines: string[];
  /** Whether a "Sign in" button follows the text. */
  signIn: boolean;
}

/** The error types with their own page; every other value (or none) gets the generic one. */
const views = new Map<string, ErrorView>([
  [
    "Configuration",
    {
      status: 500,
      heading: "Server error",
      lines: [
        "There is a problem with the server configuration.",
        "Check the server logs for more information.",
      ],
      signIn: false,
    },
  ],
  [
    // Ours: the session store (database) did not answer. Nobody was signed out.
    "SessionStoreUnavailable",
    {
      status: 503,
      heading: "Temporarily unavailable",
      lines: [
        "Your sign-in cannot be checked right now.",
        "Nothing has changed in your account. Wait a moment and try again.",
      ],
      signIn: false,
    },
  ],
  [
    "AccessDenied",
    {
      status: 403,
      heading: "Access Denied",
      lines: ["You do not have permission to sign in."],
      signIn: true,
    },
  ],
  [
    "Verification",
    {
      status: 403,
      heading: "Unable to sign in",
      lines: [
        "The sign in link is no longer valid.",
        "It may have been used already or it may have expired.",
      ],
      signIn: true,
    },
  ],
]);

/**
 * The developer's explanation on the configuration error page: what is wrong and what to set
 * (each line escaped). Only rendered when the caller passes `diagnosis`, which it does in
 * development only.
 */
function diagnosisBlock(lines: string[] | undefined): string {
  if (!lines?.length) return "";
  return (
    `<div class="details"><p>Shown in development only:</p>` +
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul></div>`
  );
}

/**
 * The page for an error `type` (Auth.js texts and statuses): `Configuration` → 500 with a link
 * home (and, given `diagnosis`, the cause and the variable to set), `AccessDenied` and
 * `Verification` → 403 with a "Sign in" button to `signInUrl`, `SessionStoreUnavailable` → 503
 * "Temporarily unavailable" with a link home (ours), anything else → 200 "Error"
 * with links back to sign-in and home. The `error` value itself is never shown.
 */
export function errorPage(p: {
  error?: string;
  signInUrl: string;
  homeUrl: string;
  theme: Theme;
  /** Development only: lines explaining a configuration error. */
  diagnosis?: string[] | undefined;
}): RenderedPage {
  const view = p.error === undefined ? undefined : views.get(p.error);
  const card = view
    ? `<h1>${view.heading}</h1>${view.lines.map((line) => `<p>${line}</p>`).join("")}` +
      (p.error === "Configuration" ? diagnosisBlock(p.diagnosis) : "") +
      (view.signIn ? link(p.signInUrl, "Sign in", "button") : homeLink(p.homeUrl))
    : `<h1>Error</h1><p>Something went wrong while signing in.</p>` +
      link(p.signInUrl, "Back to sign in", "button") +
      homeLink(p.homeUrl);
  return {
    status: view?.status ?? 200,
    html: renderDocument({ title: "Error", theme: p.theme, card }),
  };
}
