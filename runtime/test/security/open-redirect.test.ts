import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExpressAuth, requireAuth } from "../../src/express/index.js";
import { express5, listen } from "../express/app.js";
import {
  captureLogger,
  HttpTestClient,
  outboxEmailProvider,
  setCookie,
  testConfig,
} from "../helpers.js";
import {
  cookieHeader,
  credentialsAndEmail,
  rawRequest,
  type Served,
  serve,
  useServer,
} from "./server.js";

// Every sink a post-action destination can come from, with real open-redirect payloads: the
// browser must always land on the app's own origin. Checked the way a browser reads `Location`.

const mail = outboxEmailProvider();
const config = credentialsAndEmail(mail.provider);
const server = useServer(config);

/** Payloads for an app on `origin` (`http://127.0.0.1:<port>`). */
function payloads(origin: string): string[] {
  const { host, port } = new URL(origin);
  return [
    "https://evil.example/",
    "http://evil.example",
    "//evil.example",
    "//evil.example/%2F..",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    `${origin}@evil.example/`,
    `http://user:pass@${host}/`,
    `http://${host}.evil.example/`,
    `http://127.0.0.1.evil.example:${port}/`,
    `http://evil.example#@${host}/`,
    `http://evil.example?@${host}/`,
    `http://127.0.0.1:${Number(port) + 1}/`,
    `http://localhost:${port}/`,
    `https://${host}/`,
    `ftp://${host}/`,
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http:evil.example",
    "http:/\\/evil.example",
    " https://evil.example",
    `https://evil.example\\@${host}`,
    "\u3002evil.example",
  ];
}

const ORIGIN_PLACEHOLDER = "http://127.0.0.1:1";
const cases = payloads(ORIGIN_PLACEHOLDER).map((_, index) => index);
const payload = (index: number) => payloads(server().origin)[index]!;

/** Where a browser goes for this `Location` (or JSON `url`). */
function landsOn(served: Served, location: string | null | undefined) {
  expect(location).toBeTruthy();
  return new URL(location!, served.origin).origin;
}

describe.each(cases)("open-redirect payload #%i", (index) => {
  it("callbackUrl in the credentials sign-in body", async () => {
    const served = server();
    const response = await served.client().signInWithCredentials({ callbackUrl: payload(index) });
    expect(response.status).toBe(302);
    expect(landsOn(served, response.headers.get("location")), payload(index)).toBe(served.origin);
  });

  it("callbackUrl in the sign-in page's query, then sign-in", async () => {
    const served = server();
    const client = served.client();
    const page = await client.request(
      `/auth/signin?callbackUrl=${encodeURIComponent(payload(index))}`,
    );
    // Refused outright (400), or neutralised into the callback-url cookie.
    expect([200, 400]).toContain(page.status);
    const cookie = setCookie(page, "authjs.callback-url");
    if (cookie) expect(landsOn(served, cookie.value)).toBe(served.origin);
    const response = await client.signInWithCredentials({});
    expect(landsOn(served, response.headers.get("location")), payload(index)).toBe(served.origin);
  });

  it("a planted callback-url cookie", async () => {
    const served = server();
    const client = served.client();
    client.jar.set("authjs.callback-url", payload(index));
    const response = await client.signInWithCredentials({});
    expect(response.status).toBe(302);
    expect(landsOn(served, response.headers.get("location")), payload(index)).toBe(served.origin);
  });

  it("X-Auth-Return-Redirect JSON from sign-out", async () => {
    const served = server();
    const client = served.client();
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signout", {
      form: { csrfToken, callbackUrl: payload(index) },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(landsOn(served, url), payload(index)).toBe(served.origin);
    // Kept on success (as Auth.js does): it must be just as safe.
    const location = response.headers.get("location");
    if (location) expect(landsOn(served, location)).toBe(served.origin);
  });

  it("the magic link: requested with it, and with it swapped into the link", async () => {
    const served = server();
    const client = served.client();
    const request = async (callbackUrl?: string) => {
      const sent = mail.outbox.length;
      const csrfToken = await client.csrfToken();
      const response = await client.request("/auth/signin/email", {
        form: { email: "ada@example.com", csrfToken, ...(callbackUrl ? { callbackUrl } : {}) },
      });
      return {
        response,
        link: mail.outbox.length > sent ? new URL(mail.outbox.at(-1)!.url) : null,
      };
    };
    const hostile = await request(payload(index));
    if (hostile.link) {
      expect(hostile.link.origin).toBe(served.origin);
      expect(landsOn(served, hostile.link.searchParams.get("callbackUrl"))).toBe(served.origin);
    } else expect(hostile.response.status).toBe(400);

    const { link } = await request();
    link!.searchParams.set("callbackUrl", payload(index));
    const response = await client.request(`${link!.pathname}${link!.search}`);
    if (response.status === 400) {
      // Refused as InvalidCallbackUrl: no redirect and no session.
      expect(setCookie(response, "authjs.session-token")).toBeUndefined();
      return;
    }
    expect(response.status).toBe(302);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(landsOn(served, response.headers.get("location")), payload(index)).toBe(served.origin);
  });
});

describe("route protection return paths (requireAuth on every route)", () => {
  let whole: Served;
  beforeAll(async () => {
    const cfg = testConfig();
    const app = express5();
    app.use("/auth", ExpressAuth(cfg) as never);
    app.use(requireAuth(cfg) as never);
    app.use((_req: unknown, res: { json(body: unknown): void }) => res.json({ inside: true }));
    const listening = await listen(app);
    whole = { ...listening, client: () => new HttpTestClient(listening.origin) };
  });
  afterAll(() => whole.close());

  it.each([
    "//evil.example",
    "//evil.example/x?y=1",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "//evil.example/%2e%2e/x",
    "/x/..//evil.example",
    "//127.0.0.1:1/",
  ])("a signed-out visit of %j returns to a same-origin path after sign-in", async (path) => {
    const { status, headers } = await rawRequest(whole.origin, {
      path,
      headers: { accept: "text/html" },
    });
    expect(status, path).toBe(302);
    const signIn = new URL(headers.location!, whole.origin);
    expect(signIn.origin).toBe(whole.origin);
    const callbackUrl = signIn.searchParams.get("callbackUrl")!;
    expect(callbackUrl, path).toMatch(/^\/(?![/\\])/);
    const client = whole.client();
    const response = await client.signInWithCredentials({ callbackUrl });
    expect(landsOn(whole, response.headers.get("location")), path).toBe(whole.origin);
    const inside = await rawRequest(whole.origin, {
      path,
      headers: { cookie: cookieHeader(client) },
    });
    expect(inside.status).toBe(200);
  });
});

describe("http downgrade behind a trusted HTTPS proxy", () => {
  it("an http:// callbackUrl for the app's own host lands on https", async () => {
    const served = await serve(testConfig({ logger: captureLogger().logger }), {
      trustProxy: true,
    });
    try {
      const client = served.client();
      const https = { "x-forwarded-proto": "https", "x-forwarded-host": "app.example" };
      const csrf = await client.request("/auth/csrf", { headers: https });
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const response = await client.request("/auth/callback/credentials", {
        form: { csrfToken, callbackUrl: "http://app.example/after" },
        headers: https,
      });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!).origin).toBe("https://app.example");
    } finally {
      await served.close();
    }
  });
});
