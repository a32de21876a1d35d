import { createRequire } from "node:module";
import { propertyValue } from "../../syntax/values.js";
import {
  hashObject,
  literalNumber,
  passwordOption,
  passwordProviders,
} from "../password-syntax.js";
import type { Rule } from "../types.js";

const KEYS = ["N", "r", "p"] as const;

type PasswordModule = typeof import("@create-auth/runtime/providers/password");
let floor: Pick<PasswordModule, "meetsOwasp" | "OWASP_SCRYPT"> | undefined;

/**
 * The runtime's own floor, loaded when a project has a `Password` provider to judge: every CLI
 * command imports the rules (through `check`), and `prune` from cron or `--version` should not
 * pay for the runtime's password module.
 */
function owasp() {
  floor ??= createRequire(import.meta.url)(
    "@create-auth/runtime/providers/password",
  ) as PasswordModule;
  return floor;
}

/**
 * `Password({ hash: { N, r, p } })` below OWASP's scrypt table: the runtime's own floor
 * (`meetsOwasp`, imported from it), so check and the start-up refusal never disagree. Only
 * values written as numbers are judged; a key left out takes the runtime's default.
 */
export const passwordHashWeak: Rule = {
  id: "password-hash-weak",
  severity: "error",
  summary: "`Password({ hash })` with scrypt parameters below OWASP's table.",
  check(context) {
    return passwordProviders(context).flatMap((provider) => {
      const hash = hashObject(provider);
      if (!hash) return [];
      const { meetsOwasp, OWASP_SCRYPT } = owasp();
      const params = { ...OWASP_SCRYPT };
      for (const key of KEYS) {
        if (!hash.getProperty(key)) continue;
        const value = literalNumber(propertyValue(hash, key));
        if (value === undefined) return [];
        params[key] = value;
      }
      if (meetsOwasp(params)) return [];
      const line = passwordOption(provider, "hash")?.line ?? provider.line;
      const shown = `N = ${params.N}, r = ${params.r}, p = ${params.p}`;
      return [
        {
          file: context.setup.config.file,
          line,
          message: `The password hash uses scrypt with ${shown}, below OWASP's minimum.`,
          why: "A stolen database is cracked that much faster; the runtime refuses these parameters at start (InvalidConfig), unless unsafeWeakHashForTesting is on outside production.",
          fix: `Remove \`hash\` (the default is OWASP's N = 2^17, r = ${OWASP_SCRYPT.r}, p = ${OWASP_SCRYPT.p}), or use a row of OWASP's scrypt table (a lower N needs a higher p).`,
        },
      ];
    });
  },
};
