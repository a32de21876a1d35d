import { SyntaxKind } from "../../syntax/ts-morph.js";
import { configSyntax, returnedValues } from "../config-syntax.js";
import { credentialsAuthorizers, isNothing } from "../credentials-syntax.js";
import type { Rule } from "../types.js";

/** Calls that check a secret, by their name (`verifyPassword`, `bcrypt.compare`, `argon2.verify`). */
const VERIFIES = /verify|compare|hash|argon|bcrypt|scrypt|check|valid|authenticate|login|signin/i;

/**
 * A Credentials `authorize` that can return a user without reading the password (or the form's
 * other secret field) and without calling anything that checks one. An error: anyone who knows
 * an email address signs in as its owner.
 */
export const credentialsNoPasswordCheck: Rule = {
  id: "credentials-no-password-check",
  severity: "error",
  summary: "A Credentials `authorize` that never reads or verifies the password.",
  check(context) {
    const syntax = configSyntax(context);
    if (!syntax) return [];
    return credentialsAuthorizers(syntax).flatMap(({ fn, secrets }) => {
      const body = fn.getBody();
      if (!body || secrets.length === 0) return [];
      // Nothing to say when it never signs anyone in: credentials-always-null says that.
      if (returnedValues(fn).every(({ value }) => isNothing(value))) return [];
      const parameter = fn.getParameters()[0]?.getName();
      // `credentials.password`, `credentials["password"]`, or a destructured `password` in use.
      const readsSecret =
        body
          .getDescendantsOfKind(SyntaxKind.Identifier)
          .some((identifier) => secrets.includes(identifier.getText())) ||
        body
          .getDescendantsOfKind(SyntaxKind.StringLiteral)
          .some((literal) => secrets.includes(literal.getLiteralValue()));
      const delegates = body.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => {
        const callee = call.getExpression().getText();
        return (
          VERIFIES.test(callee) ||
          call.getArguments().some((argument) => parameter && argument.getText() === parameter)
        );
      });
      if (readsSecret || delegates) return [];
      return [
        {
          file: context.setup.config.file,
          line: fn.getStartLineNumber(),
          message: `authorize() returns a user without reading ${secrets.map((s) => `credentials.${s}`).join(" or ")} or calling anything that verifies it.`,
          why: "Whatever is typed in the password field is accepted: anyone who knows (or guesses) an email address signs in as its owner.",
          fix: "Compare the submitted password with the stored hash (scrypt, argon2 or bcrypt, in constant time) and return null when it does not match.",
        },
      ];
    });
  },
};
