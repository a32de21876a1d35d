// Minimal built-in pages; the full pages (theme, every provider form, styles) replace this module.
import type { CredentialInput, ProviderStyle, ProviderType } from "../providers/types.js";
import type { Theme } from "../types.js";
export interface PageProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
  style?: ProviderStyle;
  credentials?: Record<string, CredentialInput>;
  formFields?: Record<string, CredentialInput>;
}
export interface RenderedPage {
  status: number;
  html: string;
}
const e = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export function signInPage(p: {
  providers: PageProvider[];
  csrfToken: string;
  callbackUrl: string;
  error?: string;
  email?: string;
  theme: Theme;
  webAuthnScriptUrl?: string;
}): RenderedPage {
  return {
    status: 200,
    html: `<!DOCTYPE html><title>Sign In</title>${p.providers
      .map(
        (x) =>
          `<form action="${e(x.type === "credentials" ? x.callbackUrl : x.signinUrl)}" method="POST"><input type="hidden" name="csrfToken" value="${e(p.csrfToken)}"><input type="hidden" name="callbackUrl" value="${e(p.callbackUrl)}">${Object.keys(
            x.credentials ?? {},
          )
            .map((k) => `<input name="${e(k)}">`)
            .join("")}</form>`,
      )
      .join("")}`,
  };
}
export function signOutPage(p: { action: string; csrfToken: string; theme: Theme }): RenderedPage {
  return {
    status: 200,
    html: `<form action="${e(p.action)}" method="POST"><input type="hidden" name="csrfToken" value="${e(p.csrfToken)}"></form>`,
  };
}
export function errorPage(p: {
  error?: string;
  signInUrl: string;
  homeUrl: string;
  theme: Theme;
}): RenderedPage {
  const status =
    p.error === "Configuration"
      ? 500
      : p.error === "AccessDenied" || p.error === "Verification"
        ? 403
        : 200;
  return { status, html: "<h1>Error</h1>" };
}
export function verifyRequestPage(_p: { homeUrl: string; theme: Theme }): RenderedPage {
  return { status: 200, html: "<h1>Check your email</h1>" };
}
