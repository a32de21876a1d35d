/**
 * What the core passes to the built-in pages and what it gets back.
 *
 * @module pages/types
 */
import type { CredentialInput, ProviderStyle, ProviderType } from "../providers/types.js";

/** A provider as the sign-in page shows it: identity, absolute URLs, and form fields. */
export interface PageProvider {
  id: string;
  name: string;
  type: ProviderType;
  /** Absolute, e.g. `https://app.test/auth/signin/github`. */
  signinUrl: string;
  /** Absolute, e.g. `https://app.test/auth/callback/credentials`. */
  callbackUrl: string;
  style?: ProviderStyle;
  /** Type `"credentials"`: one `<input>` per key. */
  credentials?: Record<string, CredentialInput>;
  /** Type `"webauthn"`: one `<input data-form-field>` per key. */
  formFields?: Record<string, CredentialInput>;
  /** Type `"webauthn"`: absolute `{base}/webauthn-options/<id>`, fetched by the script. */
  optionsUrl?: string;
  /** Type `"webauthn"`: offer passkeys in the form field's autofill (conditional UI). */
  conditionalUI?: boolean;
}

/** A complete HTML document and the HTTP status to send it with. */
export interface RenderedPage {
  status: number;
  html: string;
  /** Headers that replace the defaults (the sign-in page's CSP when it loads a script). */
  headers?: Record<string, string>;
}
