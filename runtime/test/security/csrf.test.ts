import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { sha256Hex } from "../../src/core/crypto.js";
import Credentials from "../../src/providers/credentials.js";
import type { HttpTestClient } from "../helpers.js";
import { outboxEmailProvider, setCookie, testConfig } from "../helpers.js";
import { useServer } from "./server.js";

// Cross-site request forgery against every state-changing endpoint: the attacker's page can make
// the victim's browser send any POST (with the victim's cookies), but cannot read the token.

const mail = outboxEmailProvider();
const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const config = () =>
  testConfig(
    {
      adapter: memoryAdapter(),
      session: { strategy: "jwt" },
      providers: [Credentials({ authorize: () => ada }), mail.provider],
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
      },
    },
    ada,
  );
const server = useServer(config);
const proxied = useServer(config, { trustProxy: true });

const MISSING = "/auth/signin?error=MissingCSRF";

/** A signed-in victim. */
async function victim(): Promise<HttpTestClient> {
  const client = server().client();
  await client.signInWithCredentials({});
  await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  return client;
}

/** An attacker's valid token and its cookie, minted by the server for the attacker. */
async function attackerPair() {
  const attacker = server().client();
  const token = await attacker.csrfToken();
  return { token, cookie: attacker.jar.get("authjs.csrf-token")! };
}

type Forge = (client: HttpTestClient) => Promise<Record<string, string>>;
const forgeries: [string, Forge][] = [
  ["no token", async () => ({})],
  ["an empty token", async () => ({ csrfToken: "" })],
  ["a random token", async () => ({ csrfToken: "f".repeat(64) })],
  [
    "the attacker's own token (the victim's cookie differs)",
    async () => ({
      csrfToken: (await attackerPair()).token,
    }),
  ],
  [
    "the token with its hash, as the field",
    async (client) => ({
      csrfToken: client.jar.get("authjs.csrf-token")!,
    }),
  ],
  [
    "a token hashed with another secret, planted with its cookie",
    async (client) => {
      const token = "c".repeat(64);
      client.jar.set("authjs.csrf-token", `${token}|${await sha256Hex(`${token}other-secret`)}`);
      return { csrfToken: token };
    },
  ],
  [
    "a cookie without hash, planted with the matching token",
    async (client) => {
      client.jar.set("authjs.csrf-token", "d".repeat(64));
      return { csrfToken: "d".repeat(64) };
    },
  ],
  [
    "the victim's cookie deleted (only the attacker's token)",
    async (client) => {
      client.jar.delete("authjs.csrf-token");
      return { csrfToken: (await attackerPair()).token };
    },
  ],
];

describe.each(forgeries)("forged CSRF: %s", (_label, forge) => {
  it("sign-out keeps the session", async () => {
    const client = await victim();
    await client.csrfToken();
    const response = await client.request("/auth/signout", { form: await forge(client) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${server().origin}${MISSING}`);
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("credentials sign-in creates no session (login CSRF)", async () => {
    const client = server().client();
    await client.csrfToken();
    const response = await client.request("/auth/callback/credentials", {
      form: { username: "attacker", ...(await forge(client)) },
    });
    expect(response.headers.get("location")).toBe(`${server().origin}${MISSING}`);
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toBeNull();
  });

  it("email sign-in sends no mail", async () => {
    const client = server().client();
    await client.csrfToken();
    const sent = mail.outbox.length;
    const response = await client.request("/auth/signin/email", {
      form: { email: "victim@example.com", ...(await forge(client)) },
    });
    expect(response.headers.get("location")).toBe(`${server().origin}${MISSING}`);
    expect(mail.outbox.length).toBe(sent);
  });

  it("session update is refused and changes nothing", async () => {
    const client = await victim();
    await client.csrfToken();
    const response = await client.request("/auth/session", {
      json: { ...(await forge(client)), data: { name: "Mallory" } },
    });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });
});

describe("the token is only ever read from the body", () => {
  it("a token in the query string or a header does not count", async () => {
    const client = await victim();
    const csrfToken = await client.csrfToken();
    for (const [path, headers] of [
      [`/auth/signout?csrfToken=${csrfToken}`, {}],
      ["/auth/signout", { "x-csrf-token": csrfToken, "csrf-token": csrfToken }],
    ] as const) {
      const response = await client.request(path, { form: {}, headers });
      expect(response.headers.get("location")).toBe(`${server().origin}${MISSING}`);
    }
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("a text/plain cross-site form body is not a form", async () => {
    const client = await victim();
    const csrfToken = await client.csrfToken();
    const plain = await fetch(`${server().origin}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "text/plain",
        cookie: `authjs.csrf-token=${encodeURIComponent(client.jar.get("authjs.csrf-token")!)}`,
      },
      body: `csrfToken=${csrfToken}`,
    });
    expect(plain.headers.get("location")).toBe(`${server().origin}${MISSING}`);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("the same requests with the real token succeed (the cases above can fail)", async () => {
    const client = await victim();
    let csrfToken = await client.csrfToken();
    const update = await client.request("/auth/session", {
      json: { csrfToken, data: { name: "Grace" } },
    });
    expect(update.status).toBe(200);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Grace" } });
    csrfToken = await client.csrfToken();
    const out = await client.request("/auth/signout", { form: { csrfToken } });
    expect(out.headers.get("location")).toBe(server().origin);
    await expect(client.session()).resolves.toBeNull();
  });
});

describe("cookie tossing over HTTPS", () => {
  const https = { "x-forwarded-proto": "https" };

  it("a planted unprefixed cookie (what a sibling subdomain can set) with its token is refused", async () => {
    // The attacker's own valid pair, minted by this very server: only the __Host- prefix (which
    // a subdomain cannot set) stops it.
    const { token, cookie } = await attackerPair();
    const client = proxied().client();
    await client.request("/auth/callback/credentials", { headers: https, form: {} });
    client.jar.set("authjs.csrf-token", cookie);
    const response = await client.request("/auth/callback/credentials", {
      headers: https,
      form: { csrfToken: token },
    });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(setCookie(response, "__Host-authjs.session-token")).toBeUndefined();
  });

  it("the CSRF cookie is __Host-, Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const response = await proxied().client().request("/auth/csrf", { headers: https });
    expect(setCookie(response, "__Host-authjs.csrf-token")?.attributes).toMatchObject({
      secure: true,
      httponly: true,
      samesite: "Lax",
      path: "/",
    });
    expect(setCookie(response, "__Host-authjs.csrf-token")?.attributes.domain).toBeUndefined();
  });
});

describe("GET never changes state", () => {
  it("GET sign-out shows a confirmation page and keeps the session", async () => {
    const client = await victim();
    const response = await client.request("/auth/signout");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("GET on the credentials callback signs nobody in, even with a valid token", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const response = await client.request(
      `/auth/callback/credentials?username=ada&csrfToken=${csrfToken}`,
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toBeNull();
  });

  it("GET email sign-in sends no mail", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const sent = mail.outbox.length;
    await client.request(`/auth/signin/email?email=victim%40example.com&csrfToken=${csrfToken}`);
    expect(mail.outbox.length).toBe(sent);
  });

  it("GET session with update data changes nothing", async () => {
    const client = await victim();
    const csrfToken = await client.csrfToken();
    await client.request(`/auth/session?csrfToken=${csrfToken}&data=%7B%22name%22%3A%22M%22%7D`);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });
});
