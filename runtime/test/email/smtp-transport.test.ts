import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Email from "../../src/providers/email.js";
import { SMTP_TIMEOUT, smtpTransportOptions } from "../../src/providers/smtp.js";
import { emailSignIn, FAILED_SEND, requestLink } from "./sign-in.js";
import { eventually, linkIn, startSilentServer, startSmtpServer } from "./smtp.js";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  silent = await startSilentServer();
});
afterAll(async () => {
  await smtp.close();
  await silent.close();
});

const setup = (server: string | Record<string, unknown>) =>
  emailSignIn(Email({ server, from: "auth@acme.example" }));

describe("a hung SMTP server", () => {
  // The user's short greeting timeout stands in for the 10 s default, which the options tests
  // below pin: the test proves the sign-in ends, the token goes and the connection is closed.
  it.each([
    ["options", () => ({ host: "127.0.0.1", port: silent.port, greetingTimeout: 300 })],
    ["a URL", () => `smtp://127.0.0.1:${silent.port}?greetingTimeout=300`],
  ])("(%s) ends the sign-in at EmailSignInError, with no usable token and no open connection", async (_label, server) => {
    const { client, adapter, created, errors } = setup(server());
    const started = Date.now();
    const response = await requestLink(client, "email");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.headers.get("location")).toBe(FAILED_SEND);
    expect(errors.at(-1)?.name).toBe("EmailSignInError");
    expect(created).toHaveLength(1);
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
    expect(await eventually(() => silent.openConnections() === 0)).toBe(true);
  });
});

describe("the SMTP transport's lifetime", () => {
  it("is closed after the mail, a pool too (nothing stays connected)", async () => {
    const { client } = setup({ host: "127.0.0.1", port: smtp.port, ignoreTLS: true, pool: true });
    await requestLink(client, "email");
    expect(linkIn(await smtp.nextMessage()).searchParams.get("email")).toBe("ada@example.com");
    expect(await eventually(() => smtp.openSessions() === 0)).toBe(true);
  });

  it("a transporter the app passes in is used and left open for the next mail", async () => {
    const transporter = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtp.port,
      ignoreTLS: true,
      pool: true,
    });
    try {
      const { client } = setup(transporter as unknown as Record<string, unknown>);
      await requestLink(client, "email", "first@example.com");
      await requestLink(client, "email", "second@example.com");
      expect((await smtp.nextMessage()).to).toEqual(["first@example.com"]);
      expect((await smtp.nextMessage()).to).toEqual(["second@example.com"]);
      expect(smtp.openSessions()).toBe(1);
    } finally {
      transporter.close();
    }
    expect(await eventually(() => smtp.openSessions() === 0)).toBe(true);
  });
});

describe("smtpTransportOptions", () => {
  const ten = SMTP_TIMEOUT;
  const all = { connectionTimeout: ten, greetingTimeout: ten, socketTimeout: ten };

  it("bounds every timeout at 10 s unless the server options set it", () => {
    expect(SMTP_TIMEOUT).toBe(10_000);
    expect(smtpTransportOptions({ host: "mail.test" })).toEqual({ host: "mail.test", ...all });
    expect(smtpTransportOptions({ host: "mail.test", socketTimeout: 60_000 })).toEqual({
      host: "mail.test",
      ...all,
      socketTimeout: 60_000,
    });
  });

  it("adds them to a connection URL's query, keeping the user's", () => {
    expect(smtpTransportOptions("smtp://u:p%40ss@mail.test:587")).toBe(
      `smtp://u:p%40ss@mail.test:587?connectionTimeout=${ten}&greetingTimeout=${ten}&socketTimeout=${ten}`,
    );
    expect(smtpTransportOptions("smtps://mail.test?pool=true&greetingTimeout=5")).toBe(
      `smtps://mail.test?pool=true&greetingTimeout=5&connectionTimeout=${ten}&socketTimeout=${ten}`,
    );
    // An object with a url: the object's own keys win, the rest go into the URL.
    expect(
      smtpTransportOptions({ url: "smtp://mail.test", connectionTimeout: 1, greetingTimeout: 2 }),
    ).toEqual({
      url: `smtp://mail.test?socketTimeout=${ten}`,
      connectionTimeout: 1,
      greetingTimeout: 2,
    });
  });

  it("leaves a transport the app built alone", () => {
    const plugin = { name: "x", version: "1", send: () => {} };
    expect(smtpTransportOptions(plugin)).toBe(plugin);
  });
});
