/**
 * Credential ids travel base64url-encoded (WebAuthn JSON); adapters store them, and public
 * keys, in standard base64 as Auth.js does, so authenticators stored by either runtime work
 * with the other.
 *
 * @module webauthn/encoding
 */

/** Standard base64 (adapter form) of base64url (WebAuthn JSON form). */
export function base64FromBase64url(value: string): string {
  return Buffer.from(value, "base64url").toString("base64");
}

/** base64url of standard base64. */
export function base64urlFromBase64(value: string): string {
  return Buffer.from(value, "base64").toString("base64url");
}

export function bytesFromBase64(value: string): Uint8Array<ArrayBuffer> {
  const buffer = Buffer.from(value, "base64");
  const bytes = new Uint8Array(new ArrayBuffer(buffer.length));
  bytes.set(buffer);
  return bytes;
}

export function base64FromBytes(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

/** Transports as adapters store them: one comma-separated string. */
export function transportsToString(transports: readonly string[] | undefined): string | null {
  return transports?.length ? transports.join(",") : null;
}

export function stringToTransports<T extends string>(value: string | null | undefined): T[] {
  return value ? (value.split(",").filter(Boolean) as T[]) : [];
}
