/**
 * The built-in sign-in page (`GET {base}/signin`).
 *
 * @module pages/signin
 */
import type { Theme } from "../types.js";
import { escapeHtml } from "./escape.js";
import { fieldLabel } from "./field.js";
import { renderDocument } from "./layout.js";
import {
  credentialsForm,
  emailFieldLabel,
  emailForm,
  type FormContext,
  oauthForm,
  passwordForm,
  webAuthnForm,
} from "./signin-forms.js";
import type { PageProvider, RenderedPage } from "./types.js";
import { safeHttpUrl } from "./url.js";

const differentAccount = "Try signing in with a different account.";

/** Banner text per `?error=` type (Auth.js's texts, plus `RateLimited` and `RateLimitUnavailable`). */
const bannerTexts = new Map<string, string>([
  ["Signin", differentAccount],
  ["OAuthSignin", differentAccount],
  ["OAuthCallbackError", differentAccount],
  ["OAuthCreateAccount", differentAccount],
  ["EmailCreateAccount", differentAccount],
  ["Callback", differentAccount],
  [
    "OAuthAccountNotLinked",
    "To confirm your identity, sign in with the same account you used originally.",
  ],
  ["EmailSignin", "The e-mail could not be sent."],
  // Ours: a refused address or a failed send (client-safe here, Configuration in Auth.js).
  ["EmailSignInError", "The e-mail could not be sent. Check the address and try again."],
  ["CredentialsSignin", "Sign in failed. Check the details you provided are correct."],
  ["SessionRequired", "Please sign in to access this page."],
  ["RateLimited", "Too many attempts. Wait a moment and try again."],
  ["RateLimitUnavailable", "Sign-in is temporarily unavailable. Try again in a moment."],
]);

/** The fixed banner text for an error type; the type itself is never shown. */
function banner(error: string | undefined): string {
  if (error === undefined || error === "") return "";
  const text = bannerTexts.get(error) ?? "Unable to sign in.";
  return `<div class="alert" role="alert"><p>${text}</p></div>`;
}

/**
 * Which providers the page shows, as in Auth.js: OAuth, OIDC and email always, credentials when
 * it has a `credentials` object, WebAuthn when it has `formFields` and the WebAuthn script is
 * loaded (its form does nothing without it).
 */
function isShown(provider: PageProvider, hasWebAuthnScript: boolean): boolean {
  switch (provider.type) {
    case "oauth":
    case "oidc":
    case "email":
    case "password":
      return true;
    case "credentials":
      return typeof provider.credentials === "object" && provider.credentials !== null;
    case "webauthn":
      return (
        hasWebAuthnScript && typeof provider.formFields === "object" && provider.formFields !== null
      );
    default:
      return false;
  }
}

const isButton = (provider: PageProvider) => provider.type === "oauth" || provider.type === "oidc";

/**
 * Groups separated by `<hr>`: each run of OAuth/OIDC buttons is one group, every form-based
 * provider (email, credentials, WebAuthn) its own.
 */
function groups(providers: PageProvider[]): PageProvider[][] {
  const result: PageProvider[][] = [];
  for (const provider of providers) {
    const last = result.at(-1);
    if (last && isButton(provider) && isButton(last[0]!)) last.push(provider);
    else result.push([provider]);
  }
  return result;
}

/**
 * `submitButton` goes to the first email provider (as in Auth.js), or failing that the first
 * credentials provider; other submit buttons get `submitButton-<id>` so ids stay unique.
 */
function primarySubmitProvider(providers: PageProvider[]): PageProvider | undefined {
  return (
    providers.find((p) => p.type === "email") ??
    providers.find((p) => p.type === "credentials" || p.type === "password")
  );
}

/** The provider's visible fields as `[key, label]`, in page order. */
function fieldsOf(provider: PageProvider): [string, string][] {
  if (provider.type === "email") return [["email", emailFieldLabel]];
  if (provider.type === "password") {
    return [
      ["email", "Email"],
      ["password", "Password"],
    ];
  }
  const fields = provider.type === "credentials" ? provider.credentials : provider.formFields;
  return Object.entries(fields ?? {}).map(([key, input]) => [key, fieldLabel(key, input)]);
}

/**
 * Labels that would repeat on the page (two forms each asking for "Email") get the provider's
 * name appended after their first use, so every field is told apart by its label.
 */
function distinctLabels(providers: PageProvider[]): Map<PageProvider, Map<string, string>> {
  const used = new Set<string>();
  const result = new Map<PageProvider, Map<string, string>>();
  for (const provider of providers) {
    const labels = new Map<string, string>();
    for (const [key, label] of fieldsOf(provider)) {
      const seen = used.has(label.toLowerCase());
      const text = seen ? `${label} (${provider.name})` : label;
      used.add(text.toLowerCase());
      if (seen) labels.set(key, text);
    }
    result.set(provider, labels);
  }
  return result;
}

function renderProvider(provider: PageProvider, ctx: FormContext): string {
  switch (provider.type) {
    case "email":
      return emailForm(provider, ctx);
    case "credentials":
      return credentialsForm(provider, ctx);
    case "webauthn":
      return webAuthnForm(provider, ctx);
    case "password":
      return passwordForm(provider, ctx);
    default:
      return oauthForm(provider, ctx);
  }
}

/**
 * The sign-in page: an error banner for `error` (fixed texts per Auth.js error type, never the
 * value itself), then a form per provider, grouped and separated like Auth.js's. With
 * `webAuthnScriptUrl` (http(s) only) the page loads it with `<script src defer>` and shows the
 * WebAuthn forms. Status 200.
 */
export function signInPage(p: {
  providers: PageProvider[];
  csrfToken: string;
  callbackUrl: string;
  error?: string;
  email?: string;
  /** The username of a refused credentials attempt, put back into the form. */
  username?: string | undefined;
  /** A status line above the forms, such as "You are signed out." (fixed text, escaped). */
  notice?: string | undefined;
  theme: Theme;
  webAuthnScriptUrl?: string;
}): RenderedPage {
  const scriptUrl = safeHttpUrl(p.webAuthnScriptUrl);
  const shown = p.providers.filter((provider) => isShown(provider, scriptUrl !== undefined));
  const primary = primarySubmitProvider(shown);
  const labels = distinctLabels(shown);
  // Only the page's first field is focused (`autofocus` on two fields focuses the last one).
  const focused = shown.find((provider) => fieldsOf(provider).length > 0);
  const render = (provider: PageProvider) =>
    renderProvider(provider, {
      csrfToken: p.csrfToken,
      callbackUrl: p.callbackUrl,
      email: p.email,
      username: p.username,
      submitId: provider === primary ? "submitButton" : `submitButton-${provider.id}`,
      autofocus: provider === focused,
      labels: labels.get(provider) ?? new Map(),
    });
  const body = groups(shown)
    .map((group) => `<div class="providers">${group.map(render).join("")}</div>`)
    .join("<hr>");
  const notice = p.notice
    ? `<div class="notice" role="status"><p>${escapeHtml(p.notice)}</p></div>`
    : "";
  const card = `<h1>Sign in</h1>${notice}${banner(p.error)}${body}`;
  return {
    status: 200,
    html: renderDocument({ title: "Sign In", theme: p.theme, card, scriptUrl }),
  };
}
