/**
 * Passkeys (WebAuthn), experimental. Needs `experimental: { enableWebAuthn: true }`, an adapter
 * with the authenticator methods (`memoryAdapter()`, `postgresAdapter()`), and the optional peer
 * `@simplewebauthn/server` (loaded on the first WebAuthn request, never at import).
 *
 * Endpoints: `GET {base}/webauthn-options/<id>` hands out a challenge,
 * `POST {base}/callback/<id>` verifies the browser's answer. The built-in sign-in page drives
 * both with a small script the runtime serves itself (`{base}/webauthn-script.js`).
 *
 * @see https://www.w3.org/TR/webauthn-3/
 * @module providers/passkey
 */
import { defineCatalogue } from "./catalogue.js";
import type { CredentialInput, RelyingParty, WebAuthnConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
// Experimental in the runtime: the generated config sets experimental.enableWebAuthn.
export const catalogue = defineCatalogue({
  id: "passkey",
  name: "Passkeys (WebAuthn, experimental)",
  kind: "webauthn",
  importName: "Passkey",
  needsDatabase: true,
  peer: "@simplewebauthn/server",
  order: 102,
});

export type { RelyingParty, WebAuthnConfig };

/** What `Passkey()` and `WebAuthn()` take: every field optional. */
export type WebAuthnOptions = Partial<Omit<WebAuthnConfig, "type" | "options">>;

const FIVE_MINUTES = 5 * 60 * 1000;

function defaults(): Omit<WebAuthnConfig, "id" | "name"> {
  const email: CredentialInput = {
    label: "Email",
    type: "email",
    required: true,
    autocomplete: "username webauthn",
  };
  return {
    type: "webauthn",
    enableConditionalUI: true,
    formFields: { email },
    timeout: FIVE_MINUTES,
    userVerification: "preferred",
    residentKey: "preferred",
  };
}

/**
 * A generic WebAuthn provider (id `webauthn`): user verification and resident keys preferred,
 * so security keys without a PIN work too.
 */
export function WebAuthn(options: WebAuthnOptions = {}): WebAuthnConfig {
  return { id: "webauthn", name: "WebAuthn", ...defaults(), ...options, type: "webauthn" };
}

/**
 * Passkeys (id `passkey`): discoverable credentials with user verification required, so a
 * passkey alone (no password, no typed name) signs the user in, and conditional UI offers it
 * in the email field's autofill.
 *
 * @example
 * ```ts
 * ExpressAuth({
 *   adapter: postgresAdapter(pool),
 *   providers: [Passkey()],
 *   experimental: { enableWebAuthn: true },
 * })
 * ```
 */
export default function Passkey(options: WebAuthnOptions = {}): WebAuthnConfig {
  return {
    id: "passkey",
    name: "Passkey",
    ...defaults(),
    userVerification: "required",
    residentKey: "required",
    ...options,
    type: "webauthn",
  };
}
