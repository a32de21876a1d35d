/**
 * Express 4 and 5 integration: `app.use("/auth", ExpressAuth(authConfig))`, plus `getSession`
 * and route protection. A drop-in for `@auth/express`.
 *
 * @module express
 */
export { AuthError, CredentialsSignin, SessionStoreUnavailable } from "../errors.js";
export { customFetch, skipCSRFCheck } from "../symbols.js";
export type { Account, DefaultSession, Profile, Session, User } from "../types.js";
export { ExpressAuth, type ExpressAuthConfig } from "./handler.js";
export { authSession, getSession, type RequireAuthOptions, requireAuth } from "./session.js";
export type { ExpressMiddleware, ExpressRequest, ExpressResponse, NextFunction } from "./types.js";
