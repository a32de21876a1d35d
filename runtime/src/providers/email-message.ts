import { escapeHtml } from "../pages/escape.js";
import type { Theme } from "../types.js";

const hexColor = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export interface SignInMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * The sign-in email: plain text plus a simple HTML version. Everything interpolated is
 * escaped, and theme colours are used only when they are plain hex colours, so nothing from
 * configuration or the request can inject markup into a mail client.
 */
export function signInMessage(url: string, theme: Theme): SignInMessage {
  const host = new URL(url).host;
  const brand = theme.brandColor && hexColor.test(theme.brandColor) ? theme.brandColor : "#346df1";
  const buttonText =
    theme.buttonText && hexColor.test(theme.buttonText) ? theme.buttonText : "#ffffff";
  const safeHost = escapeHtml(host);
  const safeUrl = escapeHtml(url);
  const html = `<!DOCTYPE html>
<html lang="en"><body style="background:#f9f9f9;margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#ffffff;border-radius:10px;padding:20px">
<tr><td align="center" style="font-size:22px;color:#444444;padding:10px 0">Sign in to <strong>${safeHost}</strong></td></tr>
<tr><td align="center" style="padding:20px 0"><a href="${safeUrl}" target="_blank" style="display:inline-block;padding:10px 20px;border-radius:5px;background:${brand};color:${buttonText};text-decoration:none;font-weight:bold;font-size:18px">Sign in</a></td></tr>
<tr><td align="center" style="font-size:16px;color:#444444;padding:0 0 10px">If you did not request this email you can safely ignore it.</td></tr>
</table></body></html>`;
  return {
    subject: `Sign in to ${host}`,
    text: `Sign in to ${host}\n${url}\n\nIf you did not request this email you can safely ignore it.\n`,
    html,
  };
}
