/**
 * Session tokens: encrypted JWTs wire-compatible with Auth.js (a token minted by either with the
 * same secret and cookie name decrypts in the other).
 *
 * @module jwt
 */

export { decode } from "./jwt/decode.js";
export { DEFAULT_MAX_AGE, encode } from "./jwt/encode.js";
export { type GetTokenParams, getToken } from "./jwt/get-token.js";
export type { JWT, JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./types.js";
