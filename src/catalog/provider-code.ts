import type { SourceStyle } from "../syntax/source-style.js";
import type { ProviderInfo } from "./providers.js";

/** The indentation `providerExpression` writes its inner lines for (elements at four spaces). */
export const ELEMENT_INDENT = "    ";

/**
 * The comment of the Credentials stub `init` writes without `--demo`: `check` knows the stub by it
 * (an unfinished `authorize` the user was handed, not one that went wrong).
 */
export const CREDENTIALS_STUB = "TODO: look the user up in your user store";

// `authorize` is not `async`: neither body awaits anything, and a linter's require-await rule
// (typescript-eslint's recommended type-checked set, as express-generator-typescript has it)
// fails the project's lint on an async function without await. A real lookup makes it async.
function credentialsExpression(demo: boolean, q: (s: string) => string, semi: string): string {
  const check = demo
    ? `// Demo user: replace with a lookup in your user store before going live.
        if (credentials.email === ${q("demo@example.com")} && credentials.password === ${q("demo1234")}) {
          return { id: ${q("demo")}, name: ${q("Demo User")}, email: ${q("demo@example.com")} }${semi}
        }
        return null${semi}`
    : `// ${CREDENTIALS_STUB} and verify the password with a slow hash
        // (scrypt, argon2). Return the user, or null to refuse.
        return null${semi}`;
  return `Credentials({
      credentials: {
        email: { label: ${q("Email")}, type: ${q("email")} },
        password: { label: ${q("Password")}, type: ${q("password")} },
      },
      authorize(credentials) {
        ${check}
      },
    })`;
}

/**
 * The code of one provider in the `providers` array, without indentation or comma. Lines after
 * the first are indented for an array whose elements sit at four spaces.
 */
export function providerExpression(
  provider: ProviderInfo,
  options: { demo?: boolean; name?: string },
  style: SourceStyle,
  id = provider.id,
): string {
  // A display name is the user's text: escaped for the file's quote.
  const q = (value: string) =>
    `${style.quote}${value.replaceAll("\\", "\\\\").replaceAll(style.quote, `\\${style.quote}`)}${style.quote}`;
  switch (provider.kind) {
    case "credentials":
      return credentialsExpression(Boolean(options.demo), q, style.semicolons ? ";" : "");
    case "email":
      // Uncalled: it reads AUTH_EMAIL_SERVER and AUTH_EMAIL_FROM itself.
      return "Email";
    case "webauthn":
    case "password":
      // Password() reads AUTH_EMAIL_SERVER and AUTH_EMAIL_FROM itself, as Email does.
      return `${provider.importName}()`;
    default:
      // Uncalled: the runtime fills clientId/clientSecret/issuer from AUTH_<ID>_*.
      // A generic OpenID provider under its own id or name is called with them.
      return provider.id === "oidc" && (id !== "oidc" || (options.name ?? id) !== id)
        ? `${provider.importName}({ id: ${q(id)}, name: ${q(options.name ?? id)} })`
        : provider.importName;
  }
}
