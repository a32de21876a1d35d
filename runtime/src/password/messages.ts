/**
 * The password provider's mails: plain text plus simple HTML, everything interpolated escaped.
 *
 * @module password/messages
 */
import { escapeHtml } from "../pages/escape.js";
import type { PasswordMailKind } from "../providers/types.js";

export interface PasswordMessage {
  subject: string;
  text: string;
  html: string;
}

const texts: Record<PasswordMailKind, { subject: string; intro: string; button: string }> = {
  verify: {
    subject: "Confirm your email address for",
    intro:
      "Confirm this address to finish creating your account. You will be asked for the password you chose.",
    button: "Confirm my address",
  },
  reset: {
    subject: "Reset your password for",
    intro: "Choose a new password with the link below. It works once and expires within the hour.",
    button: "Choose a new password",
  },
  exists: {
    subject: "You already have an account on",
    intro:
      "Someone, perhaps you, tried to create an account with this address, which already has one. If you forgot your password, choose a new one here.",
    button: "Reset my password",
  },
};

/** The mail of `kind` for a link to `url`. */
export function passwordMessage(kind: PasswordMailKind, url: string): PasswordMessage {
  const host = new URL(url).host;
  const { subject, intro, button } = texts[kind];
  const ignore = "If you did not ask for this, you can ignore this email.";
  const html = `<!DOCTYPE html>
<html lang="en"><body style="background:#f9f9f9;margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#ffffff;border-radius:10px;padding:20px">
<tr><td style="font-size:16px;color:#444444;padding:10px 0">${escapeHtml(intro)}</td></tr>
<tr><td align="center" style="padding:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 20px;border-radius:5px;background:#346df1;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(button)}</a></td></tr>
<tr><td style="font-size:14px;color:#444444">${escapeHtml(ignore)}</td></tr>
</table></body></html>`;
  return {
    subject: `${subject} ${host}`,
    text: `${intro}\n${url}\n\n${ignore}\n`,
    html,
  };
}
