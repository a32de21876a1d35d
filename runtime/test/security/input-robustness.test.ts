/**
 * Input that used to reach a 500 or the logs as it was: bodies an app's own parser produced
 * (nested past what `JSON.stringify` survives), `text/plain` bodies, control characters in
 * logged values, and configuration values of the wrong type.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ExpressAuth } from "../../src/express/index.js";
import { Auth } from "../../src/index.js";
import type { AuthConfig } from "../../src/types.js";
import { express4, express5, listen, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET, setCookie, testConfig } from "../helpers.js";
import { type Framework, type Served, serve } from "./server.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const config = () => testConfig({ rateLimit: false }, ada);

function cookieHeader(client: HttpTestClient): string {
  return [...client.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
}

/** `{"csrfToken": …, "deep": [[[…]]]}`: 20 000 levels, 40 KB, under every body limit. */
function deepJson(csrfToken: string) {
  return `{"csrfToken":"${csrfToken}","deep":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
}

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
])("%s with express.json() before ExpressAuth", (_name, express) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(express, config(), { mount: "/auth", bodyParsers: true });
  });
  afterAll(() => app.close());

  it.each([
    "/auth/signin/credentials",
    "/auth/signout",
    "/auth/callback/credentials",
    "/auth/session",
  ])("a body nested 20 000 deep to POST %s is a 400, not a 500 with a stack trace", async (path) => {
    const client = new HttpTestClient(app.origin);
    const csrfToken = await client.csrfToken();
    const response = await fetch(`${app.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", cookie: cookieHeader(client) },
      body: deepJson(csrfToken),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/RangeError|at .*\.js/);
    // The server still answers.
    expect((await fetch(`${app.origin}/auth/csrf`)).status).toBe(200);
  });

  it("an app that parses text/plain as JSON does not make it a JSON body", async () => {
    const cfg = config();
    const plainApp = express();
    // Parses text/plain as JSON too (a common way to accept `navigator.sendBeacon` bodies).
    plainApp.use(express.json({ type: ["application/json", "text/plain"] }));
    plainApp.use(express.urlencoded({ extended: false }));
    plainApp.use("/auth", ExpressAuth(cfg) as never);
    const plain = await listen(plainApp as never);
    try {
      const client = new HttpTestClient(plain.origin);
      await client.signInWithCredentials({});
      await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
      const csrfToken = await client.csrfToken();
      // What a cross-site form with enctype="text/plain" can send without a preflight.
      const response = await fetch(`${plain.origin}/auth/signout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "text/plain", cookie: cookieHeader(client) },
        body: JSON.stringify({ csrfToken }),
      });
      expect(response.headers.get("location")).toContain("error=MissingCSRF");
      await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    } finally {
      await plain.close();
    }
  });
});

describe.each<Framework>([
  "fastify",
  "hono",
  "solid-start",
])("%s: deeply nested JSON", (framework) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(config(), { framework, bodyParsers: true });
  });
  afterAll(() => served.close());

  it("is a 400 on every POST endpoint", async () => {
    for (const path of ["/auth/signout", "/auth/callback/credentials", "/auth/session"]) {
      const client = served.client();
      const csrfToken = await client.csrfToken();
      const response = await fetch(`${served.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", cookie: cookieHeader(client) },
        body: deepJson(csrfToken),
      });
      expect(response.status, path).toBe(400);
    }
  });
});

describe("Auth(request): content types", () => {
  it.each([
    "text/plain",
    "text/plain; charset=application/json",
    "application/jsonp",
    "multipart/form-data; boundary=application/json",
  ])("a %s body is not read as JSON or a form", async (contentType) => {
    const cfg = config();
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), cfg);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = setCookie(csrf, "authjs.csrf-token")!;
    const response = await Auth(
      new Request("http://localhost:3000/auth/callback/credentials", {
        method: "POST",
        headers: {
          "content-type": contentType,
          cookie: `${cookie.name}=${encodeURIComponent(cookie.value)}`,
        },
        body: JSON.stringify({ csrfToken }),
      }),
      cfg,
    );
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
  });

  it("JSON and form bodies are read whatever the case and parameters of their media type", async () => {
    for (const contentType of ["Application/JSON; charset=utf-8", "application/json"]) {
      const cfg = config();
      const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), cfg);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = setCookie(csrf, "authjs.csrf-token")!;
      const response = await Auth(
        new Request("http://localhost:3000/auth/callback/credentials", {
          method: "POST",
          headers: {
            "content-type": contentType,
            cookie: `${cookie.name}=${encodeURIComponent(cookie.value)}`,
          },
          body: JSON.stringify({ csrfToken }),
        }),
        cfg,
      );
      expect(setCookie(response, "authjs.session-token")?.value, contentType).toBeTruthy();
    }
  });
});

describe("log lines", () => {
  const logged: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });

  it("a callbackUrl carrying CR/LF cannot write a line of its own", async () => {
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    // The default (console) logger: no `logger` in the configuration.
    const { logger: _quiet, ...cfg } = config();
    const forged = "javascript:x\n[auth][error] Forged: an admin signed in\r\n[auth][error] again";
    const response = await Auth(
      new Request(`http://localhost:3000/auth/signin?callbackUrl=${encodeURIComponent(forged)}`),
      cfg as AuthConfig,
    );
    expect(response.status).toBe(400);
    const lines = logged.join("\n").split(/\r?\n|\r/);
    expect(lines.filter((line) => line.startsWith("[auth][error]"))).toHaveLength(1);
    expect(lines.some((line) => line.includes("Forged"))).toBe(true);
    expect(lines.every((line) => !line.startsWith("[auth][error] Forged"))).toBe(true);
  });
});

