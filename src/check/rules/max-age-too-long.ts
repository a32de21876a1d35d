import { propertyValue } from "../../syntax/values.js";
import { configSyntax, numericValue, objectOf } from "../config-syntax.js";
import type { Rule } from "../types.js";

const YEAR = 365 * 24 * 60 * 60;

/**
 * `session.maxAge` or `jwt.maxAge` beyond a year. A warning: session length is a policy choice,
 * but past a year it outlives any reason to keep a stolen cookie valid.
 */
export const maxAgeTooLong: Rule = {
  id: "max-age-too-long",
  severity: "warning",
  summary: "`session.maxAge` or `jwt.maxAge` beyond one year.",
  check(context) {
    const syntax = configSyntax(context);
    if (!syntax) return [];
    return ["session", "jwt"].flatMap((option) => {
      const holder = objectOf(propertyValue(syntax.object, option));
      const value = holder && propertyValue(holder, "maxAge");
      const seconds = numericValue(value);
      if (!value || seconds === undefined || seconds <= YEAR) return [];
      return [
        {
          file: context.setup.config.file,
          line: value.getStartLineNumber(),
          message: `${option}.maxAge is ${Math.round(seconds / 86400)} days.`,
          why: "A copied or stolen session cookie stays valid that long, and signing out elsewhere does not end a JWT session. Active users do not need it: the session is extended while they use the app (updateAge).",
          fix: `Use at most a year (365 * 24 * 60 * 60); the default is 30 days.`,
        },
      ];
    });
  },
};
