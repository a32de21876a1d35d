import { describe, expect, it } from "vitest";
import { sameOriginRedirect } from "../../src/core/defaults.js";
import { InvalidCallbackUrl } from "../../src/errors.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, setCookie, TestClient, testConfig } from "../helpers.js";

const ORIGIN = "http://localhost:3000";
const config = (extra: Partial<AuthConfig> = {}) => testConfig(extra);

const attacks = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "//evil.example/%2F..",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "http://localhost:3000@evil.example/",
  "http://user:pass@localhost:3000/",
  "http://localhost:3000.evil.example/",
  "http://localhost.evil.example:3000/",
  "http://localhost:3001/",
  "https://localhost:3000/",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http:evil.example",
  "http:/\\/evil.example",
  " https://evil.example",
  "https://evil.example\\@localhost:3000",
  "ftp://localhost:3000/",
];

describe("the default redirect callback", () => {
  it.each(attacks)("keeps %j on the origin", (url) => {
    const result = sameOriginRedirect(url, ORIGIN);
    expect(new URL(result).origin).toBe(ORIGIN);
  });

  it("accepts same-origin paths and absolute URLs", () => {
    expect(sameOriginRedirect("/dashboard?x=1#h", ORIGIN)).toBe(`${ORIGIN}/dashboard?x=1#h`);
    expect(sameOriginRedirect(`${ORIGIN}/a/b`, ORIGIN)).toBe(`${ORIGIN}/a/b`);
    expect(sameOriginRedirect("//evil.example", ORIGIN)).toBe(`${ORIGIN}/evil.example`);
  });
});

