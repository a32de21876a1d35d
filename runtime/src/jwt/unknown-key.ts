/**
 * Telling "sealed under a key this instance does not hold" from "invalid". During a rolling
 * rotation an instance may meet a session sealed with a secret it has not been given yet; that
 * cookie names its key in the protected header (`kid`, the RFC 7638 thumbprint Auth.js writes),
 * so it can be recognised without any decryption and left alone instead of deleted.
 *
 * @module jwt/unknown-key
 */
import { Buffer } from "node:buffer";
import { type ContentEncryption, deriveKeySync } from "./derive-key.js";

const encryptions: readonly ContentEncryption[] = ["A256CBC-HS512", "A256GCM"];
/** Longest protected header looked at: Auth.js's is about 130 characters. */
const MAX_HEADER_LENGTH = 512;

/** The `enc` and `kid` of a compact JWE's protected header when it is `alg: "dir"`. */
function directHeader(token: string): { enc: ContentEncryption; kid: string } | undefined {
  const end = token.indexOf(".");
  if (end <= 0 || end > MAX_HEADER_LENGTH) return undefined;
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, end), "base64url").toString());
    if (typeof header !== "object" || header === null) return undefined;
    const { alg, enc, kid } = header as Record<string, unknown>;
    if (alg !== "dir" || typeof kid !== "string" || kid === "") return undefined;
    const known = encryptions.find((candidate) => candidate === enc);
    return known ? { enc: known, kid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `token` is a `dir` JWE whose header names a key (`kid`) that none of `secrets` derives
 * under `salt`: sealed with a secret this instance does not know (one being rolled out, or one
 * already retired). Such a token is no session here, but it is not proof of tampering either.
 * A token with our `kid` that fails to decrypt, or with no `kid` at all, is `false`: invalid.
 */
export function sealedUnderUnknownKey(
  token: string,
  secrets: readonly string[],
  salt: string,
): boolean {
  const header = directHeader(token);
  if (!header) return false;
  return secrets.every((secret) => deriveKeySync(secret, salt, header.enc).kid !== header.kid);
}
