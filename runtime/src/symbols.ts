/**
 * Put on a provider to route every HTTP request made for that provider (discovery, token,
 * userinfo, JWKS) through your own `fetch`: proxies, logging, tests.
 *
 * @example
 * ```ts
 * GitHub({ [customFetch]: (url, init) => fetch(url, { ...init, dispatcher: proxyAgent }) })
 * ```
 */
export const customFetch: unique symbol = Symbol("custom-fetch");

/**
 * Set `skipCSRFCheck: skipCSRFCheck` in the configuration to turn the double-submit CSRF check
 * off. Only for frameworks that guarantee CSRF protection themselves; `GET {base}/csrf` then
 * answers 404.
 */
export const skipCSRFCheck: unique symbol = Symbol("skip-csrf-check");
