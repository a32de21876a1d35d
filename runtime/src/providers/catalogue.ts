/**
 * The catalogue entry each provider module exports next to its preset (`export const
 * catalogue`): what the CLI lists, what docs/providers.md shows, and the button's colours and
 * logo. `npm run providers:sync` reads every module's entry and writes the shared files from
 * them (package exports, the CLI's list, the docs table), so adding a provider touches no shared
 * list by hand. See docs/adding-a-provider.md.
 *
 * @module providers/catalogue
 */
import { readableTextColor } from "../pages/color.js";
import type { OAuthChecks, ProviderStyle } from "./types.js";

/** A colour (or logo) for the light scheme and, optionally, another for the dark one. */
export interface SchemeValue {
  light: string;
  dark?: string;
}

/** One provider as the catalogue describes it. Data only: no functions, no network. */
export interface ProviderCatalogue {
  /** The provider id: `{base}/signin/<id>`, `AUTH_<ID>_*`, `@create-auth/runtime/providers/<id>`. */
  id: string;
  /**
   * The module's file name (`providers/<module>.ts`, `@create-auth/runtime/providers/<module>`),
   * only when Auth.js ships the provider under another name than its id: `ory-hydra` has the id
   * `hydra`. Default: the id.
   */
  module?: string;
  /** Shown on the button and in the CLI. */
  name: string;
  kind: "oauth" | "oidc" | "credentials" | "email" | "webauthn" | "password";
  /** The default export's name in generated code (`import GitHub from …`). */
  importName: string;
  /** Where an app is registered: a URL, or words ("your Keycloak admin console"). */
  console?: string;
  /**
   * The callback URL to register, with `{origin}`, `{base}` placeholders. Default
   * `{origin}{base}/callback/<id>`.
   */
  callbackUrl?: string;
  /** The scopes the preset asks for by default (space-separated, as sent). */
  scopes?: string;
  /** The browser-bound checks the preset runs (`pkce`, `state`, `nonce`). */
  checks?: OAuthChecks[];
  /** Whether `AUTH_<ID>_ISSUER` is required (a tenant or self-hosted server). */
  needsIssuer?: boolean;
  /** The issuer's shape, e.g. `https://<tenant>.auth0.com/`. */
  issuerFormat?: string;
  /** Options besides client id and secret, in words (e.g. "`baseUrl` for self-managed"). */
  options?: string;
  /** What differs from plain OAuth 2 / OIDC, in one or two sentences (docs and `--list`). */
  quirks?: string;
  /** Button colours. */
  brandColor?: SchemeValue;
  /** Inline SVG markup (our own drawing or a monogram; never fetched from anywhere). */
  logo?: SchemeValue;
  /** Needs an adapter (magic-link tokens, passkeys, password accounts). */
  needsDatabase?: boolean;
  /** An optional peer of the runtime the provider loads (installed with it). */
  peer?: string;
  /**
   * Position in the CLI's list: lower first; providers without one follow, by id. Only the
   * most asked-for providers set it.
   */
  order?: number;
}

/** Declares a catalogue entry (identity function: it only type-checks the data). */
export function defineCatalogue(entry: ProviderCatalogue): ProviderCatalogue {
  return entry;
}

const xml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A plain monogram logo: up to three letters on a rounded square, as SVG markup. Letters and
 * colours are escaped into the markup.
 */
export function monogram(letters: string, color: string, background: string): string {
  const size = letters.length > 2 ? 8 : letters.length === 2 ? 10 : 13;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` +
    `<rect width="24" height="24" rx="5" fill="${xml(background)}"/>` +
    `<text x="12" y="12" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${xml(color)}">${xml(letters)}</text></svg>`
  );
}

/**
 * A monogram logo for both schemes: the letters on the light and dark brand colours, in black
 * or white, whichever reads better on each.
 */
export function monogramLogo(letters: string, light: string, dark = light): SchemeValue {
  const on = (background: string) =>
    monogram(letters, readableTextColor(background) ?? "#ffffff", background);
  return { light: on(light), dark: on(dark) };
}

/** SVG markup as a `data:` URL, which the sign-in page shows in an `<img>` (no script runs). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The preset's `style` from its catalogue entry: brand colours and logos for both schemes. */
export function catalogueStyle(entry: ProviderCatalogue): ProviderStyle {
  const style: ProviderStyle = {};
  if (entry.brandColor) {
    style.brandColor = entry.brandColor.light;
    if (entry.brandColor.dark) style.brandColorDark = entry.brandColor.dark;
  }
  if (entry.logo) {
    style.logo = svgDataUrl(entry.logo.light);
    if (entry.logo.dark) style.logoDark = svgDataUrl(entry.logo.dark);
  }
  return style;
}
