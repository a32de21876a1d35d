/**
 * Hono 4 integration, on Node (`@hono/node-server`), Bun, Deno and other Web-standard runtimes:
 * `app.route("/auth", HonoAuth(authConfig))`, plus `getSession` and a `requireAuth` middleware
 * that sets `c.get("session")`.
 *
 * @module hono
 */
export type { RequireAuthOptions } from "../adapter-kit/require-auth.js";
export { AuthError, CredentialsSignin, SessionStoreUnavailable } from "../errors.js";
export { customFetch, skipCSRFCheck } from "../symbols.js";
export type { Account, DefaultSession, Profile, Session, User } from "../types.js";
export { HonoAuth, type HonoAuthConfig, honoAuthHandler } from "./handler.js";
export {
  type AuthEnv,
  type AuthVariables,
  getSession,
  type HonoContextLike,
  requireAuth,
} from "./session.js";
