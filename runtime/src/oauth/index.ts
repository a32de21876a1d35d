/**
 * OAuth 2 / OpenID Connect sign-in on oauth4webapi: the authorization request
 * (`authorization.ts`), the callback (`callback.ts`) with its response validation
 * (`response.ts`) and token exchange (`token.ts`), the browser-bound checks (`checks.ts`),
 * discovery (`metadata.ts`), the profile (`profile.ts`), redirect proxies (`proxy.ts`), the
 * HTTPS rule for provider endpoints (`endpoints.ts`) and the HTTP policy (`http.ts`).
 */
export { oauthSignIn } from "./authorization.js";
export { oauthCallback } from "./callback.js";