describe("the callback URL end to end", () => {
  it.each(
    attacks,
  )("a body callbackUrl %j ends on the origin after sign-in", async (callbackUrl) => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({ callbackUrl });
    expect(new URL(response.headers.get("location")!).origin).toBe(ORIGIN);
  });

  it("a hostile callback-url cookie is ignored and replaced", async () => {
    const client = new TestClient(config());
    client.jar.set("authjs.callback-url", "https://evil.example/");
    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe(ORIGIN);

    const planted = new TestClient(config());
    planted.jar.set("authjs.callback-url", "not a url");
    const page = await planted.request("/auth/signin");
    expect(page.status).toBe(200);
    expect(setCookie(page, "authjs.callback-url")?.value).toBe(ORIGIN);
  });

  it("a query callbackUrl reaches the page and the cookie; an invalid one is InvalidCallbackUrl", async () => {
    const client = new TestClient(config());
    const page = await client.request("/auth/signin?callbackUrl=%2Fafter");
    expect(setCookie(page, "authjs.callback-url")?.value).toBe(`${ORIGIN}/after`);
    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe(`${ORIGIN}/after`);

    const { logger, errors } = captureLogger();
    const invalid = new TestClient(config({ logger }));
    for (const [path, form] of [
      ["/auth/signin?callbackUrl=non-relative", undefined],
      ["/auth/signin?callbackUrl=javascript%3Aalert(1)", undefined],
      ["/auth/signout?callbackUrl=a", {}],
    ] as const) {
      const bad = await invalid.request(path, form ? { form } : {});
      expect(bad.status).toBe(400);
      await expect(bad.json()).resolves.toBe("Bad request.");
    }
    expect(errors.map((e) => e.name)).toEqual([
      "InvalidCallbackUrl",
      "InvalidCallbackUrl",
      "InvalidCallbackUrl",
    ]);
  });

  it("InvalidCallbackUrl thrown by app code is a server failure (?error=Configuration), not a 400", async () => {
    const { logger, errors } = captureLogger();
    const signIn = () => {
      throw new InvalidCallbackUrl("the app's own check");
    };
    const client = new TestClient(config({ logger, callbacks: { signIn } }));
    const response = await client.signInWithCredentials({ callbackUrl: "/after" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(errors.map((e) => e.name)).toEqual(["InvalidCallbackUrl"]);
  });

  it("takes the body's callbackUrl over the query's, and the query's over the cookie", async () => {
    const client = new TestClient(config());
    client.jar.set("authjs.callback-url", `${ORIGIN}/from-cookie`);
    const signOut = async (query: string, body: Record<string, string>) => {
      const csrfToken = await client.csrfToken();
      const response = await client.request(`/auth/signout${query}`, {
        form: { csrfToken, ...body },
      });
      return response.headers.get("location");
    };
    expect(await signOut("?callbackUrl=%2Ffrom-query", { callbackUrl: "/from-body" })).toBe(
      `${ORIGIN}/from-body`,
    );
    client.jar.set("authjs.callback-url", `${ORIGIN}/from-cookie`);
    expect(await signOut("?callbackUrl=%2Ffrom-query", {})).toBe(`${ORIGIN}/from-query`);
    client.jar.set("authjs.callback-url", `${ORIGIN}/from-cookie`);
    expect(await signOut("", {})).toBe(`${ORIGIN}/from-cookie`);
  });

  it("a query callbackUrl to another origin is neutralised by the redirect callback", async () => {
    const client = new TestClient(config());
    await client.request("/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F");
    expect(client.jar.get("authjs.callback-url")).toBe(ORIGIN);
  });

  it("a custom redirect callback decides", async () => {
    const client = new TestClient(
      config({
        callbacks: { redirect: ({ url, baseUrl }) => (url.includes("partner") ? url : baseUrl) },
      }),
    );
    const response = await client.signInWithCredentials({
      callbackUrl: "https://partner.example/x",
    });
    expect(response.headers.get("location")).toBe("https://partner.example/x");
  });

  it("with AUTH_URL, links use its origin and never the request's Host", async () => {
    const saved = process.env.AUTH_URL;
    process.env.AUTH_URL = "https://app.example";
    try {
      const client = new TestClient(config(), "http://internal:8080");
      const response = await client.request("/auth/providers");
      const body = (await response.json()) as Record<string, { signinUrl: string }>;
      expect(body.credentials!.signinUrl).toBe("https://app.example/auth/signin/credentials");
      const signIn = await client.signInWithCredentials({});
      expect(signIn.headers.get("location")).toBe("https://app.example");
      expect(client.jar.has("__Host-authjs.session-token")).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = saved;
    }
  });
});

describe("non-ASCII callback URLs", () => {
  const unicodePath = "/ünïcode/路径?q=é#frag";
  const encoded = `${ORIGIN}/%C3%BCn%C3%AFcode/%E8%B7%AF%E5%BE%84?q=%C3%A9#frag`;

  it.each([
    ["a path", unicodePath],
    ["an absolute same-origin URL", `${ORIGIN}${unicodePath}`],
  ])("sign-in with %s answers 302 with a percent-encoded Location", async (_, callbackUrl) => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({ callbackUrl });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(encoded);
    expect(client.jar.has("authjs.session-token")).toBe(true);
  });

  it("sign-out with one in the query or body answers 302 with a percent-encoded Location", async () => {
    const client = new TestClient(config());
    await client.signInWithCredentials({});
    const csrfToken = await client.csrfToken();
    const query = encodeURIComponent(`${ORIGIN}${unicodePath}`);
    const fromQuery = await client.request(`/auth/signout?callbackUrl=${query}`, {
      form: { csrfToken },
    });
    expect(fromQuery.status).toBe(302);
    expect(fromQuery.headers.get("location")).toBe(encoded);

    const fromBody = await client.request("/auth/signout", {
      form: { csrfToken, callbackUrl: `${ORIGIN}${unicodePath}` },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(fromBody.status).toBe(200);
    await expect(fromBody.json()).resolves.toEqual({ url: encoded });
  });

  it("a redirect callback returning a non-ASCII URL is percent-encoded too", async () => {
    const client = new TestClient(
      config({ callbacks: { redirect: () => "https://partner.example/größe?x=ü" } }),
    );
    const response = await client.signInWithCredentials({ callbackUrl: "/x" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "https://partner.example/gr%C3%B6%C3%9Fe?x=%C3%BC",
    );
  });

  it("a signIn callback's non-ASCII redirect and a non-ASCII pages.error are percent-encoded", async () => {
    const signIn = () => `${ORIGIN}/wëlcome`;
    const client = new TestClient(config({ callbacks: { signIn } }));
    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe(`${ORIGIN}/w%C3%ABlcome`);

    const denied = new TestClient(
      config({ callbacks: { signIn: () => false }, pages: { error: "/fehler/über" } }),
    );
    const failed = await denied.signInWithCredentials({});
    expect(failed.status).toBe(302);
    expect(failed.headers.get("location")).toBe(`${ORIGIN}/fehler/%C3%BCber?error=AccessDenied`);
  });
});
