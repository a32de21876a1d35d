import { frameworks } from "../frameworks/registry.js";
import { authNotMounted } from "./rules/auth-not-mounted.js";
import { authUrlInvalid } from "./rules/auth-url-invalid.js";
import { cjsNodeVersion } from "./rules/cjs-node-version.js";
import { cookieOptionsWeakened } from "./rules/cookie-options-weakened.js";
import { credentialsAlwaysNull } from "./rules/credentials-always-null.js";
import { credentialsDatabaseStrategy } from "./rules/credentials-database-strategy.js";
import { credentialsNoPasswordCheck } from "./rules/credentials-no-password-check.js";
import { databaseWithoutAdapter } from "./rules/database-without-adapter.js";
import { debugInProduction } from "./rules/debug-in-production.js";
import { demoUser } from "./rules/demo-user.js";
import { emailAccountLinking } from "./rules/email-account-linking.js";
import { emailWithoutAdapter } from "./rules/email-without-adapter.js";
import { envDuplicateKey } from "./rules/env-duplicate-key.js";
import { envFileNotIgnored } from "./rules/env-file-not-ignored.js";
import { esmImportExtensions } from "./rules/esm-import-extensions.js";
import { maxAgeTooLong } from "./rules/max-age-too-long.js";
import { moduleShadowsFolder } from "./rules/module-shadows-folder.js";
import { oauthChecksLowered } from "./rules/oauth-checks-lowered.js";
import { ormSchemaIncomplete } from "./rules/orm-schema-incomplete.js";
import { passwordHashWeak } from "./rules/password-hash-weak.js";
import { passwordMinLengthLow } from "./rules/password-min-length-low.js";
import { passwordUnsafeHash } from "./rules/password-unsafe-hash.js";
import { passwordVerificationOff } from "./rules/password-verification-off.js";
import { passwordWithoutAdapter } from "./rules/password-without-adapter.js";
import { playgroundInProduction } from "./rules/playground-in-production.js";
import { providerEnvMissing } from "./rules/provider-env-missing.js";
import { providerTokensInSession } from "./rules/provider-tokens-in-session.js";
import { redirectCallbackOpen } from "./rules/redirect-callback-open.js";
import { runtimeVersion } from "./rules/runtime-version.js";
import { secretInEnvExample } from "./rules/secret-in-env-example.js";
import { secretInSource } from "./rules/secret-in-source.js";
import { secretInTrackedFile } from "./rules/secret-in-tracked-file.js";
import { secretLowEntropy } from "./rules/secret-low-entropy.js";
import { secretMissing } from "./rules/secret-missing.js";
import { secretPlaceholder } from "./rules/secret-placeholder.js";
import { secretTooShort } from "./rules/secret-too-short.js";
import { secureCookiesOff } from "./rules/secure-cookies-off.js";
import { trustHostHardCoded } from "./rules/trust-host-hard-coded.js";
import { trustHostMisread } from "./rules/trust-host-misread.js";
import { tsconfigModuleResolution } from "./rules/tsconfig-module-resolution.js";
import type { CheckContext, Finding, Rule } from "./types.js";

/** A framework's own rule, run on that framework's projects only. */
function forFramework(framework: string, rule: Rule): Rule {
  const applies = (context: CheckContext) => context.framework.framework === framework;
  const scoped: Rule = {
    ...rule,
    check: (context) => (applies(context) ? rule.check(context) : []),
  };
  const { fix } = rule;
  if (fix)
    scoped.fix = (context, plan) => {
      if (applies(context)) fix(context, plan);
    };
  return scoped;
}

/**
 * Every rule of `check`, in the order findings are printed: the framework-neutral rules, with
 * each framework's own rules (its module's `checkRules`) after `auth-not-mounted`. Adding a rule:
 * a file and a line here, or in the framework's module.
 */
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
  ...frameworks.flatMap((framework) =>
    framework.checkRules.map((rule) => forFramework(framework.id, rule)),
  ),
  tsconfigModuleResolution,
  esmImportExtensions,
  moduleShadowsFolder,
  cjsNodeVersion,
  databaseWithoutAdapter,
  ormSchemaIncomplete,
  credentialsDatabaseStrategy,
  emailWithoutAdapter,
  passwordWithoutAdapter,
  debugInProduction,
  playgroundInProduction,
  demoUser,
  credentialsAlwaysNull,
  credentialsNoPasswordCheck,
  emailAccountLinking,
  passwordHashWeak,
  passwordUnsafeHash,
  passwordMinLengthLow,
  passwordVerificationOff,
  oauthChecksLowered,
  redirectCallbackOpen,
  providerTokensInSession,
  cookieOptionsWeakened,
  secureCookiesOff,
  trustHostHardCoded,
  maxAgeTooLong,
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
