/**
 * The built-in pages' stylesheet: one inline `<style>`, no external resources, so the pages
 * work under `default-src 'none'; style-src 'unsafe-inline'`. Colours meet WCAG AA contrast in
 * both schemes; the accent colour and its text colour come from the theme when it sets safe
 * values.
 *
 * @module pages/css
 */
import type { Theme } from "../types.js";
import { readableTextColor, safeCssColor } from "./color.js";

const light = {
  "--page": "#f3f4f7",
  "--card": "#ffffff",
  "--text": "#1b1f27",
  "--muted": "#535b69",
  "--border": "#d5d9e0",
  "--control-border": "#7d8696",
  "--field": "#ffffff",
  "--focus": "#1f4fd1",
  "--alert-bg": "#fdecec",
  "--alert-text": "#8b1a1a",
  "--alert-border": "#f2b8b8",
  "--shadow": "0 1px 2px rgb(16 24 40 / 6%), 0 8px 24px rgb(16 24 40 / 8%)",
};

const dark: typeof light = {
  "--page": "#0f1115",
  "--card": "#1a1d24",
  "--text": "#eceef2",
  "--muted": "#a6adba",
  "--border": "#353b47",
  "--control-border": "#6b7385",
  "--field": "#12141a",
  "--focus": "#8fb4ff",
  "--alert-bg": "#3a1618",
  "--alert-text": "#ffc9c9",
  "--alert-border": "#6e2a2e",
  "--shadow": "0 8px 24px rgb(0 0 0 / 40%)",
};

const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");

/** `rules` with every selector prefixed by `scope` (rules are `selector,…{…}` with no nesting). */
const scoped = (rules: string, scope: string) =>
  rules.replace(
    /(^|})([^{}]+)\{/g,
    (_m, end: string, selectors: string) =>
      `${end}${selectors
        .split(",")
        .map((selector) => `${scope} ${selector.trim()}`)
        .join(",")}{`,
  );

/** Rules for the dark scheme: a `dark` theme, or `auto` on a system that prefers dark. */
const darkScheme = (rules: string) =>
  `${scoped(rules, ".theme-dark")}@media (prefers-color-scheme:dark){${scoped(rules, ".theme-auto")}}`;

/** The base stylesheet: scheme variables, layout, card, forms, buttons, banner. */
export const css = `
:root{--brand-color:#346df1;--button-text-color:#fff}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--page);color:var(--text)}
.theme-light,.theme-auto{color-scheme:light;${declarations(light)}}
.theme-dark{color-scheme:dark;${declarations(dark)}}
@media (prefers-color-scheme:dark){.theme-auto{color-scheme:dark;${declarations(dark)}}}
.page{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;padding:2rem 1rem}
.logo{display:block;max-width:10rem;max-height:4.5rem;margin:0 auto 1.5rem;object-fit:contain}
.card{width:100%;max-width:22rem;padding:2rem 1.75rem;background:var(--card);border:1px solid var(--border);border-radius:.875rem;box-shadow:var(--shadow)}
h1{margin:0 0 1.25rem;font-size:1.375rem;line-height:1.3;font-weight:650;text-align:center}
p{margin:0 0 1rem;color:var(--muted);text-align:center}
p:last-child{margin-bottom:0}
a{color:inherit;text-decoration:underline;text-underline-offset:.2em}
form{display:flex;flex-direction:column;gap:.75rem;margin:0}
.providers{display:flex;flex-direction:column;gap:.75rem}
.field{display:flex;flex-direction:column;gap:.3rem}
label{font-size:.875rem;font-weight:600}
input{width:100%;padding:.6rem .75rem;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--control-border);border-radius:.5rem}
input::placeholder{color:var(--muted);opacity:1}
button,.button{display:flex;align-items:center;justify-content:center;gap:.75rem;width:100%;min-height:2.75rem;padding:.6rem 1rem;font:inherit;font-weight:600;line-height:1.25;text-align:center;text-decoration:none;border:1px solid transparent;border-radius:.5rem;cursor:pointer;background:var(--brand-color);color:var(--button-text-color)}
button:hover,.button:hover{filter:brightness(1.08)}
.provider{background:var(--card);color:var(--text);border-color:var(--control-border)}
.provider.branded{background:var(--provider-brand-color);color:var(--provider-text-color)}
.provider.accented{border-left:.375rem solid var(--provider-brand-color)}
.provider img{width:1.5rem;height:1.5rem;object-fit:contain;flex:none}
.provider .provider-logo-dark,.provider .provider-logo-dark-only{display:none}
${darkScheme(".provider .provider-logo-light{display:none}.provider .provider-logo-dark,.provider .provider-logo-dark-only{display:block}.provider.branded-dark{background:var(--provider-brand-color-dark);color:var(--provider-text-color-dark)}")}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input:focus-visible{outline-offset:0;border-color:var(--focus)}
hr{margin:1.5rem 0;border:0;border-top:1px solid var(--border)}
.alert{margin:0 0 1.25rem;padding:.75rem 1rem;background:var(--alert-bg);color:var(--alert-text);border:1px solid var(--alert-border);border-radius:.5rem;text-align:center}
.alert p{margin:0;color:inherit}
.notice{margin:0 0 1.25rem;padding:.75rem 1rem;border:1px solid var(--border);border-radius:.5rem}
.notice p{margin:0;color:var(--text)}
.details{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid var(--border);border-radius:.5rem;overflow-wrap:anywhere}
.details p{text-align:left;margin-bottom:.5rem}
.details ul{margin:0;padding-left:1.25rem}
.hint{margin:0;font-size:.8125rem;text-align:left}
.links{display:flex;justify-content:space-between;gap:1rem;margin:0;font-size:.875rem}
`;

/**
 * Declarations that apply the theme's `brandColor` and `buttonText`, each only when it is a
 * safe CSS colour; a hostile value is dropped, never written. Without `buttonText`, the text on
 * accent buttons is whichever of black or white contrasts more with `brandColor` (white when
 * that cannot be computed, as in Auth.js).
 */
export function themeCss(theme: Theme): string {
  const brand = safeCssColor(theme.brandColor);
  const text = safeCssColor(theme.buttonText) ?? (brand && readableTextColor(brand));
  const vars: Record<string, string> = {};
  if (brand) vars["--brand-color"] = brand;
  if (text) vars["--button-text-color"] = text;
  return Object.keys(vars).length ? `:root{${declarations(vars)}}` : "";
}
