import { describe, expect, it } from "vitest";
import { outboxEmailProvider } from "../helpers.js";
import { credentialsAndEmail, type RawResponse, rawRequest, useServer } from "./server.js";

// Malformed and oversized input at the HTTP layer: every answer is a 4xx (or the normal page),
// never a 5xx, and the server keeps answering afterwards. No timing is measured: a request that
// hung would fail the test on its timeout.

const mail = outboxEmailProvider();
const config = credentialsAndEmail(mail.provider);
const server = useServer(config);
// The same runtime behind an app that parses bodies itself (qs: nested keys, arrays).
const parsed = useServer(config, { bodyParsers: true });

async function expectAlive(response: RawResponse, label: string) {
  expect(response.status, label).toBeGreaterThanOrEqual(200);
  expect(response.status, label).toBeLessThan(500);
  const after = await rawRequest(server().origin, { path: "/auth/csrf" });
  expect(after.status).toBe(200);
}

/** A fresh CSRF token and its cookie, for POSTs that should get past the CSRF check. */
async function csrf() {
  const client = server().client();
  const csrfToken = await client.csrfToken();
  return {
    csrfToken,
    cookie: `authjs.csrf-token=${encodeURIComponent(client.jar.get("authjs.csrf-token")!)}`,
  };
}

describe("malformed percent-encoding", () => {
  it.each([
    "/auth/%",
    "/auth/%E0%A4%A",
    "/auth/signin/%ZZ",
    "/auth/callback/%C0%AF",
    "/auth/callback/%ED%A0%80",
    "/auth/signin?callbackUrl=%E0%A4%A",
    "/auth/signin?error=%",
    "/auth/callback/email?token=%FF&email=%C0%80",
    "/auth/error?error=%uFFFF",
    "/auth/session?%=%",
    "/auth/providers?a=%00",
  ])("GET %s", async (path) => {
    await expectAlive(await rawRequest(server().origin, { path }), path);
  });

  it.each([
    ["form", "application/x-www-form-urlencoded", "csrfToken=%ZZ&email=%E0%A4%A&callbackUrl=%"],
    [
      "form with invalid UTF-8 bytes",
      "application/x-www-form-urlencoded",
      Buffer.from([0x65, 0x3d, 0xff, 0xfe, 0x26]),
    ],
    [
      "JSON with a lone surrogate",
      "application/json",
      '{"csrfToken":"\\ud800","email":"\\udfff@x.y"}',
    ],
    [
      "JSON with invalid UTF-8",
      "application/json",
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    ],
    ["a truncated JSON", "application/json", '{"csrfToken":'],
    ["a JSON array", "application/json", "[1,2,3]"],
    ["a JSON string", "application/json", '"x"'],
    ["an unknown content type", "application/x-evil", "csrfToken=x"],
    ["multipart without boundary", "multipart/form-data", "--x\r\n\r\n"],
    ["a charset that does not exist", "application/x-www-form-urlencoded; charset=evil-7", "a=b"],
  ])("POST a %s body", async (_label, type, body) => {
    const { cookie } = await csrf();
    for (const path of [
      "/auth/signin/email",
      "/auth/callback/credentials",
      "/auth/session",
      "/auth/signout",
    ]) {
      const response = await rawRequest(server().origin, {
        method: "POST",
        path,
        headers: { "content-type": type, cookie },
        body,
      });
      await expectAlive(response, `${path} ${_label}`);
    }
  });
});

