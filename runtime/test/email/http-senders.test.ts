/**
 * The email senders that work over an HTTP API (Resend, SendGrid, Postmark, Forward Email, Loops,
 * Mailgun). A local server stands in for each API: it sees the request each provider makes
 * (method, the real API URL, the auth header, the body's fields), the link in the mail signs
 * the user in on a real Express app, and an API that refuses (4xx, 5xx) or stalls ends the
 * sign-in at `EmailSignInError` with the link's token deleted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { DependencyTimeout } from "../../src/errors.js";
import ForwardEmail from "../../src/providers/forwardemail.js";
import Loops from "../../src/providers/loops.js";
import Mailgun from "../../src/providers/mailgun.js";
import Postmark from "../../src/providers/postmark.js";
import Resend from "../../src/providers/resend.js";
import SendGrid from "../../src/providers/sendgrid.js";
import type { EmailConfig } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import type { AuthConfig } from "../../src/types.js";
import { express5, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET, setCookie, TestClient } from "../helpers.js";
import {
  type ApiRequest,
  type FakeMailApi,
  form,
  json,
  startFakeMailApi,
} from "./fake-mail-api.js";
import { emailSignIn, FAILED_SEND, requestLink } from "./sign-in.js";
import { eventually } from "./smtp.js";

let api: FakeMailApi;
beforeAll(async () => {
  api = await startFakeMailApi();
});
afterEach(() => {
  api.answer({ status: 200, body: { id: "msg_1" } });
  api.requests.length = 0;
  vi.unstubAllEnvs();
});
afterAll(() => api?.close());

const FROM = "Acme <auth@acme.example>";
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** What each sender's request must look like, and where its mail's parts are. */
interface SenderCase {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: each preset takes its own options
  preset: (options: any) => EmailConfig;
  options?: Record<string, unknown>;
  url: string;
  authorization: (key: string) => [header: string, value: string];
  /** Checks the fields and returns the link and every part that must carry it. */
  read(
    request: ApiRequest,
    to: string,
  ): Promise<{ link: string; text?: string; html?: string; subject?: string }>;
}

const linkPattern = /https?:\/\/[^\s"<]+\/callback\/[^\s"<]+/;
const linkOf = (text: string) => linkPattern.exec(text)?.[0] ?? "";

const cases: SenderCase[] = [
  {
    id: "resend",
    preset: Resend,
    // https://resend.com/docs/api-reference/emails/send-email
    url: "https://api.resend.com/emails",
    authorization: (key) => ["authorization", `Bearer ${key}`],
    async read(request, to) {
      const body = json(request);
      expect(request.headers["content-type"]).toBe("application/json");
      expect([body.from, body.to]).toEqual([FROM, to]);
      return { link: linkOf(body.text), text: body.text, html: body.html, subject: body.subject };
    },
  },
  {
    id: "sendgrid",
    preset: SendGrid,
    // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send
    url: "https://api.sendgrid.com/v3/mail/send",
    authorization: (key) => ["authorization", `Bearer ${key}`],
    async read(request, to) {
      const body = json(request);
      expect(body.personalizations).toEqual([{ to: [{ email: to }] }]);
      expect(body.from).toEqual({ email: "auth@acme.example", name: "Acme" });
      expect(body.content.map((c: { type: string }) => c.type)).toEqual([
        "text/plain",
        "text/html",
      ]);
      const [text, html] = body.content.map((c: { value: string }) => c.value);
      return { link: linkOf(text), text, html, subject: body.subject };
    },
  },
  {
    id: "postmark",
    preset: Postmark,
    // https://postmarkapp.com/developer/user-guide/send-email-with-api
    url: "https://api.postmarkapp.com/email",
    authorization: (key) => ["x-postmark-server-token", key],
    async read(request, to) {
      const body = json(request);
      expect(request.headers.accept).toBe("application/json");
      expect([body.From, body.To, body.MessageStream]).toEqual([FROM, to, "outbound"]);
      return {
        link: linkOf(body.TextBody),
        text: body.TextBody,
        html: body.HtmlBody,
        subject: body.Subject,
      };
    },
  },
  {
    id: "forwardemail",
    preset: ForwardEmail,
    url: "https://api.forwardemail.net/v1/emails",
    authorization: (key) => ["authorization", basic(key, "")],
    async read(request, to) {
      const body = json(request);
      expect([body.from, body.to]).toEqual([FROM, to]);
      return { link: linkOf(body.text), text: body.text, html: body.html, subject: body.subject };
    },
  },
  {
    id: "loops",
    preset: Loops,
    options: { transactionalId: "tx_signin" },
    // https://loops.so/docs/api-reference/send-transactional-email
    url: "https://app.loops.so/api/v1/transactional",
    authorization: (key) => ["authorization", `Bearer ${key}`],
    async read(request, to) {
      const body = json(request);
      expect(Object.keys(body).sort()).toEqual(["dataVariables", "email", "transactionalId"]);
      expect([body.transactionalId, body.email]).toEqual(["tx_signin", to]);
      return { link: body.dataVariables.url };
    },
  },
  {
    id: "mailgun",
    preset: Mailgun,
    // https://documentation.mailgun.com/docs/mailgun/api-reference
    url: "https://api.mailgun.net/v3/acme.example/messages",
    authorization: (key) => ["authorization", basic("api", key)],
    async read(request, to) {
      expect(String(request.headers["content-type"])).toMatch(/^multipart\/form-data; boundary=/);
      const fields = await form(request);
      expect([fields.from, fields.to]).toEqual([FROM, to]);
      return {
        link: linkOf(fields.text!),
        text: fields.text,
        html: fields.html,
        subject: fields.subject,
      };
    },
  },
];

