import type { CallbacksOptions, Session } from "../types.js";

/** The default callbacks (reference §3.5). `redirect` is the strict same-origin check. */
export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl),
  session: ({ session }) =>
    ({
      user: {
        name: session.user?.name,
        email: session.user?.email,
        image: session.user?.image,
      },
      expires:
        (session.expires as unknown) instanceof Date
          ? (session.expires as unknown as Date).toISOString()
          : session.expires,
    }) as Session,
  jwt: ({ token }) => token,
};

// Tabs, newlines and other control characters: browsers strip some of them while parsing,
// which is how "/\t/evil.com" becomes "//evil.com". Refuse them outright.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * `url` when it points at `baseUrl`'s origin, else `baseUrl`. Relative paths resolve against
 * the origin (never protocol-relative), and the comparison is on the fully parsed origin, so
 * userinfo tricks, look-alike hosts, other ports, http downgrades, backslashes and schemes
 * such as `javascript:` all end on `baseUrl`.
 */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  if (typeof url !== "string" || hasControlCharacter(url)) return baseUrl;
  try {
    const base = new URL(baseUrl);
    const target = url.startsWith("/") ? new URL(`${base.origin}${url}`) : new URL(url);
    if (target.origin !== base.origin || target.username || target.password) return baseUrl;
    if (target.pathname.startsWith("//")) {
      // "//evil.com" after the origin is a path, but it reads like a host: collapse it.
      target.pathname = target.pathname.replace(/^\/{2,}/, "/");
      return target.href;
    }
    // An absolute same-origin URL is returned as given (as Auth.js does), a path made absolute.
    return url.startsWith("/") ? target.href : url;
  } catch {
    return baseUrl;
  }
}
