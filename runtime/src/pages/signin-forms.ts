/**
 * One form per provider type on the sign-in page. Every value is escaped here; URLs that are
 * not http(s) become `#` (forms) or are dropped (logos).
 *
 * @module pages/signin-forms
 */
import { readableTextColor, safeCssColor } from "./color.js";
import { escapeHtml } from "./escape.js";
import { defaultAutocomplete, renderField } from "./field.js";
import { formAction, hiddenInput, link } from "./layout.js";
import type { PageProvider } from "./types.js";
import { safeImageUrl } from "./url.js";

/** What every provider form needs besides the provider. */
export interface FormContext {
  csrfToken: string;
  callbackUrl: string;
  email?: string | undefined;
  /** The username of a refused credentials attempt, put back into the identifier field. */
  username?: string | undefined;
  /** `id` of this provider's submit button: `submitButton` or `submitButton-<id>`. */
  submitId: string;
  /** Whether this form holds the page's first field, which gets `autofocus`. */
  autofocus: boolean;
  /** Label texts that replace the configured ones, by field key (kept distinct page-wide). */
  labels: Map<string, string>;
}

/** The label of the email provider's address field. */
export const emailFieldLabel = "Email for a sign-in link";

/** Hidden `csrfToken`, and `callbackUrl` when there is one. */
function hiddenFields(ctx: FormContext, withCallbackUrl = true): string {
  return (
    hiddenInput("csrfToken", ctx.csrfToken) +
    (withCallbackUrl && ctx.callbackUrl ? hiddenInput("callbackUrl", ctx.callbackUrl) : "")
  );
}

function submitButton(id: string, provider: PageProvider): string {
  return `<button id="${escapeHtml(id)}" type="submit">Sign in with ${escapeHtml(provider.name)}</button>`;
}

/**
 * Class and inline custom properties for a provider button. A colour whose contrast can be
 * computed fills the button with black or white text; any other safe colour only marks its
 * edge, so the text keeps the page's contrast; an unsafe colour is ignored. A dark-scheme
 * colour (`brandColorDark`) that fills the button replaces the light one in the dark scheme.
 */
function brandStyle(provider: PageProvider): string {
  const brand = safeCssColor(provider.style?.brandColor ?? provider.style?.bg);
  if (!brand) return `class="provider"`;
  const text = readableTextColor(brand);
  if (!text) return `class="provider accented" style="--provider-brand-color:${escapeHtml(brand)}"`;
  const dark = safeCssColor(provider.style?.brandColorDark);
  const darkText = dark ? readableTextColor(dark) : undefined;
  const darkVars =
    dark && darkText
      ? `;--provider-brand-color-dark:${escapeHtml(dark)};--provider-text-color-dark:${darkText}`
      : "";
  return `class="provider branded${darkVars ? " branded-dark" : ""}" style="--provider-brand-color:${escapeHtml(brand)};--provider-text-color:${text}${darkVars}"`;
}

/** The button's logo: one `<img>`, or two when a dark-scheme logo is set (CSS shows one). */
function logoImages(provider: PageProvider): string {
  const img = (src: string, className?: string) =>
    `<img${className ? ` class="${className}"` : ""} src="${escapeHtml(src)}" alt="" width="24" height="24" loading="lazy">`;
  const light = safeImageUrl(provider.style?.logo);
  const dark = safeImageUrl(provider.style?.logoDark);
  if (!light) return dark ? img(dark, "provider-logo-dark-only") : "";
  if (!dark) return img(light);
  return img(light, "provider-logo-light") + img(dark, "provider-logo-dark");
}

/** OAuth / OIDC: a button posting to the provider's sign-in endpoint. */
export function oauthForm(provider: PageProvider, ctx: FormContext): string {
  return (
    `<form action="${formAction(provider.signinUrl)}" method="POST">${hiddenFields(ctx)}` +
    `<button type="submit" ${brandStyle(provider)}>${logoImages(provider)}` +
    `<span>Sign in with ${escapeHtml(provider.name)}</span></button></form>`
  );
}

