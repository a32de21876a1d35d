import { describe, expect, it } from "vitest";
import { emailWithoutAdapter } from "../../src/check/rules/email-without-adapter.js";
import type { CheckContext } from "../../src/check/types.js";

// Every preset that sends magic links stores their tokens, so each needs an adapter: the SMTP
// ones and the HTTP email APIs (which the CLI's catalogue does not list).

function context(presets: (string | undefined)[], adapter: boolean) {
  return {
    setup: {
      config: {
        file: "src/auth.ts",
        ...(adapter ? { adapter: {} } : {}),
        providers: presets.map((preset, i) => ({ id: preset, preset, line: 10 + i })),
      },
    },
  } as unknown as CheckContext;
}

describe("email-without-adapter", () => {
  it.each([
    "email",
    "nodemailer",
    "resend",
    "sendgrid",
    "postmark",
    "forwardemail",
    "loops",
    "mailgun",
  ])("reports %s without an adapter, at its line", (preset) => {
    const findings = emailWithoutAdapter.check(context(["github", preset], false));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: "src/auth.ts", line: 11 });
  });

  it("is quiet with an adapter, and for providers that send no mail", () => {
    expect(emailWithoutAdapter.check(context(["resend", "mailgun"], true))).toEqual([]);
    expect(emailWithoutAdapter.check(context(["github", "credentials", undefined], false))).toEqual(
      [],
    );
  });
});
