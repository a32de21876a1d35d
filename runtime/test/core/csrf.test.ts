import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/core/crypto.js";
import { skipCSRFCheck } from "../../src/symbols.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient, testConfig } from "../helpers.js";

const config = (extra: Partial<AuthConfig> = {}) => testConfig(extra, { id: "1", name: "Ada" });

describe("GET /csrf and the CSRF cookie (reference §2.3)", () => {
  it("returns a 64-hex token, no-cache headers and a token|hash cookie", async () => {
    const client = new TestClient(config());
    const response = await client.request("/auth/csrf");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("pragma")).toBe("no-cache");
    expect(response.headers.get("expires")).toBe("0");
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = setCookie(response, "authjs.csrf-token")!;
    expect(cookie.value).toBe(`${csrfToken}|${await sha256Hex(csrfToken + SECRET)}`);
    expect(cookie.attributes).toMatchObject({ path: "/", httponly: true, samesite: "Lax" });
    expect(cookie.attributes.secure).toBeUndefined();
  });

  it("keeps a valid token and sets no new cookie", async () => {
    const client = new TestClient(config());
    const first = await client.csrfToken();
    const again = await client.request("/auth/csrf");
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(first);
    expect(setCookie(again, "authjs.csrf-token")).toBeUndefined();
  });

  it("uses __Host- and Secure over HTTPS", async () => {
    const client = new TestClient(config(), "https://app.example");
    const response = await client.request("/auth/csrf");
    const cookie = setCookie(response, "__Host-authjs.csrf-token")!;
    expect(cookie.attributes.secure).toBe(true);
    expect(cookie.attributes.path).toBe("/");
  });

  it("replaces a forged cookie (wrong hash, other secret, truncated)", async () => {
    const token = "a".repeat(64);
    for (const forged of [
      `${token}|${"0".repeat(64)}`,
      `${token}|${await sha256Hex(`${token}other-secret`)}`,
      `${token}|`,
      token,
    ]) {
      const client = new TestClient(config());
      client.jar.set("authjs.csrf-token", forged);
      const response = await client.request("/auth/csrf");
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      expect(csrfToken).not.toBe(token);
      expect(setCookie(response, "authjs.csrf-token")).toBeDefined();
    }
  });

  it("accepts a cookie hashed with an older rotation secret or Auth.js's joined array", async () => {
    const token = "b".repeat(64);
    for (const hashedWith of ["old-secret", `${SECRET},old-secret`]) {
      const client = new TestClient(config({ secret: [SECRET, "old-secret"] }));
      client.jar.set("authjs.csrf-token", `${token}|${await sha256Hex(token + hashedWith)}`);
      await expect(client.csrfToken()).resolves.toBe(token);
    }
  });

  it("with skipCSRFCheck answers 404, clears the cookie and trusts POSTs", async () => {
    const { logger, warnings } = captureLogger();
    const client = new TestClient(config({ skipCSRFCheck, logger }));
    const response = await client.request("/auth/csrf");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
    expect(setCookie(response, "authjs.csrf-token")?.attributes["max-age"]).toBe("0");
    expect(warnings).toContain("csrf-disabled");
    const signIn = await client.request("/auth/callback/credentials", { form: {} });
    expect(signIn.headers.get("location")).toBe("http://localhost:3000");
  });
});

describe("CSRF is required on state-changing POSTs", () => {
  const cases: [string, Record<string, string>][] = [
    ["/auth/signin", {}],
    ["/auth/signout", {}],
    ["/auth/callback/credentials", {}],
  ];

  it.each(cases)("POST %s without a token → MissingCSRF", async (path, form) => {
    const client = new TestClient(config());
    await client.csrfToken();
    const response = await client.request(path, { form });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=MissingCSRF",
    );
  });

  it.each(cases)("POST %s with a token but no cookie → MissingCSRF", async (path) => {
    const attacker = new TestClient(config());
    const token = await attacker.csrfToken();
    const victim = new TestClient(config());
    const response = await victim.request(path, { form: { csrfToken: token } });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=MissingCSRF",
    );
  });

  it("ignores a token in the query string", async () => {
    const client = new TestClient(config());
    const token = await client.csrfToken();
    const response = await client.request(`/auth/signout?csrfToken=${token}`, { form: {} });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
  });

  it("POST /session without a token → 400 null", async () => {
    const client = new TestClient(config());
    await client.csrfToken();
    const response = await client.request("/auth/session", { json: { data: {} } });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toBeNull();
  });

  it("GET /session neither mints nor needs a CSRF token; POST /session still checks it", async () => {
    const client = new TestClient(config());
    await client.signInWithCredentials({});
    client.jar.delete("authjs.csrf-token");
    const read = await client.request("/auth/session");
    expect(read.status).toBe(200);
    expect(setCookie(read, "authjs.csrf-token")).toBeUndefined();
    const forged = await client.request("/auth/session", { json: { csrfToken: "x", data: {} } });
    expect(forged.status).toBe(400);
    const csrfToken = await client.csrfToken();
    const update = await client.request("/auth/session", { json: { csrfToken, data: {} } });
    expect(update.status).toBe(200);
  });

  it("POST /signin with a valid token redirects to the sign-in page", async () => {
    const client = new TestClient(config());
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signin", { form: { csrfToken } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin");
  });
});
