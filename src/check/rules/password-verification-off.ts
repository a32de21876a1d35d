import { Node } from "../../syntax/ts-morph.js";
import { passwordOption, passwordProviders } from "../password-syntax.js";
import type { Rule } from "../types.js";

export const passwordVerificationOff: Rule = {
  id: "password-verification-off",
  severity: "warning",
  summary: "`Password({ requireVerification: false })`: accounts without a confirmed address.",
  check(context) {
    return passwordProviders(context).flatMap((provider) => {
      const option = passwordOption(provider, "requireVerification");
      if (!option || !Node.isFalseLiteral(option.node)) return [];
      return [
        {
          file: context.setup.config.file,
          line: option.line,
          message: "Password accounts sign in without confirming their email address.",
          why: "Anyone can sign up with someone else's address first (account pre-hijacking): the owner later finds an account the attacker holds a password for, and mails sent to the address reach the owner, not the account holder.",
          fix: "Remove `requireVerification: false` (confirmation is on by default) and configure a mail server (AUTH_EMAIL_SERVER).",
        },
      ];
    });
  },
};
