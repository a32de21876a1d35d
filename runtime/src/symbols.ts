// Registered symbols (Symbol.for), not unique ones: an app can hold two copies of the runtime
// (its ES modules and its CommonJS build, see docs/decisions.md), and a symbol imported from one
// must still mean the same thing to the other.

/**
 * Put on a provider to route every HTTP request made for that provider (discovery, token,
 * userinfo, JWKS) through your own `fetch`: proxies, logging, tests.
 *
 * @example
 * ```ts
 * GitHub({ [customFetch]: (url, init) => fetch(url, { ...init, dispatcher: proxyAgent }) })
 * ```
 */
export const customFetch: unique symbol = Symbol.for("@create-auth/runtime/custom-fetch");

/**
 * Set `skipCSRFCheck: skipCSRFCheck` in the configuration to turn the double-submit CSRF check
 * off. Only for frameworks that guarantee CSRF protection themselves; `GET {base}/csrf` then
 * answers 404.
 */
export const skipCSRFCheck: unique symbol = Symbol.for("@create-auth/runtime/skip-csrf-check");

/**
 * The method under which an adapter deletes its expired rows in bulk (`PruneExpired`): the
 * built-in PostgreSQL and memory adapters carry it, and an adapter of your own may, to take part
 * in the runtime's automatic housekeeping (docs/operations.md#housekeeping).
 */
export const pruneExpired: unique symbol = Symbol.for("@create-auth/runtime/prune-expired");
