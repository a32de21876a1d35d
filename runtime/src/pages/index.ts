/**
 * The built-in pages: plain HTML strings, every value escaped, no scripts (except the WebAuthn
 * helper when enabled) and no third-party resources.
 *
 * @module pages
 */
export { errorPage } from "./error.js";
export type { RenderedPage } from "./layout.js";
export { type PageProvider, signInErrorMessage, signInPage } from "./signin.js";
export { signOutPage } from "./signout.js";
export { verifyRequestPage } from "./verify-request.js";
