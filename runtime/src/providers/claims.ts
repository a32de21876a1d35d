/**
 * Helpers for presets whose profile is OpenID Connect standard claims.
 *
 * @module providers/claims
 */

/** The standard name claims a preset may receive (OIDC Core §5.1). */
export interface NameClaims {
  name?: string | null;
  given_name?: string | null;
  middle_name?: string | null;
  family_name?: string | null;
}

/** `name`, else the given, middle and family names joined, else `null`. */
export function nameFromClaims(claims: NameClaims): string | null {
  if (claims.name) return claims.name;
  const parts = [claims.given_name, claims.middle_name, claims.family_name].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}
