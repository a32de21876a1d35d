import type { Rule } from "../types.js";

const FALSE = /^(false|0|no|off)$/i;
const TRUE = /^(true|1|yes|on)$/i;

export const trustHostMisread: Rule = {
  id: "trust-host-misread",
  severity: "error",
  summary: "AUTH_TRUST_HOST set to a value that does not mean what it seems.",
  check(context) {
    const flag = context.env.get("AUTH_TRUST_HOST");
    if (!flag || flag.value === "") return [];
    const where = { file: flag.file, line: flag.line };
    if (FALSE.test(flag.value.trim()))
      return [
        {
          ...where,
          message: `AUTH_TRUST_HOST=${flag.value} turns host trust off entirely.`,
          why: 'With host trust off the runtime refuses every request (UntrustedHost), even with AUTH_URL set. (Auth.js reads any value, even "false", as true: the opposite surprise.)',
          fix: "To use AUTH_URL instead of the request's Host, just set AUTH_URL and delete AUTH_TRUST_HOST.",
        },
      ];
    if (!TRUE.test(flag.value.trim()))
      return [
        {
          ...where,
          message: `AUTH_TRUST_HOST="${flag.value}" is not true/false; it is read as true.`,
          why: "Any value other than false, 0, no or off trusts the Host and X-Forwarded-Host headers.",
          fix: "Write AUTH_TRUST_HOST=true (behind a proxy you control), or delete it and set AUTH_URL.",
        },
      ];
    return [];
  },
};
