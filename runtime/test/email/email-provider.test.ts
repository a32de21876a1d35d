import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { VerificationToken } from "../../src/adapters.js";
import Email from "../../src/providers/email.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, recordingTokens, SECRET, setCookie, TestClient } from "../helpers.js";
import { linkIn, startSmtpServer } from "./smtp.js";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const NO_SERVER = Symbol("no server");

function config(
  extra: Partial<AuthConfig> = {},
  server: unknown = { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true },
): AuthConfig {
  const options = server === NO_SERVER ? {} : { server: server as Record<string, unknown> };
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: memoryAdapter(),
    providers: [Email({ ...options, from: "Acme <auth@acme.example>" })],
    ...extra,
  };
}

async function requestLink(client: TestClient, email: string) {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/signin/email", { form: { email, csrfToken } });
}

describe("Email provider over real SMTP", () => {
  it("mails a link that signs the user in", async () => {
    const client = new TestClient(config());
    const response = await requestLink(client, "Ada@Example.com");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/verify-request?provider=email&type=email",
    );
    // The request answers after the server took the mail: it is already waiting.
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(mail.from).toBe("auth@acme.example");
    expect(mail.subject).toBe("Sign in to localhost:3000");
    const link = linkIn(mail);
    expect(link.searchParams.get("email")).toBe("ada@example.com");
    const callback = await client.request(`${link.pathname}${link.search}`);
    expect(callback.headers.get("location")).toBe("http://localhost:3000");
    expect(setCookie(callback, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("escapes everything in the HTML part and keeps hostile theme colours out", async () => {
    const client = new TestClient(config({ theme: { brandColor: 'red;"><script>x</script>' } }));
    const received = smtp.nextMessage();
    await requestLink(client, "ada@example.com");
    const mail = await received;
    expect(mail.raw).not.toContain("<script>");
    expect(mail.raw).toContain("#346df1");
  });

  it("shows EmailSignInError and leaves no usable token when SMTP refuses", async () => {
    const { logger, errors } = captureLogger();
    const { adapter, created } = recordingTokens(memoryAdapter());
    const client = new TestClient(
      config(
        { logger, adapter },
        { host: "127.0.0.1", port: 1, secure: false, connectionTimeout: 2000 },
      ),
    );
    const response = await requestLink(client, "ada@example.com");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=EmailSignInError",
    );
    expect(errors.at(-1)?.name).toBe("EmailSignInError");
    // A token was stored before the send, and the failed send took it out again.
    expect(created).toHaveLength(1);
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
  });

  it("prints the link in development when no server is set, and fails in production", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      const client = new TestClient(config({}, NO_SERVER));
      await requestLink(client, "dev@example.com");
      const printed = String(info.mock.calls.at(-1)?.[0]);
      expect(printed).toContain("dev@example.com");
      const link = new URL(/http:\/\/\S+/.exec(printed)![0]);
      const callback = await client.request(`${link.pathname}${link.search}`);
      expect(setCookie(callback, "authjs.session-token")).toBeDefined();

      vi.stubEnv("NODE_ENV", "production");
      const prod = new TestClient(config({}, ""));
      const refused = await requestLink(prod, "prod@example.com");
      expect(refused.headers.get("location")).toContain("error=EmailSignInError");
    } finally {
      vi.unstubAllEnvs();
      info.mockRestore();
    }
  });
});

