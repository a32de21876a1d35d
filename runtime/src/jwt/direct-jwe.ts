/**
 * Compact JWEs with `alg: "dir"` (RFC 7516, RFC 7518 §4.5), the only kind Auth.js writes, on
 * `node:crypto`: synchronous, with cached `KeyObject`s. jose runs the same steps on Web Crypto,
 * which imports two keys and hops to the thread pool about six times per token; this is the
 * session read's hot path. Wire format and checks are jose's, so tokens stay interchangeable.
 */
import { Buffer } from "node:buffer";
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { errors } from "jose";
import { type ContentEncryption, type DerivedKey, deriveKeySync } from "./derive-key.js";

const base64url = /^[A-Za-z0-9_-]*$/;
/** IV and tag sizes in bytes (RFC 7518 §5.2.5, §5.3). */
const sizes: Record<ContentEncryption, { iv: number; tag: number }> = {
  "A256CBC-HS512": { iv: 16, tag: 32 },
  A256GCM: { iv: 12, tag: 16 },
};

/** Strict base64url: the alphabet only, no padding, and no length jose's decoder refuses. */
function decodeSegment(segment: string): Buffer | undefined {
  if (segment.length % 4 === 1 || !base64url.test(segment)) return undefined;
  return Buffer.from(segment, "base64url");
}

/** A key that matched a token's header, and the secret it was derived from. */
export interface DirectKey {
  key: DerivedKey;
  secret: string;
}

function keyForHeader(
  header: string,
  secrets: readonly string[],
  salt: string,
  enc: ContentEncryption,
): DirectKey | undefined {
  for (const secret of secrets) {
    const key = deriveKeySync(secret, salt, enc);
    if (key.header === header) return { key, secret };
  }
  return undefined;
}

/**
 * The key for `token` when it has the shape of a compact JWE (five segments, the encrypted key
 * empty as `dir` requires) and its protected header is byte for byte the one Auth.js writes for
 * one of `secrets` (`{"alg":"dir","enc":…,"kid":…}`). The key is the one jose's key lookup would
 * pick: the first secret whose `kid` matches. Any other token (no `kid`, other members, another
 * order) is `undefined` and left to jose, so every unusual token gets jose's checks and errors.
 */
export function directJweKey(
  token: string,
  secrets: readonly string[],
  salt: string,
): DirectKey | undefined {
  const first = token.indexOf(".");
  if (first === -1 || token.charCodeAt(first + 1) !== 46) return undefined;
  const third = token.indexOf(".", first + 2);
  const fourth = third === -1 ? -1 : token.indexOf(".", third + 1);
  if (fourth === -1 || token.indexOf(".", fourth + 1) !== -1) return undefined;
  const header = token.slice(0, first);
  return (
    keyForHeader(header, secrets, salt, "A256CBC-HS512") ??
    keyForHeader(header, secrets, salt, "A256GCM")
  );
}

/** AL: the AAD's length in bits as a 64-bit big-endian integer (RFC 7518 §5.2.2.1 step 4). */
function aadLength(aad: string): Buffer {
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  return al;
}

/** The first half of HMAC-SHA-512 over AAD ‖ IV ‖ ciphertext ‖ AL (RFC 7518 §5.2.2.1). */
function cbcTag(key: DerivedKey, iv: Buffer, ciphertext: Buffer): Buffer {
  return createHmac("sha512", key.macKey!)
    .update(key.header, "latin1")
    .update(iv)
    .update(ciphertext)
    .update(aadLength(key.header))
    .digest()
    .subarray(0, 32);
}

/**
 * Authenticates and decrypts a token {@link directJweKey} matched to `key`. The AAD is the ASCII
 * of the protected header (RFC 7516 §5.2 step 14); the tag is checked in constant time before
 * any decryption.
 *
 * @returns the plaintext, or `undefined` when the IV, ciphertext or tag is not strict base64url
 *   or has the wrong size (jose then reports it, with its own error).
 * @throws jose's `JWEDecryptionFailed` when the tag or the padding is wrong.
 */
export function openDirectJwe(token: string, key: DerivedKey): Buffer | undefined {
  const [, , ivPart, ciphertextPart, tagPart] = token.split(".");
  const iv = decodeSegment(ivPart!);
  const ciphertext = decodeSegment(ciphertextPart!);
  const tag = decodeSegment(tagPart!);
  const size = sizes[key.enc];
  if (!iv || !ciphertext || !tag || iv.length !== size.iv || tag.length !== size.tag) {
    return undefined;
  }
  try {
    if (key.enc === "A256CBC-HS512") {
      if (!timingSafeEqual(cbcTag(key, iv, ciphertext), tag)) throw new Error("tag mismatch");
      const decipher = createDecipheriv("aes-256-cbc", key.encKey, iv);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    }
    const decipher = createDecipheriv("aes-256-gcm", key.encKey, iv, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(key.header, "latin1"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new errors.JWEDecryptionFailed();
  }
}

/**
 * Encrypts `plaintext` as a compact JWE with `alg: "dir"`, `enc: "A256CBC-HS512"` and the key's
 * header, exactly as jose's `CompactEncrypt` lays it out: `header..iv.ciphertext.tag`.
 */
export function sealDirectJwe(plaintext: string, key: DerivedKey): string {
  if (key.enc !== "A256CBC-HS512") throw new TypeError("sealDirectJwe() writes A256CBC-HS512 only");
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key.encKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cbcTag(key, iv, ciphertext);
  return `${key.header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tag.toString("base64url")}`;
}
