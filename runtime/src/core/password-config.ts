import type { Adapter } from "../adapters.js";
import {
  type AuthError,
  InvalidConfig,
  InvalidProvider,
  MissingAdapter,
  MissingAdapterMethods,
} from "../errors.js";
import { meetsOwasp, OWASP_SCRYPT, type ScryptParams, withinLimits } from "../password/hash.js";
import { DEFAULT_MIN_LENGTH } from "../password/policy.js";
import type { PasswordConfig } from "../providers/types.js";
import { hasAdapterMethod } from "./adapter.js";
import type { InternalProvider } from "./providers.js";

/** The scrypt parameters of new hashes: the provider's `hash` over OWASP's. */
export function passwordHashParams(provider: PasswordConfig): ScryptParams {
  return { ...OWASP_SCRYPT, ...provider.hash };
}

/** The configured password provider, if any (there is at most one). */
export function passwordProvider(
  providers: readonly InternalProvider[],
): PasswordConfig | undefined {
  return providers.find((p): p is PasswordConfig => p.type === "password");
}

const methods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "updateUser",
  "createVerificationToken",
  "useVerificationToken",
  "getPasswordCredential",
  "setPasswordCredential",
] as const;

/**
 * The password provider's checks: one provider at most, an adapter that stores passwords (and
 * deletes a user's sessions, under the database strategy), hash parameters within bounds and at
 * least OWASP's (weaker only with `unsafeWeakHashForTesting`, never in production), and a
 * minimum length of at least 8.
 */
export function assertPasswordProvider(
  providers: readonly InternalProvider[],
  adapter: Adapter | undefined,
  strategy: "jwt" | "database",
  production: boolean,
): AuthError | undefined {
  const found = providers.filter((p): p is PasswordConfig => p.type === "password");
  if (found.length === 0) return undefined;
  if (found.length > 1) return new InvalidProvider("Only one password provider may be configured");
  const provider = found[0]!;
  if (!adapter) return new MissingAdapter("The password provider requires an adapter");
  const required =
    strategy === "database" ? [...methods, "deleteSessionsByUserId" as const] : methods;
  const missing = required.filter((method) => !hasAdapterMethod(adapter, method));
  if (missing.length > 0) {
    return new MissingAdapterMethods(
      `The password provider needs adapter methods: ${missing.join(", ")} (postgresAdapter and memoryAdapter have them)`,
    );
  }
  if (typeof provider.sendMail !== "function") {
    return new InvalidConfig("The password provider needs a sendMail function");
  }
  const params = passwordHashParams(provider);
  if (!withinLimits(params)) {
    return new InvalidConfig(
      "The password provider's hash parameters are out of bounds: N a power of two from 2^10 to 2^20, r from 1 to 32, p from 1 to 16",
    );
  }
  if (!meetsOwasp(params) && (provider.unsafeWeakHashForTesting !== true || production)) {
    return new InvalidConfig(
      `The password provider's hash parameters (N=${params.N}, r=${params.r}, p=${params.p}) are below OWASP's scrypt minimum (N=2^17, r=8, p=1)`,
    );
  }
  const minLength = provider.minLength ?? DEFAULT_MIN_LENGTH;
  if (!Number.isInteger(minLength) || minLength < DEFAULT_MIN_LENGTH || minLength > 64) {
    return new InvalidConfig("The password provider's minLength must be an integer from 8 to 64");
  }
  return undefined;
}
