/**
 * The document every built-in page shares: doctype, head with the inline stylesheet, the
 * theme's scheme class and logo, and a centred card.
 *
 * @module pages/layout
 */
import type { Theme } from "../types.js";
import { css, themeCss } from "./css.js";
import { escapeHtml } from "./escape.js";
import { hostOf, safeHttpUrl, safeImageUrl } from "./url.js";

const schemes = new Set(["auto", "dark", "light"]);

/** What `renderDocument` puts around a page's card content. */
export interface DocumentParts {
  /** `<title>` text (escaped). */
  title: string;
  theme: Theme;
  /** Trusted HTML: the card's content, already escaped by the page that built it. */
  card: string;
  /** A script loaded with `<script src defer>`, only when it is an http(s) URL. */
  scriptUrl?: string | undefined;
}

/**
 * A complete HTML document: `<!DOCTYPE html>`, UTF-8, viewport, one inline `<style>`, and a
 * `<body class="theme-<auto|dark|light>">` holding the theme logo (http(s) or `data:image/`
 * only) above the card. No inline script and no external resource besides the logo and
 * `scriptUrl`.
 */
export function renderDocument({ title, theme, card, scriptUrl }: DocumentParts): string {
  const scheme = schemes.has(theme.colorScheme as string) ? theme.colorScheme : "auto";
  const logo = safeImageUrl(theme.logo);
  const script = safeHttpUrl(scriptUrl);
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="${scheme === "auto" ? "light dark" : scheme}">` +
    `<title>${escapeHtml(title)}</title><style>${css}${themeCss(theme)}</style>` +
    (script ? `<script src="${escapeHtml(script)}" defer></script>` : "") +
    `</head><body class="theme-${scheme}"><main class="page">` +
    (logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : "") +
    `<div class="card">${card}</div></main></body></html>`
  );
}

/** A link to `href` with `text`, or nothing when `href` is not an http(s) URL. */
export function link(href: string, text: string, className?: string): string {
  const url = safeHttpUrl(href);
  if (!url) return "";
  const cls = className ? ` class="${escapeHtml(className)}"` : "";
  return `<a${cls} href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
}

/**
 * A paragraph with a link to `homeUrl` showing its host ("app.example.com"), or nothing when
 * `homeUrl` is not an http(s) URL.
 */
export function homeLink(homeUrl: string): string {
  const home = link(homeUrl, hostOf(homeUrl) ?? "");
  return home ? `<p>${home}</p>` : "";
}

/** A hidden form input carrying `value`, escaped. */
export function hiddenInput(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The `action` of a form: `url` when it is http(s), else `#` so nothing is posted elsewhere. */
export function formAction(url: string): string {
  return escapeHtml(safeHttpUrl(url) ?? "#");
}
