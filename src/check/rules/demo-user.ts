import type { Rule } from "../types.js";

export const demoUser: Rule = {
  id: "demo-user",
  severity: "warning",
  summary: "The generated demo user (demo@example.com / demo1234) can still sign in.",
  check(context) {
    const { config } = context.setup;
    const lines = context.text(config.file).split(/\r?\n/);
    const index = lines.findIndex((line) => line.includes("demo1234"));
    if (index === -1) return [];
    return [
      {
        file: config.file,
        line: index + 1,
        message: "A hard-coded demo user with a public password can sign in.",
        why: "Anyone who has read the create-auth docs knows the password.",
        fix: "Replace the check in authorize() with a lookup in your user store (password hashed with scrypt or argon2).",
      },
    ];
  },
};
