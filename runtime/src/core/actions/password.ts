import { UnknownAction } from "../../errors.js";
import {
  changePasswordPage,
  confirmAddressPage,
  forgotPasswordPage,
  resetPasswordPage,
  signUpPage,
} from "../../pages/index.js";
import { DEFAULT_MIN_LENGTH } from "../../password/policy.js";
import type { PasswordConfig } from "../../providers/types.js";
import { type AuthContext, providerUrls } from "../context.js";
import { passwordChange } from "../flows/password/change.js";
import { passwordForgot, passwordReset } from "../flows/password/reset.js";
import { PasswordFormError } from "../flows/password/shared.js";
import { passwordSignUp } from "../flows/password/signup.js";
import { currentSession } from "../login.js";
import { bodyString } from "../request.js";
import type { ActionResult } from "./result.js";

const forms: Record<string, (ctx: AuthContext, provider: PasswordConfig) => Promise<string>> = {
  signup: passwordSignUp,
  forgot: passwordForgot,
  reset: passwordReset,
  change: passwordChange,
};

/**
 * `{base}/password/<operation>`: GET shows the page (`signup`, `forgot`, `reset` and `verify`
 * from a mailed link, `change` when signed in), POST submits its form (`signup`, `forgot`,
 * `reset`, `change`; the address confirmation posts to the sign-in callback). A refused form
 * goes back to its page with a fixed `error` code; every answer is a redirect, so
 * `X-Auth-Return-Redirect` turns it into JSON `{ url }` for an app's own forms.
 */
export async function passwordAction(ctx: AuthContext): Promise<ActionResult> {
  const provider = ctx.provider as PasswordConfig;
  const operation = ctx.operation ?? "";
  if (ctx.request.method === "GET") return passwordPage(ctx, provider, operation);
  const submit = Object.hasOwn(forms, operation) ? forms[operation] : undefined;
  if (!submit) throw new UnknownAction(`Cannot handle password operation: ${operation}`);
  try {
    return { redirect: await submit(ctx, provider) };
  } catch (error) {
    if (!(error instanceof PasswordFormError)) throw error;
    if (error.code === "signed_out") return { redirect: signInFirst(ctx, "change") };
    const query = new URLSearchParams({ error: error.code });
    const email = bodyString(ctx.request.body, "email");
    if (email && email.length <= 254) query.set("email", email);
    const token = bodyString(ctx.request.body, "token");
    if (operation === "reset" && token) query.set("token", token);
    return { redirect: `${ctx.base}/password/${operation}?${query}` };
  }
}

function signInFirst(ctx: AuthContext, operation: string): string {
  const query = new URLSearchParams({ callbackUrl: `${ctx.base}/password/${operation}` });
  return `${ctx.base}/signin?${query}`;
}

async function passwordPage(
  ctx: AuthContext,
  provider: PasswordConfig,
  operation: string,
): Promise<ActionResult> {
  const { query } = ctx;
  const base = {
    base: ctx.base,
    csrfToken: ctx.csrfToken,
    callbackUrl: ctx.callbackUrl,
    theme: ctx.config.theme,
    error: query.error,
  };
  const minLength = provider.minLength ?? DEFAULT_MIN_LENGTH;
  switch (operation) {
    case "signup":
      return { page: signUpPage({ ...base, minLength, email: query.email }) };
    case "forgot":
      return { page: forgotPasswordPage({ ...base, email: query.email }) };
    case "reset":
      if (!query.token || !query.email) {
        return { page: forgotPasswordPage({ ...base, error: "invalid_link" }) };
      }
      return {
        page: resetPasswordPage({ ...base, minLength, token: query.token, email: query.email }),
      };
    case "verify": {
      if (!query.token || !query.email) {
        return { redirect: `${ctx.base}/signin` };
      }
      const callbackAction = providerUrls(ctx, provider).callbackUrl;
      return {
        page: confirmAddressPage({
          ...base,
          callbackAction,
          token: query.token,
          email: query.email,
        }),
      };
    }
    case "change": {
      const current = await currentSession(ctx);
      if (!current) return { redirect: signInFirst(ctx, "change") };
      const credential = await ctx.config.adapter!.getPasswordCredential!(String(current.user.id));
      return {
        page: changePasswordPage({
          ...base,
          minLength,
          hasPassword: credential !== null,
          email: current.user.email,
        }),
      };
    }
    default:
      throw new UnknownAction(`Cannot handle password page: ${operation}`);
  }
}