describe("configuration values of the wrong type fail closed, naming the option", () => {
  async function refusal(extra: Record<string, unknown>) {
    const { logger, errors } = captureLogger();
    const cfg = { ...testConfig({ logger }, ada), ...extra } as AuthConfig;
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), cfg);
    return { status: csrf.status, error: errors[0] };
  }

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "absoluteMaxAge as a string",
      { session: { absoluteMaxAge: "60" } },
      /session\.absoluteMaxAge.*string "60".*Number\(\)/,
    ],
    ["maxAge as a string", { session: { maxAge: "3600" } }, /session\.maxAge/],
    ["a negative updateAge", { session: { updateAge: -1 } }, /session\.updateAge/],
    ["an unknown strategy", { session: { strategy: "cookie" } }, /session\.strategy/],
    ["jwt.maxAge zero", { jwt: { maxAge: 0 } }, /jwt\.maxAge/],
    ["trustHost as a string", { trustHost: "true" }, /trustHost must be true or false/],
    ["useSecureCookies as a string", { useSecureCookies: "false" }, /useSecureCookies/],
    ["debug as a number", { debug: 1 }, /debug/],
    ["a callback that is not a function", { callbacks: { jwt: true } }, /callbacks\.jwt/],
    ["an event that is not a function", { events: { signIn: "log" } }, /events\.signIn/],
    ["pages.signIn empty", { pages: { signIn: "" } }, /pages\.signIn/],
    [
      "a cookie path not starting with /",
      { cookies: { sessionToken: { options: { path: "auth" } } } },
      /cookies\.sessionToken\.options\.path/,
    ],
    [
      "a cookie name with a space",
      { cookies: { state: { name: "my state" } } },
      /cookies\.state\.name/,
    ],
    [
      "a cookie path that injects an attribute",
      { cookies: { sessionToken: { options: { path: "/; Domain=evil.example" } } } },
      /cookies\.sessionToken\.options\.path must be a path starting with "\/", without ";"/,
    ],
    [
      "a cookie domain that injects an attribute",
      { cookies: { csrfToken: { options: { domain: "example.com; SameSite=None" } } } },
      /cookies\.csrfToken\.options\.domain must be a host name/,
    ],
    [
      "an unknown cookie",
      { cookies: { session: { name: "s" } } },
      /cookies\.session is not a cookie/,
    ],
    ["sameSite misspelt", { cookies: { csrfToken: { options: { sameSite: "Lax" } } } }, /sameSite/],
    ["rateLimit.max as a string", { rateLimit: { max: "10" } }, /rateLimit\.max.*Number\(\)/],
    ["rateLimit.window zero", { rateLimit: { window: 0 } }, /rateLimit\.window/],
    ["redirectProxyUrl not a URL", { redirectProxyUrl: "proxy.example.com" }, /redirectProxyUrl/],
    ["playground not a boolean", { playground: "true" }, /playground must be true or false/],
    ["theme.colorScheme unknown", { theme: { colorScheme: "blue" } }, /theme\.colorScheme/],
    ["providers not an array", { providers: {} }, /providers must be an array/],
    ["secret a number", { secret: 42 }, /secret must be a string/],
    [
      "skipCSRFCheck true",
      { skipCSRFCheck: true },
      /skipCSRFCheck must be the skipCSRFCheck symbol/,
    ],
  ])("%s", async (_label, extra, message) => {
    const { status, error } = await refusal(extra);
    expect(status).toBe(500);
    expect(error?.name).toBe("InvalidConfig");
    expect(error?.message).toMatch(message);
  });

  it("absoluteMaxAge given as a string never yields a session (the deadline is not silently lost)", async () => {
    const cfg = {
      ...testConfig({}, ada),
      session: { absoluteMaxAge: "60" },
    } as unknown as AuthConfig;
    const csrf = await Auth(new Request("http://localhost:3000/auth/csrf"), cfg);
    expect(csrf.status).toBe(500);
  });

  it("a missing configuration is a clear error, not a TypeError about `logger`", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(" "));
    });
    const response = await Auth(
      new Request("http://localhost:3000/auth/session"),
      undefined as unknown as AuthConfig,
    );
    expect(response.status).toBe(500);
    expect(errors.join("\n")).toContain("InvalidConfig: The auth configuration must be an object");
    expect(errors.join("\n")).not.toContain("reading 'logger'");
    vi.restoreAllMocks();
  });

  it("the framework adapters refuse a missing configuration when the app starts", async () => {
    const { ExpressAuth, requireAuth } = await import("../../src/express/index.js");
    const { SolidAuth } = await import("../../src/solid-start/index.js");
    const { FastifyAuth } = await import("../../src/fastify/index.js");
    const { HonoAuth } = await import("../../src/hono/index.js");
    for (const factory of [ExpressAuth, requireAuth, SolidAuth, FastifyAuth, HonoAuth]) {
      expect(() => (factory as (c: unknown) => unknown)(undefined), factory.name).toThrow(
        /the auth configuration must be an object, received undefined/,
      );
    }
  });

  it("a secret of the right type still works (the checks refuse only wrong types)", async () => {
    const cfg = { ...testConfig({}, ada), secret: [SECRET, "older-secret-0123456789abcdef"] };
    const response = await Auth(new Request("http://localhost:3000/auth/csrf"), cfg);
    expect(response.status).toBe(200);
  });
});
