import { authNotMounted } from "./rules/auth-not-mounted.js";
import { authUrlInvalid } from "./rules/auth-url-invalid.js";
import { basePathMismatch } from "./rules/base-path-mismatch.js";
import { cjsNodeVersion } from "./rules/cjs-node-version.js";
import { credentialsDatabaseStrategy } from "./rules/credentials-database-strategy.js";
import { databaseWithoutAdapter } from "./rules/database-without-adapter.js";
import { debugInProduction } from "./rules/debug-in-production.js";
import { demoUser } from "./rules/demo-user.js";
import { emailWithoutAdapter } from "./rules/email-without-adapter.js";
import { envDuplicateKey } from "./rules/env-duplicate-key.js";
import { envFileNotIgnored } from "./rules/env-file-not-ignored.js";
import { esmImportExtensions } from "./rules/esm-import-extensions.js";
import { express5WildcardMount } from "./rules/express5-wildcard-mount.js";
import { httpsWithoutTrustProxy } from "./rules/https-without-trust-proxy.js";
import { providerEnvMissing } from "./rules/provider-env-missing.js";
import { runtimeVersion } from "./rules/runtime-version.js";
import { secretInEnvExample } from "./rules/secret-in-env-example.js";
import { secretInSource } from "./rules/secret-in-source.js";
import { secretInTrackedFile } from "./rules/secret-in-tracked-file.js";
import { secretLowEntropy } from "./rules/secret-low-entropy.js";
import { secretMissing } from "./rules/secret-missing.js";
import { secretPlaceholder } from "./rules/secret-placeholder.js";
import { secretTooShort } from "./rules/secret-too-short.js";
import { solidPrefixMismatch } from "./rules/solid-prefix-mismatch.js";
import { trustHostMisread } from "./rules/trust-host-misread.js";
import { tsconfigModuleResolution } from "./rules/tsconfig-module-resolution.js";
import type { CheckContext, Finding, Rule } from "./types.js";

/** Every rule of `check`, in the order findings are printed. Adding a rule: a file and a line here. */
export const rules: Rule[] = [
  secretMissing,
  secretTooShort,
  secretPlaceholder,
  secretLowEntropy,
  secretInSource,
  secretInTrackedFile,
  envFileNotIgnored,
  secretInEnvExample,
  envDuplicateKey,
  authUrlInvalid,
  trustHostMisread,
  providerEnvMissing,
  authNotMounted,
  express5WildcardMount,
  basePathMismatch,
  solidPrefixMismatch,
  httpsWithoutTrustProxy,
  tsconfigModuleResolution,
  esmImportExtensions,
  cjsNodeVersion,
  databaseWithoutAdapter,
  credentialsDatabaseStrategy,
  emailWithoutAdapter,
  debugInProduction,
  demoUser,
  runtimeVersion,
];

/** Runs the rules in order and labels each finding with its rule. */
export function runRules(context: CheckContext, only: Rule[] = rules): Finding[] {
  return only.flatMap((rule) =>
    rule.check(context).map((finding) => ({
      rule: rule.id,
      severity: rule.severity,
      fixable: rule.fix !== undefined,
      ...finding,
    })),
  );
}
