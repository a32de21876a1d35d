import type { AuthContext } from "../core/context.js";
import type { InternalOAuthProvider } from "./normalize.js";

/** The redirect proxy for a provider (its own, else the configuration's), if any. */
export function redirectProxy(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
): string | undefined {
  const proxy = provider.redirectProxyUrl ?? ctx.config.redirectProxyUrl;
  return proxy ? proxy.replace(/\/+$/, "") : undefined;
}

/** This deployment's own callback URL for the provider. */
export function ownCallbackUrl(ctx: AuthContext, provider: { id: string }): string {
  return `${ctx.base}/callback/${provider.id}`;
}

/**
 * The `redirect_uri`: fixed per provider (RFC 9700 §4.1; distinct per provider for mix-up
 * defence), the proxy's callback when a redirect proxy is used. Byte-identical in the
 * authorization and token requests.
 */
export function redirectUri(
  ctx: AuthContext,
  provider: InternalOAuthProvider,
  formPost: boolean,
): string {
  const proxy = formPost ? undefined : redirectProxy(ctx, provider);
  return proxy ? `${proxy}/callback/${provider.id}` : ownCallbackUrl(ctx, provider);
}
