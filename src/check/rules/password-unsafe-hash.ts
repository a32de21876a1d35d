import { sourceFiles } from "../../project/source-files.js";
import type { Rule } from "../types.js";

/** Test files and folders, where the testing switch belongs. */
const TEST_FILE = /(?:^|\/)(?:tests?|__tests__|e2e|spec)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/;
/** The switch turned on (anything but a literal `false`), outside comments. */
const SWITCH_ON = /^(?!\s*(?:\/\/|\/?\*)).*\bunsafeWeakHashForTesting\b(?!\s*:\s*false\b)/;

export const passwordUnsafeHash: Rule = {
  id: "password-unsafe-hash",
  severity: "error",
  summary: "`unsafeWeakHashForTesting` in code that is not a test.",
  check(context) {
    return sourceFiles(context.root)
      .filter((file) => !TEST_FILE.test(file))
      .flatMap((file) => {
        const text = context.text(file);
        if (!text.includes("unsafeWeakHashForTesting")) return [];
        const index = text.split(/\r?\n/).findIndex((line) => SWITCH_ON.test(line));
        if (index === -1) return [];
        return [
          {
            file,
            line: index + 1,
            message: "unsafeWeakHashForTesting is turned on in application code.",
            why: "It lets the password provider hash with parameters far below OWASP's (cheap to crack); the runtime refuses it only when NODE_ENV=production, so a server without NODE_ENV stores weak hashes.",
            fix: "Turn it on in your test set-up only (a *.test.* file or a test folder), and leave it out of the configuration the app runs with.",
          },
        ];
      });
  },
};