function provider(c: SenderCase, options: Record<string, unknown> = {}) {
  return c.preset({
    apiKey: `${c.id}-key-1`,
    from: FROM,
    [customFetch]: api.fetchFor(),
    ...c.options,
    ...options,
  });
}

const inProcess = (c: SenderCase, options: Record<string, unknown> = {}) =>
  emailSignIn(provider(c, options));

describe.each(cases.map((c) => [c.id, c] as const))("%s", (id, c) => {
  it("posts the mail to the API, and its link signs the user in on an Express app", async () => {
    const { logger } = captureLogger();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger,
      adapter: memoryAdapter(),
      providers: [provider(c)],
    };
    const app = await startApp(express5, config, { mount: "/auth" });
    try {
      const browser = new HttpTestClient(app.origin);
      // The sign-in page has the provider's address form.
      const page = await (await browser.request("/auth/signin")).text();
      expect(page).toMatch(new RegExp(`<form action="[^"]*/auth/signin/${id}" method="POST">`));
      const sent = await requestLink(browser, id, "Ada@Example.com");
      expect(sent.headers.get("location")).toBe(
        `${app.origin}/auth/verify-request?provider=${id}&type=email`,
      );

      expect(api.requests).toHaveLength(1);
      const request = api.requests[0]!;
      expect([request.method, request.url]).toEqual(["POST", c.url]);
      const [header, value] = c.authorization(`${id}-key-1`);
      expect(request.headers[header]).toBe(value);
      // Ours, not the transport's: Resend refuses a request without one (http-email.ts).
      expect(request.headers["user-agent"]).toBe("create-auth");
      const mail = await c.read(request, "ada@example.com");
      if (mail.subject !== undefined) {
        expect(mail.subject).toBe(`Sign in to ${new URL(app.origin).host}`);
        expect(mail.html).toContain(`href="${mail.link.replaceAll("&", "&amp;")}"`);
        expect(mail.text).toContain(mail.link);
      }

      const link = new URL(mail.link);
      expect(link.origin).toBe(app.origin);
      expect(link.pathname).toBe(`/auth/callback/${id}`);
      expect(link.searchParams.get("email")).toBe("ada@example.com");
      const callback = await browser.request(`${link.pathname}${link.search}`);
      expect(callback.status).toBe(302);
      expect(setCookie(callback, "authjs.session-token")).toBeDefined();
      const me = await browser.request("/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: "ada@example.com" } });

      // Single use: the same link again signs nobody in.
      const again = new HttpTestClient(app.origin);
      const replay = await again.request(`${link.pathname}${link.search}`);
      expect(setCookie(replay, "authjs.session-token")).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it("an API that refuses (4xx) ends at EmailSignInError, says why, and leaves no token", async () => {
    api.answer({ status: 422 }, { echo: true });
    const { client, adapter, created, errors } = inProcess(c);
    const response = await requestLink(client, id);
    expect(response.headers.get("location")).toBe(FAILED_SEND);
    expect(api.requests).toHaveLength(1);
    const logged = errors.at(-1)!;
    expect(logged.name).toBe("EmailSignInError");
    const cause = (logged.cause as Error).message;
    expect(cause).toMatch(/refused the email \(HTTP 422\): /);
    // The answer quoted the link's token: it is blanked out of the log.
    const { link } = await c.read(api.requests[0]!, "ada@example.com");
    const token = new URL(link).searchParams.get("token")!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(cause).not.toContain(token);
    expect(cause).toContain("[token]");
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
  });
});

describe("failures every sender shares", () => {
  const resend = cases[0]!;

  it("a 5xx ends at EmailSignInError and leaves no token", async () => {
    api.answer({ status: 503, body: { message: "try later" } });
    const { client, adapter, created, errors } = inProcess(resend);
    expect((await requestLink(client, "resend")).headers.get("location")).toBe(FAILED_SEND);
    expect((errors.at(-1)!.cause as Error).message).toBe(
      'Resend refused the email (HTTP 503): {"message":"try later"}',
    );
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
  });

  it.each(cases.map((c) => [c.id, c] as const))(
    "%s: a stalled API is cut off after sendTimeout: EmailSignInError, request aborted, token gone",
    async (id, c) => {
      api.answer("stall");
      const { client, adapter, created, errors } = inProcess(c, { sendTimeout: 300 });
      expect((await requestLink(client, id)).headers.get("location")).toBe(FAILED_SEND);
      const logged = errors.at(-1)!;
      expect(logged.name).toBe("EmailSignInError");
      expect(logged.cause).toBeInstanceOf(DependencyTimeout);
      expect((logged.cause as Error).message).toMatch(/did not take the email within 300 ms$/);
      expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
      // Aborted, not abandoned: the request's connection to the API is closed.
      expect(api.requests).toHaveLength(1);
      expect(await eventually(() => api.requests[0]!.socket.destroyed)).toBe(true);
      // A limit on the test, not a measurement: without the bound (or with the 10 s default in
      // place of `sendTimeout`) the sign-in would still be waiting when it runs out.
    },
    4_000,
  );

  it("an unreachable API ends at EmailSignInError", async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    const { client, errors } = inProcess(resend, { [customFetch]: refused });
    expect((await requestLink(client, "resend")).headers.get("location")).toBe(FAILED_SEND);
    expect((errors.at(-1)!.cause as Error).message).toBe("Resend could not be reached");
  });

  it.each(
    cases.map((c) => [c.id, c] as const),
  )("%s: without an API key nothing is sent, and the error names the variable", async (id, c) => {
    const { client, adapter, created, errors } = inProcess(c, { apiKey: "" });
    expect((await requestLink(client, id)).headers.get("location")).toBe(FAILED_SEND);
    expect(api.requests).toHaveLength(0);
    expect((errors.at(-1)!.cause as Error).message).toContain(`AUTH_${id.toUpperCase()}_KEY`);
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
  });

  it("reads the key from AUTH_<ID>_KEY and the sender from AUTH_EMAIL_FROM", async () => {
    vi.stubEnv("AUTH_POSTMARK_KEY", "pm-from-env");
    vi.stubEnv("AUTH_EMAIL_FROM", "Env Sender <env@acme.example>");
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter: memoryAdapter(),
      providers: [Postmark({ [customFetch]: api.fetchFor() })],
    });
    expect((await requestLink(client, "postmark")).headers.get("location")).toContain(
      "/auth/verify-request",
    );
    const request = api.requests[0]!;
    expect(request.headers["x-postmark-server-token"]).toBe("pm-from-env");
    expect(json(request).From).toBe("Env Sender <env@acme.example>");
  });

  it("without a sender address nothing is sent, with a clear error", async () => {
    const { client, errors } = inProcess(resend, { from: "" });
    expect((await requestLink(client, "resend")).headers.get("location")).toBe(FAILED_SEND);
    expect(api.requests).toHaveLength(0);
    expect((errors.at(-1)!.cause as Error).message).toMatch(/no sender address: set `from`/);
  });

  it("Loops without a transactional email sends nothing; AUTH_LOOPS_TRANSACTIONAL_ID fills it", async () => {
    const loops = cases.find((c) => c.id === "loops")!;
    const missing = inProcess(loops, { transactionalId: undefined });
    expect((await requestLink(missing.client, "loops")).headers.get("location")).toBe(FAILED_SEND);
    expect(api.requests).toHaveLength(0);
    expect((missing.errors.at(-1)!.cause as Error).message).toContain(
      "AUTH_LOOPS_TRANSACTIONAL_ID",
    );

    vi.stubEnv("AUTH_LOOPS_TRANSACTIONAL_ID", "tx_env");
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter: memoryAdapter(),
      providers: [Loops({ apiKey: "k", [customFetch]: api.fetchFor() })],
    });
    expect((await requestLink(client, "loops")).headers.get("location")).toContain(
      "/auth/verify-request",
    );
    expect(json(api.requests[0]!).transactionalId).toBe("tx_env");
  });

  it("Mailgun: EU domains go to the EU host; an unknown region or a malformed sender is refused", async () => {
    const mailgun = cases.find((c) => c.id === "mailgun")!;
    const { client } = inProcess(mailgun, { region: "EU" });
    await requestLink(client, "mailgun");
    expect(api.requests[0]!.url).toBe("https://api.eu.mailgun.net/v3/acme.example/messages");

    expect(() => Mailgun({ region: "APAC" as never })).toThrow(
      'Mailgun\'s region must be "US" or "EU", received "APAC"',
    );
    const bad = inProcess(mailgun, { from: "not an address" });
    expect((await requestLink(bad.client, "mailgun")).headers.get("location")).toBe(FAILED_SEND);
    expect((bad.errors.at(-1)!.cause as Error).message).toMatch(/is not an email address/);
  });

  it("refuses a sendTimeout that is not a positive number when the provider is created", () => {
    expect(() => Resend({ sendTimeout: 0 })).toThrow(
      "sendTimeout must be a positive number of milliseconds, received 0",
    );
  });
});
