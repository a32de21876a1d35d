import { encode } from "@auth/core/jwt";
import { SECRET, SESSION_COOKIE, USER } from "./shared.mjs";

/**
 * Session cookies minted by neither app but by Auth.js's own `encode` with the shared secret
 * (the JWE both libraries read): the same sessions go to both apps, and a cookie one app
 * could not read would fail the check in `run.mjs` before anything is measured.
 *
 * Each cookie is a different user, so a per-session cache in either library sees many
 * sessions, not one (as on a real server).
 *
 * @param {number} count
 * @param {string} [tag] makes the users of one batch distinct from another batch's
 * @returns {Promise<string[]>} `Cookie` header values
 */
export async function mintSessionCookies(count, tag = "a") {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const token = {
        name: USER.name,
        email: `user-${tag}-${i}@example.test`,
        sub: `${tag}-${i}`,
      };
      const value = await encode({ token, secret: SECRET, salt: SESSION_COOKIE });
      return `${SESSION_COOKIE}=${value}`;
    }),
  );
}
