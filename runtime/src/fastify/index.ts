/**
 * Fastify 4 and 5 integration: `app.register(FastifyAuth(authConfig), { prefix: "/auth" })`,
 * plus `getSession` and a `requireAuth` preHandler.
 *
 * @module fastify
 */
import type { Session } from "../types.js";

export type { RequireAuthOptions } from "../adapter-kit/require-auth.js";
export { AuthError, CredentialsSignin, SessionStoreUnavailable } from "../errors.js";
export { customFetch, skipCSRFCheck } from "../symbols.js";
export type { Account, DefaultSession, Profile, Session, User } from "../types.js";
export type { FastifyRequestLike } from "./origin.js";
export { FastifyAuth, type FastifyAuthConfig, type FastifyAuthOptions } from "./plugin.js";
export { type FastifyAuthHook, getSession, requireAuth } from "./session.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The session `requireAuth` read (`null`: signed out); `undefined` where it did not run. */
    session?: Session | null;
  }
}
