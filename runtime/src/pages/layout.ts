import type { Theme } from "../types.js";
import { css } from "./css.js";
import { escapeHtml, safeCssColor, safeImageUrl } from "./escape.js";

export interface RenderedPage {
  status: number;
  html: string;
}

/** Theme colours as CSS custom properties; unsafe values are dropped. */
function themeStyle(theme: Theme): string {
  const brand = safeCssColor(theme.brandColor);
  const text = safeCssColor(theme.buttonText);
  const rules = [brand && `--brand-color:${brand}`, text && `--button-text-color:${text}`].filter(
    Boolean,
  );
  return rules.length ? `:root{${rules.join(";")}}` : "";
}

/** The document around every built-in page. */
export function layout(params: {
  title: string;
  theme: Theme;
  body: string;
  status?: number;
  scriptUrl?: string;
}): RenderedPage {
  const { title, theme, body, status = 200, scriptUrl } = params;
  const scheme =
    theme.colorScheme === "dark" || theme.colorScheme === "light" ? theme.colorScheme : "auto";
  const logo = safeImageUrl(theme.logo);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css}${themeStyle(theme)}</style>${scriptUrl ? `\n<script src="${escapeHtml(scriptUrl)}" defer></script>` : ""}
</head>
<body class="theme-${scheme}">
<main class="page">${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : ""}
<div class="card">
${body}
</div>
</main>
</body>
</html>
`;
  return { status, html };
}
