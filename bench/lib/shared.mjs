/**
 * Values both apps, the OpenID provider and the load driver must agree on. Kept in one place so
 * the two apps stay configured identically: any difference here would be measured as speed.
 */

/** The AUTH_SECRET of both apps, so a session minted for one is valid on the other. */
export const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";

/** The one user the Credentials provider accepts. */
export const USER = { id: "1", name: "Bench User", email: "bench@example.test" };
export const USERNAME = "bench";
export const PASSWORD = "correct horse battery staple";
/** The address of scenario (16)'s password account (its password is PASSWORD). */
export const PASSWORD_EMAIL = "password-bench@example.test";

/** The OpenID client both apps use (one client, one redirect URI per app). */
export const OIDC_CLIENT = { id: "bench-app", secret: "bench-app-secret-0123456789" };
/** Provider id of the OIDC provider in both apps: its callback is `/auth/callback/oidc`. */
export const OIDC_ID = "oidc";

/** Where both apps mount their auth handler. */
export const BASE_PATH = "/auth";
/** Cookie name of a JWT session over http (Auth.js's name; ours is the same by design). */
export const SESSION_COOKIE = "authjs.session-token";
