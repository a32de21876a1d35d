/**
 * The optional peer `@simplewebauthn/server`, imported on the first WebAuthn request so apps
 * without passkeys never load (or install) it.
 *
 * @module webauthn/server
 */
import { AuthError } from "../errors.js";

export type SimpleWebAuthnServer = typeof import("@simplewebauthn/server");

let loading: Promise<SimpleWebAuthnServer> | undefined;

/** The loaded module, or a clear error naming the package to install. */
export function loadSimpleWebAuthn(): Promise<SimpleWebAuthnServer> {
  loading ??= import("@simplewebauthn/server").catch((cause: unknown) => {
    loading = undefined;
    throw new AuthError(
      'Passkeys need the optional peer dependency "@simplewebauthn/server" (13 or 14): npm install @simplewebauthn/server',
      { cause },
    );
  });
  return loading;
}