describe("Email options over real SMTP", () => {
  const base = () => ({
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: memoryAdapter(),
  });

  it("takes an smtp:// URL as server", async () => {
    const client = new TestClient({
      ...base(),
      providers: [Email({ server: smtp.url, from: "auth@acme.example" })],
    });
    const received = smtp.nextMessage();
    await requestLink(client, "url@example.com");
    const link = linkIn(await received);
    const callback = await client.request(`${link.pathname}${link.search}`);
    expect(setCookie(callback, "authjs.session-token")).toBeDefined();
  });

  it("the Nodemailer provider (id nodemailer) mails a working link", async () => {
    const client = new TestClient({
      ...base(),
      providers: [Nodemailer({ server: smtp.url, from: "auth@acme.example" })],
    });
    const providers = (await (await client.request("/auth/providers")).json()) as object;
    expect(providers).toMatchObject({ nodemailer: { id: "nodemailer", type: "email" } });
    const received = smtp.nextMessage();
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signin/nodemailer", {
      form: { email: "node@example.com", csrfToken },
    });
    const link = linkIn(await received);
    expect(link.pathname).toBe("/auth/callback/nodemailer");
    const callback = await client.request(`${link.pathname}${link.search}`);
    expect(setCookie(callback, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { email: "node@example.com" } });
  });

  it("applies a custom normalizeIdentifier, then still insists on one plain address", async () => {
    const normalizeIdentifier = (identifier: string) => identifier.replace(/\+[^@]*@/, "@");
    const client = new TestClient({
      ...base(),
      providers: [Email({ server: smtp.url, from: "auth@acme.example", normalizeIdentifier })],
    });
    const received = smtp.nextMessage();
    await requestLink(client, "Ada+news@Example.com");
    const mail = await received;
    expect(mail.to).toEqual(["ada@example.com"]);
    const link = linkIn(mail);
    expect(link.searchParams.get("email")).toBe("ada@example.com");
    await client.request(`${link.pathname}${link.search}`);
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });

    const refused = await requestLink(client, "a+x@example.com, b@example.com");
    expect(refused.headers.get("location")).toContain("error=EmailSignInError");
  });

  it("escapes a hostile callbackUrl and Host in the HTML part", async () => {
    const host = `evil"onclick='alert(1)'&x.test`;
    const client = new TestClient(
      { ...base(), providers: [Email({ server: smtp.url, from: "auth@acme.example" })] },
      `http://${host}`,
    );
    const received = smtp.nextMessage();
    const csrfToken = await client.csrfToken();
    const callbackUrl = `/"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    await client.request("/auth/signin/email", {
      form: { email: "ada@example.com", csrfToken, callbackUrl },
    });
    const mail = await received;
    expect(mail.html).toContain(
      "Sign in to <strong>evil&quot;onclick=&#39;alert(1)&#39;&amp;x.test",
    );
    expect(mail.html).not.toContain(host);
    expect(mail.html).not.toMatch(/<script|<img|onerror=|onclick='/i);
    const back = linkIn(mail).searchParams.get("callbackUrl")!;
    expect(decodeURIComponent(back)).toBe(`http://${host}${callbackUrl}`);
  });
});

describe("Email defaults", () => {
  it("reads AUTH_EMAIL_SERVER and AUTH_EMAIL_FROM when created, options win", () => {
    vi.stubEnv("AUTH_EMAIL_SERVER", "smtp://mail.test:25");
    vi.stubEnv("AUTH_EMAIL_FROM", "Acme <auth@acme.test>");
    try {
      expect(Email()).toMatchObject({
        server: "smtp://mail.test:25",
        from: "Acme <auth@acme.test>",
      });
      expect(Email({ from: "Other <o@o.test>" })).toMatchObject({
        server: "smtp://mail.test:25",
        from: "Other <o@o.test>",
      });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(Email({ from: undefined })).toMatchObject({ from: "Auth <no-reply@localhost>" });
  });
});

describe("a magic link used by several requests at once", () => {
  it("signs in once with an adapter that reads the token and then deletes it (MySQL-style)", async () => {
    // What @auth/drizzle-adapter and @auth/kysely-adapter do on MySQL/MariaDB (no RETURNING):
    // a read, then a delete. The pause between them is where a second request would slip in.
    const base = memoryAdapter();
    const adapter = {
      ...base,
      async useVerificationToken(params: { identifier: string; token: string }) {
        // The read: the memory adapter answers synchronously, so taking and putting back
        // within one tick is a read nobody else can observe.
        const found = base.useVerificationToken(params) as VerificationToken | null;
        if (found) base.createVerificationToken(found);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await base.useVerificationToken(params); // the delete
        return found;
      },
    };
    const client = new TestClient(config({ adapter }));
    await requestLink(client, "race@example.com");
    const link = linkIn(await smtp.nextMessage());
    const path = `${link.pathname}${link.search}`;
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => new TestClient(config({ adapter })).request(path)),
    );
    const signedIn = attempts.filter((response) => setCookie(response, "authjs.session-token"));
    expect(signedIn).toHaveLength(1);
    for (const response of attempts.filter((r) => !signedIn.includes(r)))
      expect(response.headers.get("location")).toContain("error=Verification");
  });
});
