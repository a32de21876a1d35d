import type { Theme } from "../types.js";
import { escapeHtml, safeHttpUrl } from "./escape.js";
import { layout, type RenderedPage } from "./layout.js";

interface ErrorContent {
  status: number;
  heading: string;
  message: string[];
  signInLink?: boolean;
}

const known: Record<string, ErrorContent> = {
  Configuration: {
    status: 500,
    heading: "Server error",
    message: [
      "There is a problem with the server configuration.",
      "Check the server logs for more information.",
    ],
  },
  AccessDenied: {
    status: 403,
    heading: "Access Denied",
    message: ["You do not have permission to sign in."],
    signInLink: true,
  },
  Verification: {
    status: 403,
    heading: "Unable to sign in",
    message: [
      "The sign in link is no longer valid.",
      "It may have been used already or it may have expired.",
    ],
    signInLink: true,
  },
};

function link(url: string, text: string): string {
  const href = safeHttpUrl(url) ?? "/";
  return `<a class="button" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/**
 * The error page for `?error=<type>` (reference §6): 500 for `Configuration`, 403 for
 * `AccessDenied` and `Verification`, 200 with a generic text otherwise. The raw value is never
 * shown.
 */
export function errorPage(params: {
  error?: string;
  signInUrl: string;
  homeUrl: string;
  theme: Theme;
}): RenderedPage {
  const content =
    params.error && Object.hasOwn(known, params.error) ? known[params.error]! : undefined;
  if (!content) {
    let host = params.homeUrl;
    try {
      host = new URL(params.homeUrl).host;
    } catch {}
    return layout({
      title: "Error",
      theme: params.theme,
      body: `<h1>Error</h1>\n<p>${link(params.homeUrl, host)}</p>`,
    });
  }
  const paragraphs = content.message.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n");
  const action = content.signInLink ? `\n${link(params.signInUrl, "Sign in")}` : "";
  return layout({
    title: "Error",
    theme: params.theme,
    status: content.status,
    body: `<h1>${escapeHtml(content.heading)}</h1>\n${paragraphs}${action}`,
  });
}
