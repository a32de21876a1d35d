import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { sha256Hex } from "../../src/core/crypto.js";
import type { EmailConfig, SendVerificationRequestParams } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";

function setup(extra: Partial<AuthConfig> = {}, provider: Partial<EmailConfig> = {}) {
  const sent: SendVerificationRequestParams[] = [];
  const adapter = memoryAdapter();
  const events = { signIn: vi.fn(), createUser: vi.fn(), updateUser: vi.fn() };
  const cfg: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter,
    events,
    providers: [
      {
        id: "email",
        name: "Email",
        type: "email",
        sendVerificationRequest: (params) => {
          sent.push(params);
        },
        ...provider,
      },
    ],
    ...extra,
  };
  return { sent, adapter, events, cfg, client: new TestClient(cfg) };
}

async function requestLink(client: TestClient, email: string, callbackUrl?: string) {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/signin/email", {
    form: { email, csrfToken, ...(callbackUrl ? { callbackUrl } : {}) },
  });
}

function linkPath(url: string) {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe("email sign-in (reference §4.4, stricter)", () => {
  it("sends a link, stores only a hash, and the link signs in with a database session", async () => {
    const { sent, adapter, client, events } = setup();
    const response = await requestLink(client, "  Ada@Example.COM ", "/inbox");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/verify-request?provider=email&type=email",
    );
    expect(sent).toHaveLength(1);
    const { url, token, identifier, expires } = sent[0]!;
    expect(identifier).toBe("ada@example.com");
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(expires.valueOf() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const link = new URL(url);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/callback/email");
    expect(link.searchParams.get("email")).toBe("ada@example.com");
    expect(link.searchParams.get("callbackUrl")).toBe("http://localhost:3000/inbox");

    const hashed = await sha256Hex(token + SECRET);
    const callback = await client.request(linkPath(url));
    expect(callback.headers.get("location")).toBe("http://localhost:3000/inbox");
    const sessionToken = setCookie(callback, "authjs.session-token")!.value;
    const found = await adapter.getSessionAndUser(sessionToken);
    expect(found?.user.email).toBe("ada@example.com");
    expect(found?.user.emailVerified).toBeInstanceOf(Date);
    expect(
      await adapter.useVerificationToken({ identifier: "ada@example.com", token: hashed }),
    ).toBeNull();
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    expect(events.createUser).toHaveBeenCalledTimes(1);
    expect(events.signIn).toHaveBeenCalledTimes(1);
    expect(events.signIn.mock.calls[0]![0]).toMatchObject({
      isNewUser: true,
      account: { type: "email", provider: "email", providerAccountId: "ada@example.com" },
    });
  });

  it("an existing user gets emailVerified refreshed (updateUser), not a new account", async () => {
    const { sent, adapter, client, events } = setup();
    await adapter.createUser({ id: "u1", email: "ada@example.com", emailVerified: new Date(0) });
    await requestLink(client, "ada@example.com");
    await client.request(linkPath(sent[0]!.url));
    expect(events.createUser).not.toHaveBeenCalled();
    expect(events.updateUser).toHaveBeenCalledTimes(1);
    expect((await adapter.getUser("u1"))?.emailVerified?.valueOf()).toBeGreaterThan(0);
  });

  it("a link works once: the second click is Verification", async () => {
    const { sent, client, cfg } = setup();
    await requestLink(client, "ada@example.com");
    const path = linkPath(sent[0]!.url);
    await client.request(path);
    const again = await new TestClient(cfg).request(path);
    expect(again.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Verification",
    );
    expect(setCookie(again, "authjs.session-token")).toBeUndefined();
  });

  it("concurrent clicks on one link: exactly one signs in", async () => {
    const { sent, cfg, client } = setup();
    await requestLink(client, "ada@example.com");
    const path = linkPath(sent[0]!.url);
    const results = await Promise.all([1, 2, 3].map(() => new TestClient(cfg).request(path)));
    const signedIn = results.filter((r) => setCookie(r, "authjs.session-token"));
    expect(signedIn).toHaveLength(1);
  });

  it("an expired link, a link for another address and a tampered token are Verification", async () => {
    const { sent, client } = setup({}, { maxAge: -1 });
    await requestLink(client, "ada@example.com");
    const expired = await client.request(linkPath(sent[0]!.url));
    expect(expired.headers.get("location")).toContain("error=Verification");

    const fresh = setup();
    await requestLink(fresh.client, "ada@example.com");
    const url = new URL(fresh.sent[0]!.url);
    url.searchParams.set("email", "eve@example.com");
    expect((await fresh.client.request(linkPath(url.href))).headers.get("location")).toContain(
      "error=Verification",
    );
    url.searchParams.set("email", "ada@example.com");
    url.searchParams.set("token", "0".repeat(64));
    expect((await fresh.client.request(linkPath(url.href))).headers.get("location")).toContain(
      "error=Verification",
    );
    url.searchParams.delete("email");
    expect((await fresh.client.request(linkPath(url.href))).headers.get("location")).toContain(
      "error=Verification",
    );
  });

  it.each([
    "a@b.example,eve@evil.example",
    "a@b.example;eve@evil.example",
    '"a@b"@example.com',
    "Ada <ada@example.com>",
    "ada\uFF20example.com",
    "ada\uFE6Bexample.com",
    "ada@example.com\r\nBcc: eve@evil.example",
    "<script>@example.com",
    "ada@@example.com",
    "ada@exa mple.com",
    "@example.com",
    "ada@",
    "",
    // Numeric hosts the URL parser rewrites into IPv4 addresses (two spellings, one identity,
    // and mail to internal hosts), and address literals.
    "ada@2130706433",
    "ada@0x7f.1",
    "ada@123",
    "ada@127.0.0.1",
    "ada@0.0.0.123",
    "ada@１２７.０.０.１",
    "ada@example.0x1",
    "ada@[127.0.0.1]",
    "ada@[::1]",
    "ada@example.com.",
  ])("refuses %j without sending anything", async (email) => {
    const { sent, client } = setup();
    const response = await requestLink(client, email);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=EmailSignInError",
    );
    expect(sent).toHaveLength(0);
  });

  it.each([
    ["ada@bücher.example", "ada@xn--bcher-kva.example"],
    ["ada@BÜCHER.Example", "ada@xn--bcher-kva.example"],
    ["ada@123.example", "ada@123.example"],
    ["ada@0x.example", "ada@0x.example"],
  ])("accepts %j as %j (punycode, numeric labels before a named one)", async (email, canonical) => {
    const { sent, client } = setup();
    await requestLink(client, email);
    expect(sent.map((mail) => mail.identifier)).toEqual([canonical]);
  });

  it("answers the same for known and unknown addresses (no enumeration)", async () => {
    const { adapter, client } = setup();
    await adapter.createUser({ id: "u1", email: "known@example.com", emailVerified: new Date() });
    const known = await requestLink(client, "known@example.com");
    const unknown = await requestLink(client, "unknown@example.com");
    expect(known.status).toBe(unknown.status);
    expect(known.headers.get("location")).toBe(unknown.headers.get("location"));
  });

  it("a failed send leaves no usable token and shows EmailSignInError", async () => {
    const { client, adapter } = setup(
      {},
      {
        sendVerificationRequest: () => {
          throw new Error("SMTP down");
        },
        generateVerificationToken: () => "fixed-token",
      },
    );
    const response = await requestLink(client, "ada@example.com");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=EmailSignInError",
    );
    const hashed = await sha256Hex(`fixed-token${SECRET}`);
    expect(
      await adapter.useVerificationToken({ identifier: "ada@example.com", token: hashed }),
    ).toBeNull();
  });

  it("the signIn callback can refuse the request before any mail is sent", async () => {
    const signIn = vi.fn(() => false);
    const { sent, client } = setup({ callbacks: { signIn } });
    const response = await requestLink(client, "ada@example.com");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=AccessDenied",
    );
    expect(sent).toHaveLength(0);
    expect(signIn.mock.calls[0]).toEqual([
      expect.objectContaining({
        email: { verificationRequest: true },
        user: expect.objectContaining({ email: "ada@example.com" }),
      }),
    ]);
  });

  it("sends new users to pages.newUser with the callback URL", async () => {
    const { sent, client } = setup({ pages: { newUser: "/welcome" } });
    await requestLink(client, "new@example.com", "/after");
    const response = await client.request(linkPath(sent[0]!.url));
    expect(response.headers.get("location")).toBe(
      "/welcome?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fafter",
    );
  });

  it("builds the link on AUTH_URL's origin, whatever Host the request claims", async () => {
    const saved = process.env.AUTH_URL;
    process.env.AUTH_URL = "https://app.example";
    try {
      const { sent, cfg } = setup();
      const client = new TestClient(cfg, "http://attacker.example");
      await requestLink(client, "ada@example.com");
      expect(new URL(sent[0]!.url).origin).toBe("https://app.example");
    } finally {
      if (saved === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = saved;
    }
  });
});
