import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { HttpTestClient } from "../helpers.js";
import { outboxEmailProvider, setCookie, testConfig } from "../helpers.js";
import { rawRequest, useServer } from "./server.js";

// Magic-link sign-in under attack: hostile addresses, links bent to another address, clicked
// twice at once or by a mail scanner, and probing for which addresses have accounts.

const SESSION = "authjs.session-token";
const mail = outboxEmailProvider();
const stale = outboxEmailProvider("stale");
const adapter = memoryAdapter();
const server = useServer(() =>
  testConfig({
    adapter,
    session: { strategy: "database" },
    providers: [mail.provider, { ...stale.provider, maxAge: -60 }],
  }),
);

async function requestLink(client: HttpTestClient, email: string, provider = "email") {
  const csrfToken = await client.csrfToken();
  return client.request(`/auth/signin/${provider}`, { form: { email, csrfToken } });
}

function pathOf(url: URL) {
  return `${url.pathname}${url.search}`;
}

async function freshLink(email: string) {
  const client = server().client();
  await requestLink(client, email);
  return { client, link: new URL(mail.outbox.at(-1)!.url) };
}

describe("addresses that are not one plain address are refused before any mail", () => {
  it.each([
    ["a comma list", "ada@example.com,mallory@evil.example"],
    ["a semicolon list", "ada@example.com;mallory@evil.example"],
    ["a space list", "ada@example.com mallory@evil.example"],
    ["a display name", "Ada <ada@example.com>"],
    ["a display name hiding another address", "mallory@evil.example <ada@example.com>"],
    ["a quoted local part with @", '"ada@example.com"@evil.example'],
    ["a quoted local part with a comma", '"a,b"@example.com'],
    ["a full-width @", "ada\uFF20example.com"],
    ["a small @", "ada\uFE6Bexample.com"],
    ["CR/LF header injection", "ada@example.com\r\nBcc: mallory@evil.example"],
    ["a bare LF", "ada@example.com\nmallory@evil.example"],
    ["a NUL byte", "ada@example.com\u0000@evil.example"],
    ["HTML", "<img src=x onerror=alert(1)>@example.com"],
    ["HTML after the domain", "ada@example.com<script>alert(1)</script>"],
    ["two @", "ada@evil.example@example.com"],
    ["a source route", "@evil.example:ada@example.com"],
    ["an IP literal", "ada@[127.0.0.1]"],
    ["a comment", "ada(comment)@example.com"],
    ["no domain", "ada@"],
    ["an over-long address", `${"a".repeat(300)}@example.com`],
  ])("%s", async (_label, email) => {
    const sent = mail.outbox.length;
    const client = server().client();
    const response = await requestLink(client, email);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/signin?error=EmailSignInError`,
    );
    expect(mail.outbox.length).toBe(sent);
  });

  it("a plain address (in any case, with spaces) gets exactly one normalised link", async () => {
    const sent = mail.outbox.length;
    const response = await requestLink(server().client(), "  Ada@Example.COM ");
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/verify-request?provider=email&type=email`,
    );
    expect(mail.outbox.length).toBe(sent + 1);
    expect(mail.outbox.at(-1)!.identifier).toBe("ada@example.com");
  });
});

describe("a link is bound to its address and its token", () => {
  it.each([
    ["another address", (link: URL) => link.searchParams.set("email", "mallory@evil.example")],
    [
      "the same address with a second one",
      (link: URL) => link.searchParams.append("email", "x@evil.example"),
    ],
    ["a look-alike address", (link: URL) => link.searchParams.set("email", "ada@example.com.")],
    [
      "a tampered token",
      (link: URL) => {
        // The last character changed, whatever it was.
        const token = link.searchParams.get("token")!;
        link.searchParams.set("token", `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`);
      },
    ],
    ["no token", (link: URL) => link.searchParams.delete("token")],
    ["an array token", (link: URL) => link.searchParams.append("token", "x")],
  ])("%s: Verification, no session", async (_label, bend) => {
    const { client, link } = await freshLink("ada@example.com");
    bend(link);
    const response = await client.request(pathOf(link));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/error?error=Verification`,
    );
    expect(setCookie(response, SESSION)).toBeUndefined();
  });

  it("the attacker's own valid token with the victim's address", async () => {
    const mallory = await freshLink("mallory@evil.example");
    const bent = new URL(mallory.link);
    bent.searchParams.set("email", "ada@example.com");
    const response = await mallory.client.request(pathOf(bent));
    expect(response.headers.get("location")).toContain("error=Verification");
    expect(setCookie(response, SESSION)).toBeUndefined();
  });

  it("an expired link", async () => {
    const client = server().client();
    await requestLink(client, "ada@example.com", "stale");
    const response = await client.request(pathOf(new URL(stale.outbox.at(-1)!.url)));
    expect(response.headers.get("location")).toContain("error=Verification");
    expect(setCookie(response, SESSION)).toBeUndefined();
  });
});

describe("a link is single-use", () => {
  it("twelve concurrent clicks: exactly one signs in", async () => {
    const { link } = await freshLink("grace@example.com");
    const clicks = await Promise.all(
      Array.from({ length: 12 }, () => rawRequest(server().origin, { path: pathOf(link) })),
    );
    const sessions = clicks.filter((click) => click.cookieNames.includes(SESSION));
    expect(sessions).toHaveLength(1);
    for (const click of clicks) expect(click.status).toBe(302);
    expect(clicks.filter((c) => c.headers.location?.includes("error=Verification"))).toHaveLength(
      11,
    );
  });

  it("the second click, later, is Verification", async () => {
    const { client, link } = await freshLink("linus@example.com");
    expect(setCookie(await client.request(pathOf(link)), SESSION)).toBeDefined();
    const again = await server().client().request(pathOf(link));
    expect(again.headers.get("location")).toContain("error=Verification");
    expect(setCookie(again, SESSION)).toBeUndefined();
  });

  it("a mail scanner's HEAD does not spend the link", async () => {
    const { client, link } = await freshLink("scan@example.com");
    const head = await rawRequest(server().origin, { method: "HEAD", path: pathOf(link) });
    expect(head.cookieNames).not.toContain(SESSION);
    expect(setCookie(await client.request(pathOf(link)), SESSION)).toBeDefined();
  });
});

describe("no account enumeration", () => {
  it("a known and an unknown address get the same status, Location, cookies and body", async () => {
    await adapter.createUser!({ id: "known", email: "known@example.com", emailVerified: null });
    const answer = async (email: string) => {
      const client = server().client();
      await client.csrfToken();
      const response = await requestLink(client, email);
      return {
        status: response.status,
        location: response.headers.get("location"),
        cookies: response.headers.getSetCookie().map((c) => c.split("=")[0]),
        body: await response.text(),
      };
    };
    const known = await answer("known@example.com");
    const unknown = await answer("nobody@example.com");
    expect(unknown).toEqual(known);
    expect(known.location).toContain("/auth/verify-request");
  });
});
