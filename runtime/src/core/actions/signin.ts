import { InvalidProvider, MissingCSRF, UnknownAction } from "../../errors.js";
import { oauthSignIn } from "../../oauth/index.js";
import { type PageProvider, type RenderedPage, signInPage } from "../../pages/index.js";
import { type AuthContext, providerUrls } from "../context.js";
import { emailSignIn } from "../flows/email.js";
import { takePageHint } from "../page-hint.js";
import { scriptPageHeaders } from "../security-headers.js";
import type { ActionResult } from "./result.js";

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const search = query.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

/**
 * GET `{base}/signin`: the built-in sign-in page, or a redirect to `pages.signIn`.
 * POST `{base}/signin/<id>`: starts an OAuth or email sign-in.
 */
export async function signInAction(ctx: AuthContext): Promise<ActionResult> {
  const { config, provider, request } = ctx;
  if (request.method === "GET") {
    if (provider) throw new UnknownAction("GET is not supported on a provider's sign-in URL");
    if (config.pages.signIn) {
      return {
        redirect: withQuery(config.pages.signIn, {
          callbackUrl: ctx.callbackUrl,
          error: ctx.query.error,
        }),
      };
    }
    return { page: builtInSignInPage(ctx, ctx.query.error) };
  }

  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action signin");
  if (!provider) return { redirect: `${ctx.base}/signin` };
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return { redirect: await oauthSignIn(ctx, provider) };
    case "email":
      return { redirect: await emailSignIn(ctx, provider) };
    case "credentials":
    case "webauthn":
    case "password":
      return { redirect: `${ctx.base}/signin` };
    default:
      throw new InvalidProvider("Unsupported provider type");
  }
}

const notices: Record<string, string> = {
  "signed-out": "You are signed out.",
  "password-changed": "Your password has been changed. Sign in with the new one.",
};

/** After a correct password for an unconfirmed address: a new confirmation link was sent. */
function unverifiedNotice(ctx: AuthContext): string | undefined {
  return ctx.query.error === "CredentialsSignin" && ctx.query.code === "unverified"
    ? "Confirm your address first: we sent you a new link."
    : undefined;
}

/** The built-in sign-in page for this request, with the banner for `error`. */
export function builtInSignInPage(ctx: AuthContext, error: string | undefined): RenderedPage {
  const { config } = ctx;
  const providers: PageProvider[] = config.providers.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    ...providerUrls(ctx, p),
    ...("style" in p && p.style ? { style: p.style } : {}),
    ...(p.type === "credentials" ? { credentials: p.credentials ?? {} } : {}),
    ...(p.type === "webauthn" && p.formFields
      ? {
          formFields: p.formFields,
          optionsUrl: `${ctx.base}/webauthn-options/${p.id}`,
          conditionalUI: Boolean(p.enableConditionalUI),
        }
      : {}),
  }));
  // Passkey forms need the runtime's own script; the page's CSP allows exactly that script.
  const webAuthn = providers.some((p) => p.type === "webauthn" && p.formFields);
  const webAuthnScriptUrl = webAuthn ? `${ctx.base}/webauthn-script.js` : undefined;
  const hint = takePageHint(ctx);
  const page = signInPage({
    providers,
    csrfToken: ctx.csrfToken,
    callbackUrl: ctx.callbackUrl,
    error: unverifiedNotice(ctx) ? undefined : error,
    email: ctx.query.email,
    username: hint?.kind === "username" ? hint.value : undefined,
    notice: notices[hint?.kind ?? ""] ?? unverifiedNotice(ctx),
    theme: config.theme,
    ...(webAuthnScriptUrl ? { webAuthnScriptUrl } : {}),
  });
  if (webAuthnScriptUrl) {
    page.headers = scriptPageHeaders(webAuthnScriptUrl, `${ctx.base}/webauthn-options/`);
  }
  return page;
}

export { withQuery };
