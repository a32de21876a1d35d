import { literalNumber, passwordOption, passwordProviders } from "../password-syntax.js";
import type { Rule } from "../types.js";

/** The least `minLength` the runtime accepts (runtime/src/core/password-config.ts). */
const FLOOR = 8;

export const passwordMinLengthLow: Rule = {
  id: "password-min-length-low",
  severity: "error",
  summary: "`Password({ minLength })` under 8 characters.",
  check(context) {
    return passwordProviders(context).flatMap((provider) => {
      const option = passwordOption(provider, "minLength");
      const value = literalNumber(option?.node);
      if (!option || value === undefined || value >= FLOOR) return [];
      return [
        {
          file: context.setup.config.file,
          line: option.line,
          message: `Passwords may be as short as ${value} characters.`,
          why: `Short passwords fall to online guessing and to cracking a stolen hash; the runtime refuses a minLength under ${FLOOR} at start (InvalidConfig).`,
          fix: `Remove minLength (the default is ${FLOOR}) or set it to ${FLOOR} or more.`,
        },
      ];
    });
  },
};
