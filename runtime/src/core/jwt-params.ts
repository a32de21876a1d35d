import type { ResolvedConfig } from "./config.js";

/**
 * What `jwt.encode` and `jwt.decode` are given besides the token and the salt: as in Auth.js, the
 * whole `jwt` options (both functions and `maxAge`) and the secret in the shape it was configured
 * (a string stays a string), so a custom pair written for Auth.js gets the same arguments.
 */
export function jwtCallParams(config: Pick<ResolvedConfig, "jwt">) {
  const { encode, decode, maxAge, secretParam } = config.jwt;
  return { encode, decode, maxAge, secret: secretParam };
}