/** Email (magic link): an email address field, prefilled from `ctx.email`. */
export function emailForm(provider: PageProvider, ctx: FormContext): string {
  const id = escapeHtml(`input-email-for-${provider.id}-provider`);
  const value = ctx.email ? ` value="${escapeHtml(ctx.email)}"` : "";
  return (
    `<form action="${formAction(provider.signinUrl)}" method="POST">${hiddenFields(ctx)}` +
    `<div class="field"><label for="${id}">${escapeHtml(ctx.labels.get("email") ?? emailFieldLabel)}</label>` +
    `<input id="${id}" type="email" name="email"${value} placeholder="email@example.com" autocomplete="email" required${ctx.autofocus ? " autofocus" : ""}></div>` +
    `${submitButton(ctx.submitId, provider)}</form>`
  );
}

/**
 * Credentials: one labelled input per configured credential, posting to the callback URL. The
 * identifier field gets back the username of a refused attempt; a password never comes back.
 */
export function credentialsForm(provider: PageProvider, ctx: FormContext): string {
  const fields = Object.entries(provider.credentials ?? {})
    .map(([key, input], index) =>
      renderField(provider.id, key, input, {
        autofocus: ctx.autofocus && index === 0,
        label: ctx.labels.get(key),
        value: defaultAutocomplete(key, input) === "username" ? ctx.username : undefined,
      }),
    )
    .join("");
  return (
    `<form action="${formAction(provider.callbackUrl)}" method="POST">${hiddenFields(ctx)}` +
    `${fields}${submitButton(ctx.submitId, provider)}</form>`
  );
}

/**
 * WebAuthn: the form the WebAuthn script drives. It finds the form by `data-webauthn-options`
 * (the options URL), reads the `data-form-field` inputs, and fills the hidden `action` and
 * `data` inputs before submitting. `novalidate`: a passkey signs in without a typed email.
 * The second button asks to create a passkey (a new account, or one more for the signed-in user).
 */
export function webAuthnForm(provider: PageProvider, ctx: FormContext): string {
  const fields = Object.entries(provider.formFields ?? {})
    .map(([key, input], index) =>
      renderField(provider.id, key, input, {
        formField: true,
        autofocus: ctx.autofocus && index === 0,
        label: ctx.labels.get(key),
      }),
    )
    .join("");
  const options = provider.optionsUrl
    ? ` data-webauthn-options="${formAction(provider.optionsUrl)}"`
    : "";
  const conditional = provider.conditionalUI ? " data-webauthn-conditional" : "";
  return (
    `<form id="${escapeHtml(`${provider.id}-form`)}" action="${formAction(provider.callbackUrl)}" method="POST"${options}${conditional} novalidate>` +
    `${hiddenFields(ctx, false)}${fields}${hiddenInput("action", "")}${hiddenInput("data", "")}` +
    `${submitButton(`submitButton-${provider.id}`, provider)}` +
    `<button id="${escapeHtml(`registerButton-${provider.id}`)}" type="submit" class="secondary" data-webauthn-action="register">Create a passkey</button>` +
    `<p class="webauthn-status" role="status" data-webauthn-status></p></form>`
  );
}

/**
 * Password: email and current password posting to the callback URL, with links to create an
 * account and to reset a forgotten password. The address of a refused attempt comes back.
 */
export function passwordForm(provider: PageProvider, ctx: FormContext): string {
  const id = (name: string) => escapeHtml(`input-${name}-for-${provider.id}-provider`);
  const email = ctx.username ?? ctx.email;
  const value = email ? ` value="${escapeHtml(email)}"` : "";
  const base = provider.callbackUrl.replace(/\/callback\/[^/]*$/, "");
  const label = (key: string, text: string) => escapeHtml(ctx.labels.get(key) ?? text);
  return (
    `<form action="${formAction(provider.callbackUrl)}" method="POST">${hiddenFields(ctx)}` +
    `<div class="field"><label for="${id("email")}">${label("email", "Email")}</label>` +
    `<input id="${id("email")}" type="email" name="email"${value} autocomplete="username" required${ctx.autofocus ? " autofocus" : ""}></div>` +
    `<div class="field"><label for="${id("password")}">${label("password", "Password")}</label>` +
    `<input id="${id("password")}" type="password" name="password" autocomplete="current-password" required></div>` +
    `${submitButton(ctx.submitId, provider)}` +
    `<p class="links">${link(`${base}/password/forgot`, "Forgot your password?")}${link(`${base}/password/signup`, "Create an account")}</p></form>`
  );
}
