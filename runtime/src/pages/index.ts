/**
 * The built-in pages: pure functions from data to a complete HTML document and its status.
 * Every value is escaped, URLs must be http(s), colours must be plain CSS colours, and no page
 * has an inline script, so they render under a strict Content-Security-Policy.
 *
 * @module pages
 */
export { errorPage } from "./error.js";
export {
  changePasswordPage,
  confirmAddressPage,
  forgotPasswordPage,
  resetPasswordPage,
  signUpPage,
} from "./password.js";
export { type PlaygroundUser, playgroundPage } from "./playground.js";
export { rateLimitedPage } from "./rate-limited.js";
export { signInPage } from "./signin.js";
export { signOutPage } from "./signout.js";
export { signOutIncompletePage } from "./signout-incomplete.js";
export type { PageProvider, RenderedPage } from "./types.js";
export { verifyRequestPage } from "./verify-request.js";
