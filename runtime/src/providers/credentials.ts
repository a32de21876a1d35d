/**
 * Sign-in with a form your code validates (username and password, a one-time code, …).
 *
 * @module providers/credentials
 */
import { defineCatalogue } from "./catalogue.js";
import type { CredentialInput, CredentialsConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "credentials",
  name: "Credentials (your own users and passwords)",
  kind: "credentials",
  importName: "Credentials",
  order: 100,
});

export type { CredentialInput, CredentialsConfig };

/** What `Credentials()` takes: every field optional. */
export type CredentialsOptions<C extends Record<string, CredentialInput>> = Partial<
  Omit<CredentialsConfig<C>, "type" | "options">
>;

/**
 * A credentials provider (id `credentials` unless you pass one). `authorize` returns the user,
 * `null` to refuse (the user sees "Sign in failed"), or throws a `CredentialsSignin` subclass
 * with a client-safe `code`; without one every attempt is refused (as in Auth.js). The session is always a JWT cookie, whatever `session.strategy`
 * (the adapter never stores credentials users); with the database strategy it needs another
 * provider next to it.
 *
 * @example
 * ```ts
 * Credentials({
 *   credentials: { email: { label: "Email", type: "email" }, password: { type: "password" } },
 *   authorize: async ({ email, password }) => (await checkPassword(email, password)) ?? null,
 * })
 * ```
 */
export default function Credentials<C extends Record<string, CredentialInput>>(
  options: CredentialsOptions<C> = {},
): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    type: "credentials",
    credentials: {} as C,
    ...options,
    // Without one, every attempt is refused (as Auth.js's default): a form nobody can pass.
    authorize: options.authorize ?? (() => null),
  } as CredentialsConfig<C>;
}