describe("oversized and flooding input", () => {
  it("a 100 KB body answers 413", async () => {
    const { csrfToken, cookie } = await csrf();
    const response = await rawRequest(server().origin, {
      method: "POST",
      path: "/auth/callback/credentials",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: `csrfToken=${csrfToken}&x=${"a".repeat(100_000)}`,
    });
    expect(response.status).toBe(413);
    await expectAlive(response, "413");
  });

  it("a chunk flood (100 000 one-byte chunks) answers 413", async () => {
    const { cookie } = await csrf();
    const response = await rawRequest(server().origin, {
      method: "POST",
      path: "/auth/signin/email",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
        cookie,
      },
      body: Array.from({ length: 100_000 }, () => "a"),
    });
    expect(response.status).toBe(413);
    await expectAlive(response, "chunks");
  });

  it("many small chunks under the limit are read as one body", async () => {
    const { csrfToken, cookie } = await csrf();
    const body = `csrfToken=${csrfToken}&email=ada%40example.com`;
    const sent = mail.outbox.length;
    const response = await rawRequest(server().origin, {
      method: "POST",
      path: "/auth/signin/email",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
        cookie,
      },
      body: [...body],
    });
    expect(response.status).toBe(302);
    expect(mail.outbox.length).toBe(sent + 1);
  });

  it.each([
    ["deep arrays", (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`],
    ["deep objects", (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`],
    [
      "deep objects under a known key",
      (n: number) => `{"data":${'{"a":'.repeat(n)}1${"}".repeat(n)}}`,
    ],
  ])("JSON of %s (up to the 64 KiB limit) answers 4xx", async (_label, nest) => {
    const { cookie } = await csrf();
    for (const path of ["/auth/session", "/auth/callback/credentials", "/auth/signin/email"]) {
      const response = await rawRequest(server().origin, {
        method: "POST",
        path,
        headers: { "content-type": "application/json", cookie },
        body: nest(_label === "deep arrays" ? 32_000 : 10_000),
      });
      // The credentials callback and email sign-in redirect to their error page; the rest 400.
      expect([302, 400], path).toContain(response.status);
      if (response.status === 302) expect(response.headers.location).toContain("error=");
      await expectAlive(response, path);
    }
  });

  it("an oversized cookie header answers 431, a near-limit one a normal answer", async () => {
    const huge = await rawRequest(server().origin, {
      path: "/auth/session",
      headers: { cookie: `x=${"a".repeat(100_000)}` },
    });
    expect(huge.status).toBe(431);
    const many = await rawRequest(server().origin, {
      path: "/auth/session",
      headers: {
        cookie: Array.from({ length: 1000 }, (_, i) => `c${i}=%ZZ`).join("; "),
      },
    });
    expect(many.status).toBe(200);
    await expectAlive(many, "cookies");
  });

  it("a prototype-polluting JSON body pollutes nothing", async () => {
    const { csrfToken, cookie } = await csrf();
    const response = await rawRequest(server().origin, {
      method: "POST",
      path: "/auth/callback/credentials",
      headers: { "content-type": "application/json", cookie },
      body: `{"csrfToken":"${csrfToken}","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}`,
    });
    expect(response.status).toBe(302);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it("a duplicated Content-Length or an unknown method is refused, not crashed on", async () => {
    const method = await rawRequest(server().origin, { method: "PROPFIND", path: "/auth/session" });
    await expectAlive(method, "PROPFIND");
    const dup = await rawRequest(server().origin, {
      method: "POST",
      path: "/auth/signout",
      headers: { "content-length": ["3", "5"], "content-type": "application/json" },
      body: "{}",
    }).catch(() => ({ status: 400 }) as RawResponse);
    expect(dup.status).toBe(400);
  });
});

describe("bodies an app-level parser turned into arrays and objects", () => {
  async function post(path: string, body: string, type = "application/x-www-form-urlencoded") {
    const client = parsed().client();
    const csrfToken = await client.csrfToken();
    const cookie = `authjs.csrf-token=${encodeURIComponent(client.jar.get("authjs.csrf-token")!)}`;
    const response = await rawRequest(parsed().origin, {
      method: "POST",
      path,
      headers: { "content-type": type, cookie },
      body: body.replaceAll("TOKEN", csrfToken),
    });
    expect(response.status, body).toBeLessThan(500);
    return response;
  }

  it("an array or object CSRF token is no token", async () => {
    for (const body of [
      "csrfToken[]=TOKEN",
      "csrfToken[]=TOKEN&csrfToken[]=TOKEN",
      "csrfToken[a]=TOKEN",
    ]) {
      const response = await post("/auth/callback/credentials", body);
      expect(response.headers.location, body).toContain("error=MissingCSRF");
    }
    const json = await post("/auth/signout", '{"csrfToken":["TOKEN"]}', "application/json");
    expect(json.headers.location).toContain("error=MissingCSRF");
  });

  it("an array or object callbackUrl never redirects off the origin", async () => {
    for (const body of [
      "csrfToken=TOKEN&callbackUrl[]=https://evil.example&callbackUrl[]=/",
      "csrfToken=TOKEN&callbackUrl[href]=https://evil.example",
      "csrfToken=TOKEN&callbackUrl[toString]=https://evil.example",
    ]) {
      const response = await post("/auth/callback/credentials", body);
      expect(response.status, body).toBe(302);
      expect(new URL(response.headers.location!).origin, body).toBe(parsed().origin);
    }
  });

  it("an array of addresses sends no mail; __proto__ keys pollute nothing", async () => {
    const sent = mail.outbox.length;
    const list = await post(
      "/auth/signin/email",
      "csrfToken=TOKEN&email[]=a@example.com&email[]=b@evil.example",
    );
    expect(list.headers.location).toContain("error=");
    await post(
      "/auth/signin/email",
      "csrfToken=TOKEN&email[__proto__][polluted]=1&__proto__[polluted]=1",
    );
    expect(mail.outbox.length).toBe(sent);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });
});
