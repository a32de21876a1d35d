import type { CredentialInput, ProviderStyle, ProviderType } from "../providers/types.js";
import type { Theme } from "../types.js";
import { escapeHtml, safeCssColor, safeHttpUrl, safeImageUrl } from "./escape.js";
import { hidden, renderFields } from "./fields.js";
import { layout, type RenderedPage } from "./layout.js";

/** A provider as the sign-in page shows it. */
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

const tryAnotherAccount = "Try signing in with a different account.";
const signInErrors: Record<string, string> = {
  Signin: tryAnotherAccount,
  OAuthSignin: tryAnotherAccount,
  OAuthCallbackError: tryAnotherAccount,
  OAuthCreateAccount: tryAnotherAccount,
  EmailCreateAccount: tryAnotherAccount,
  Callback: tryAnotherAccount,
  OAuthAccountNotLinked:
    "To confirm your identity, sign in with the same account you used originally.",
  EmailSignin: "The e-mail could not be sent.",
  EmailSignInError: "The e-mail could not be sent. Check the address and try again.",
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  SessionRequired: "Please sign in to access this page.",
  RateLimited: "Too many attempts. Wait a moment and try again.",
};

/** The message for a sign-in error code; the code itself is never shown. */
export function signInErrorMessage(error: string): string {
  return Object.hasOwn(signInErrors, error) ? signInErrors[error]! : "Unable to sign in.";
}

function form(action: string, body: string, attributes = ""): string {
  const safe = safeHttpUrl(action) ?? "#";
  return `<form action="${escapeHtml(safe)}" method="POST"${attributes}>\n${body}\n</form>`;
}

function oauthButton(provider: PageProvider, csrfToken: string, callbackUrl: string): string {
  const style = provider.style ?? {};
  const brand = safeCssColor(style.brandColor ?? style.bg);
  const text = safeCssColor(style.text);
  const logo = safeImageUrl(style.logo);
  const styleAttribute = [
    brand && `--provider-brand-color:${brand}`,
    text && `--provider-text-color:${text}`,
  ]
    .filter(Boolean)
    .join(";");
  return form(
    provider.signinUrl,
    `${hidden("csrfToken", csrfToken)}
${hidden("callbackUrl", callbackUrl)}
<button type="submit" class="provider"${styleAttribute ? ` style="${escapeHtml(styleAttribute)}"` : ""}>${
      logo ? `<img src="${escapeHtml(logo)}" alt="">` : ""
    }<span>Sign in with ${escapeHtml(provider.name)}</span></button>`,
  );
}

function emailForm(
  provider: PageProvider,
  csrfToken: string,
  callbackUrl: string,
  email = "",
): string {
  const id = `input-email-for-${provider.id}-provider`;
  return form(
    provider.signinUrl,
    `${hidden("csrfToken", csrfToken)}
${hidden("callbackUrl", callbackUrl)}
<label for="${escapeHtml(id)}">Email</label>
<input id="${escapeHtml(id)}" type="email" name="email" value="${escapeHtml(email)}" placeholder="email@example.com" autocomplete="email" required autofocus>
<button id="submitButton" type="submit">Sign in with ${escapeHtml(provider.name)}</button>`,
  );
}

function credentialsForm(provider: PageProvider, csrfToken: string, callbackUrl: string): string {
  return form(
    provider.callbackUrl,
    `${hidden("csrfToken", csrfToken)}
${hidden("callbackUrl", callbackUrl)}
${renderFields(provider.id, provider.credentials ?? {})}
<button id="submitButton" type="submit">Sign in with ${escapeHtml(provider.name)}</button>`,
  );
}

function webAuthnForm(provider: PageProvider, csrfToken: string): string {
  return form(
    provider.callbackUrl,
    `${hidden("csrfToken", csrfToken)}
${renderFields(provider.id, provider.formFields ?? {}, " data-form-field")}
<input type="hidden" name="action" value="">
<input type="hidden" name="data" value="">
<button id="submitButton-${escapeHtml(provider.id)}" type="submit">Sign in with ${escapeHtml(provider.name)}</button>`,
    ` id="${escapeHtml(provider.id)}-form"`,
  );
}

/**
 * The built-in sign-in page: one button per OAuth/OIDC provider, then a form for each email,
 * credentials and WebAuthn provider, separated by rules. Reference §10.
 */
export function signInPage(params: {
  providers: PageProvider[];
  csrfToken: string;
  callbackUrl: string;
  error?: string;
  email?: string;
  theme: Theme;
  webAuthnScriptUrl?: string;
}): RenderedPage {
  const { providers, csrfToken, callbackUrl, error, email, theme, webAuthnScriptUrl } = params;
  const groups: string[] = [];
  const oauth = providers.filter((p) => p.type === "oauth" || p.type === "oidc");
  if (oauth.length)
    groups.push(oauth.map((p) => oauthButton(p, csrfToken, callbackUrl)).join("\n"));
  for (const provider of providers) {
    if (provider.type === "email") groups.push(emailForm(provider, csrfToken, callbackUrl, email));
    else if (provider.type === "credentials")
      groups.push(credentialsForm(provider, csrfToken, callbackUrl));
    else if (provider.type === "webauthn" && provider.formFields)
      groups.push(webAuthnForm(provider, csrfToken));
  }
  const banner = error
    ? `<div class="error" role="alert">${escapeHtml(signInErrorMessage(error))}</div>\n`
    : "";
  return layout({
    title: "Sign In",
    theme,
    scriptUrl: webAuthnScriptUrl,
    body: `<h1>Sign in</h1>\n${banner}${groups.join("\n<hr>\n")}`,
  });
}
