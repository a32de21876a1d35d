import { CREDENTIALS_STUB } from "../../catalog/provider-code.js";
import { configSyntax, returnedValues } from "../config-syntax.js";
import { credentialsAuthorizers, isNothing } from "../credentials-syntax.js";
import type { Rule } from "../types.js";

/**
 * A Credentials `authorize` whose every return path gives null or undefined (or that only
 * throws). An error: nobody can ever sign in with it. The stub `init` writes (marked by its TODO
 * comment) is left alone: it is the starting point the user was given, and a project fresh from
 * `init` must pass `check`.
 */
export const credentialsAlwaysNull: Rule = {
  id: "credentials-always-null",
  severity: "error",
  summary: "A Credentials `authorize` that returns null (or nothing) on every path.",
  check(context) {
    const syntax = configSyntax(context);
    if (!syntax) return [];
    return credentialsAuthorizers(syntax).flatMap(({ fn }) => {
      if (fn.getText().includes(CREDENTIALS_STUB)) return [];
      if (!returnedValues(fn).every(({ value }) => isNothing(value))) return [];
      return [
        {
          file: context.setup.config.file,
          line: fn.getStartLineNumber(),
          message: "authorize() never returns a user: every path returns null or nothing.",
          why: "The runtime reads null or undefined as wrong credentials, so every sign-in with this form fails (CredentialsSignin), even with the right password: usually a stub left from a tutorial.",
          fix: "Look the user up and return it ({ id, email, name }) when the password matches; return null only when it does not.",
        },
      ];
    });
  },
};
