import { errors, type JWTPayload } from "jose";

/** Seconds of clock skew tolerated on `exp`, `nbf` and `iat`. */
export const CLOCK_TOLERANCE = 15;

const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** The decrypted plaintext as text; invalid UTF-8 is refused as jose refuses it. */
export function claimsText(plaintext: Uint8Array): string {
  try {
    return strictDecoder.decode(plaintext);
  } catch (cause) {
    throw new errors.JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause });
  }
}

/**
 * The claims set of a decrypted token: JSON, and a plain object (RFC 7519 §7.2 steps 9–10),
 * with the same errors as jose's `jwtDecrypt`, which the fast path replaces.
 */
export function parseClaims(text: string): JWTPayload {
  let claims: unknown;
  try {
    claims = JSON.parse(text);
  } catch (cause) {
    throw new errors.JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause });
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
    throw new errors.JWTInvalid("JWT Claims Set must be a top-level JSON object");
  }
  return claims as JWTPayload;
}

function numericDate(claims: JWTPayload, claim: "iat" | "nbf" | "exp"): number | undefined {
  const value = claims[claim];
  if (value === undefined) return undefined;
  if (typeof value !== "number") {
    throw new errors.JWTClaimValidationFailed(
      `"${claim}" claim must be a number`,
      claims,
      claim,
      "invalid",
    );
  }
  return value;
}

/**
 * The time checks every session token passes, whichever path decrypted it: what jose's
 * `jwtDecrypt` checks with `requiredClaims: ["exp"]` and {@link CLOCK_TOLERANCE} (RFC 7519
 * §4.1.4–4.1.6: `exp` present and not past, `nbf` reached, numeric dates are numbers), plus our
 * own rule that `iat` is not in the future. Run on every read, cached or not.
 *
 * @throws jose's `JWTClaimValidationFailed` / `JWTExpired`, or an `Error` for a future `iat`.
 */
export function assertClaimsTimely(claims: JWTPayload): void {
  if (!Object.hasOwn(claims, "exp")) {
    throw new errors.JWTClaimValidationFailed(
      'missing required "exp" claim',
      claims,
      "exp",
      "missing",
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const iat = numericDate(claims, "iat");
  const nbf = numericDate(claims, "nbf");
  if (nbf !== undefined && nbf > now + CLOCK_TOLERANCE) {
    throw new errors.JWTClaimValidationFailed(
      '"nbf" claim timestamp check failed',
      claims,
      "nbf",
      "check_failed",
    );
  }
  const exp = numericDate(claims, "exp")!;
  if (exp <= now - CLOCK_TOLERANCE) {
    throw new errors.JWTExpired(
      '"exp" claim timestamp check failed',
      claims,
      "exp",
      "check_failed",
    );
  }
  if (iat !== undefined && iat > Date.now() / 1000 + CLOCK_TOLERANCE) {
    throw new Error('"iat" claim is in the future');
  }
}
