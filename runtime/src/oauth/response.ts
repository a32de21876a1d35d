import * as oauth from "oauth4webapi";
import type { AuthContext } from "../core/context.js";
import { formParameters } from "../core/form-parameters.js";
import { InvalidCheck, OAuthCallbackError } from "../errors.js";
import { clearChecks, decodeState } from "./checks.js";
import { type InternalOAuthProvider, usesFormPost } from "./normalize.js";
import { redirectProxy } from "./proxy.js";

/**
 * The authorization response: only the POST body for `form_post` (as Auth.js; a query on a
 * form_post flow is not the response mode that was requested), else only the query. Every
 * parameter as sent, duplicates included: oauth4webapi refuses a repeated `state`, `code` or
 * `iss` (RFC 6749 §3.1), which a flattened copy (last one wins) would hide.
 */
export function callbackParameters(ctx: AuthContext, formPost: boolean): URLSearchParams {
  if (!formPost) return new URLSearchParams(ctx.request.url.searchParams);
  return ctx.request.method === "POST" ? formParameters(ctx.request.body) : new URLSearchParams();
}

/**
 * On the redirect proxy: a callback whose (sealed) state names another deployment goes back to
 * it with the same parameters, without touching the code (reference §4.6). `form_post` flows
 * never use the proxy (a cross-site POST cannot be relayed by a redirect), so their callbacks,
 * with or without `state`, are this deployment's own.
 */
export async function proxyBounce(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
  params: URLSearchParams,
): Promise<string | undefined> {
  if (usesFormPost(provider)) return undefined;
  const proxy = redirectProxy(ctx, provider);
  if (!proxy || new URL(proxy).origin !== ctx.origin) return undefined;
  const state = params.get("state");
  const data = state ? await decodeState(ctx, state) : undefined;
  if (!data) throw new InvalidCheck("State could not be decoded");
  if (!data.origin || new URL(data.origin).origin === ctx.origin) return undefined;
  const target = new URL(data.origin);
  // Appended, not set: a repeated parameter reaches the deployment as sent, which refuses it.
  for (const [key, value] of params) target.searchParams.append(key, value);
  return target.href;
}

/**
 * Validates the authorization response before anything acts on it, error responses included:
 * `iss` exactly as RFC 9207 §2.4 requires, and `state` exactly when it is checked. Only then is
 * the response known to end this browser's flow, so a forged callback (a wrong `state` or `iss`)
 * fails with `InvalidCheck` and leaves the check cookies of a flow in progress alone. A validated
 * `error` response ends the flow: its cookies are cleared, and it is `OAuthCallbackError`, the
 * provider's text only logged.
 */
export async function validateAuthorizationResponse(
  ctx: AuthContext,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  params: URLSearchParams,
  expectedState: string | undefined,
): Promise<URLSearchParams> {
  try {
    return oauth.validateAuthResponse(as, client, params, expectedState ?? oauth.skipStateCheck);
  } catch (cause) {
    if (cause instanceof oauth.AuthorizationResponseError) {
      clearChecks(ctx);
      // Auth.js's wording; what the provider said is the cause.
      throw new OAuthCallbackError("OAuth Provider returned an error", {
        cause: { error: cause.error, error_description: cause.error_description },
      });
    }
    throw new InvalidCheck("The authorization response failed validation (state or issuer)", {
      cause,
    });
  }
}
