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

/** The display-name claims of OIDC Core §5.1 that Auth.js's default OIDC profile reads. */
export interface DisplayNameClaims {
  name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
}

/**
 * `name`, else `nickname`, else `preferred_username`, else `null`: the order Auth.js's default
 * OIDC profile takes, so a preset whose provider documents these claims names users as Auth.js's.
 */
export function displayNameFromClaims(claims: DisplayNameClaims): string | null {
  return claims.name ?? claims.nickname ?? claims.preferred_username ?? null;
}

/** `name`, else the given, middle and family names joined, else `null`. */
export function nameFromClaims(claims: NameClaims): string | null {
  if (claims.name) return claims.name;
  const parts = [claims.given_name, claims.middle_name, claims.family_name].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}
