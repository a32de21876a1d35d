/**
 * The password provider's pages: create an account, ask for a reset link, choose a new password
 * from that link, confirm an address (with the password), and change the password while signed
 * in. Every value is escaped; error banners are fixed texts chosen by code, never the code itself.
 *
 * @module pages/password
 */
import type { Theme } from "../types.js";
import { escapeHtml } from "./escape.js";
import { formAction, hiddenInput, link, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/** Banner texts of the password forms, by `?error=` code. */
const errorTexts = new Map<string, string>([
  ["too_short", "Choose a longer password."],
  ["too_long", "That password is too long: use at most 256 characters."],
  ["common", "That password is too common or too easy to guess. Choose another one."],
  ["invalid_email", "Enter one valid email address."],
  ["invalid_link", "This link is invalid, used or expired. Ask for a new one."],
  ["wrong_password", "The current password is not correct."],
  ["RateLimited", "Too many attempts. Wait a moment and try again."],
  ["MissingCSRF", "The form expired. Try again."],
]);

function banner(code: string | undefined): string {
  if (!code) return "";
  const text = errorTexts.get(code) ?? "Something went wrong. Try again.";
  return `<div class="alert" role="alert"><p>${escapeHtml(text)}</p></div>`;
}

export interface PasswordPageBase {
  /** Absolute `{base}`, e.g. `https://app.test/auth`. */
  base: string;
  csrfToken: string;
  callbackUrl: string;
  theme: Theme;
  error?: string | undefined;
}

function page(title: string, card: string, theme: Theme): RenderedPage {
  return { status: 200, html: renderDocument({ title, theme, card }) };
}

function hidden(p: PasswordPageBase): string {
  return hiddenInput("csrfToken", p.csrfToken) + hiddenInput("callbackUrl", p.callbackUrl);
}

/** A labelled input; `extra` is trusted attribute text built here. */
function field(id: string, name: string, label: string, type: string, extra: string): string {
  return (
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>` +
    `<input id="${id}" name="${name}" type="${type}" ${extra}></div>`
  );
}

function newPasswordField(id: string, label: string, minLength: number, autofocus = false): string {
  const hint = `${id}-hint`;
  return (
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>` +
    `<input id="${id}" name="password" type="password" autocomplete="new-password" minlength="${minLength}" maxlength="256" required aria-describedby="${hint}"${autofocus ? " autofocus" : ""}>` +
    `<p id="${hint}" class="hint">At least ${minLength} characters. Common passwords are refused.</p></div>`
  );
}

function emailValue(email: string | undefined): string {
  return email ? ` value="${escapeHtml(email)}"` : "";
}

/** GET `{base}/password/signup`. */
export function signUpPage(
  p: PasswordPageBase & { minLength: number; email?: string },
): RenderedPage {
  const card =
    `<h1>Create an account</h1>${banner(p.error)}` +
    `<form action="${formAction(`${p.base}/password/signup`)}" method="POST">${hidden(p)}` +
    field(
      "password-signup-email",
      "email",
      "Email",
      "email",
      `autocomplete="email" required autofocus${emailValue(p.email)}`,
    ) +
    newPasswordField("password-signup-password", "Password", p.minLength) +
    `<button id="submitButton" type="submit">Create account</button></form>` +
    `<p>${link(`${p.base}/signin`, "Already have an account? Sign in")}</p>`;
  return page("Create an account", card, p.theme);
}

/** GET `{base}/password/forgot`. */
export function forgotPasswordPage(p: PasswordPageBase & { email?: string }): RenderedPage {
  const card =
    `<h1>Forgot your password?</h1>${banner(p.error)}` +
    `<p>Enter your email address and we will send you a link to choose a new password.</p>` +
    `<form action="${formAction(`${p.base}/password/forgot`)}" method="POST">${hidden(p)}` +
    field(
      "password-forgot-email",
      "email",
      "Email",
      "email",
      `autocomplete="email" required autofocus${emailValue(p.email)}`,
    ) +
    `<button id="submitButton" type="submit">Email me a link</button></form>` +
    `<p>${link(`${p.base}/signin`, "Back to sign in")}</p>`;
  return page("Forgot your password", card, p.theme);
}

/**
 * GET `{base}/password/reset?token&email` (the mailed link): the new-password form. The address
 * is shown read-only with `autocomplete="username"`, so password managers update the right entry.
 */
export function resetPasswordPage(
  p: PasswordPageBase & { minLength: number; token: string; email: string },
): RenderedPage {
  const card =
    `<h1>Choose a new password</h1>${banner(p.error)}` +
    `<form action="${formAction(`${p.base}/password/reset`)}" method="POST">${hidden(p)}${hiddenInput("token", p.token)}` +
    field(
      "password-reset-email",
      "email",
      "Email",
      "email",
      `autocomplete="username" readonly${emailValue(p.email)}`,
    ) +
    newPasswordField("password-reset-password", "New password", p.minLength, true) +
    `<button id="submitButton" type="submit">Save the new password</button></form>`;
  return page("Choose a new password", card, p.theme);
}

/**
 * GET `{base}/password/verify?token&email` (the mailed link): confirming an address takes the
 * account's password too, so a link to an account someone else created with your address
 * (pre-registration) confirms nothing for them.
 */
export function confirmAddressPage(
  p: PasswordPageBase & { callbackAction: string; token: string; email: string },
): RenderedPage {
  const card =
    `<h1>Confirm your address</h1>${banner(p.error)}` +
    `<p>Enter the password you chose to finish creating your account.</p>` +
    `<form action="${formAction(p.callbackAction)}" method="POST">${hidden(p)}${hiddenInput("token", p.token)}` +
    field(
      "password-confirm-email",
      "email",
      "Email",
      "email",
      `autocomplete="username" readonly${emailValue(p.email)}`,
    ) +
    field(
      "password-confirm-password",
      "password",
      "Password",
      "password",
      `autocomplete="current-password" required autofocus`,
    ) +
    `<button id="submitButton" type="submit">Confirm and sign in</button></form>`;
  return page("Confirm your address", card, p.theme);
}

/** GET `{base}/password/change` (signed in). Without a password yet, none is asked for. */
export function changePasswordPage(
  p: PasswordPageBase & { minLength: number; hasPassword: boolean; email?: string },
): RenderedPage {
  const username = p.email
    ? `<input type="hidden" name="username" autocomplete="username"${emailValue(p.email)}>`
    : "";
  const current = p.hasPassword
    ? field(
        "password-change-current",
        "currentPassword",
        "Current password",
        "password",
        `autocomplete="current-password" required autofocus`,
      )
    : "";
  const card =
    `<h1>${p.hasPassword ? "Change your password" : "Set a password"}</h1>${banner(p.error)}` +
    `<form action="${formAction(`${p.base}/password/change`)}" method="POST">${hidden(p)}${username}${current}` +
    newPasswordField("password-change-new", "New password", p.minLength, !p.hasPassword) +
    `<button id="submitButton" type="submit">Save the new password</button></form>`;
  return page("Change your password", card, p.theme);
}
