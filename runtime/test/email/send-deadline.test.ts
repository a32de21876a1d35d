/**
 * The email provider's `sendTimeout`: nodemailer bounds each step on its own (connect, greeting,
 * each answer), so a server that greets and then answers late, or not at all, could hold a
 * sign-in for as long as those allow, step after step. A whole send is bounded: past
 * `sendTimeout` the connection is destroyed and the sign-in ends at `EmailSignInError`. Real
 * SMTP servers: one that greets and goes silent, and `smtp-server` behind a slow fault proxy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DependencyTimeout } from "../../src/errors.js";
import Email from "../../src/providers/email.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import { emailSignIn, FAILED_SEND, requestLink } from "./sign-in.js";
import { eventually, startSilentServer, startSmtpServer } from "./smtp.js";

/** An SMTP server that sends its greeting and then never answers anything. */
let stalling: Awaited<ReturnType<typeof startSilentServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let proxy: FaultProxy;
beforeAll(async () => {
  stalling = await startSilentServer("220 stall.test ESMTP ready");
  smtp = await startSmtpServer();
  proxy = await startFaultProxy({ port: smtp.port });
});
afterEach(() => proxy.set("pass"));
afterAll(async () => {
  await proxy?.close();
  await stalling?.close();
  await smtp?.close();
});

/** Per-step timeouts far above the deadline: only `sendTimeout` can end these sends. */
const patient = { connectionTimeout: 60_000, greetingTimeout: 60_000, socketTimeout: 60_000 };

const setup = (server: string | Record<string, unknown>, sendTimeout = 500) =>
  emailSignIn(Email({ server, from: "auth@acme.example", sendTimeout }));

describe("sendTimeout bounds a whole send", () => {
  it.each([
    ["options", () => ({ host: "127.0.0.1", port: stalling.port, ...patient })],
    [
      "a URL",
      () =>
        `smtp://127.0.0.1:${stalling.port}?connectionTimeout=60000&greetingTimeout=60000&socketTimeout=60000`,
    ],
  ])("(%s) a server that greets and then stalls: EmailSignInError, connection closed, token gone", async (_label, server) => {
    const { client, adapter, created, errors } = setup(server());
    const response = await requestLink(client, "email");
    expect(response.headers.get("location")).toBe(FAILED_SEND);
    const logged = errors.at(-1);
    expect(logged?.name).toBe("EmailSignInError");
    expect(logged?.cause).toBeInstanceOf(DependencyTimeout);
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
    // The send was aborted, not abandoned: its connection is gone.
    expect(await eventually(() => stalling.openConnections() === 0)).toBe(true);
  });

  it("a server whose every answer comes late is cut off; once it is fast again, the mail goes", async () => {
    const { client } = setup({ host: "127.0.0.1", port: proxy.port, ...patient });
    await proxy.set("slow", { delayMs: 400 });
    const slow = await requestLink(client, "email");
    expect(slow.headers.get("location")).toBe(FAILED_SEND);
    await proxy.set("pass");
    const sent = await requestLink(client, "email", "grace@example.com");
    expect(sent.headers.get("location")).toContain("/auth/verify-request");
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(["grace@example.com"]);
  });
});
