import { describe, expect, it } from "vitest";
import { Auth } from "../../src/index.js";
import type { AuthConfig } from "../../src/types.js";
import { TestClient, testConfig } from "../helpers.js";

const config = (extra: Partial<AuthConfig> = {}) => testConfig(extra, null);

const call = (path: string, init: RequestInit = {}, cfg = config()) =>
  Auth(new Request(`http://localhost:3000${path}`, init), cfg);

describe("request routing (reference §0, §1)", () => {
  it.each([
    "/auth",
    "/auth/",
    "/auth/unknown",
    "/auth/session/extra",
    "/auth/csrf/credentials",
    "/auth/signin/credentials/again",
    "/auth/auth/signin",
    "/authsignin",
    "/api/auth/signin",
  ])('answers 400 "Bad request." for %s', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toBe("Bad request.");
  });

  it.each(["PUT", "DELETE", "PATCH"])("answers 400 to %s", async (method) => {
    const response = await call("/auth/session", { method });
    expect(response.status).toBe(400);
  });

  it('ignores empty path segments and the provider id "undefined"', async () => {
    const trailing = await call("/auth/providers///");
    expect(trailing.status).toBe(200);
    const undefinedProvider = await call("/auth/signin/undefined");
    expect(undefinedProvider.status).toBe(200);
    expect(undefinedProvider.headers.get("content-type")).toMatch(/text\/html/);
  });

  it.each([
    "providers",
    "csrf",
    "error",
    "verify-request",
  ])("redirects POST /%s to the error page with Configuration", async (action) => {
    const response = await call(`/auth/${action}`, { method: "POST" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
  });

  it("treats GET /signin/:provider and an unknown provider as Configuration errors", async () => {
    for (const path of ["/auth/signin/credentials", "/auth/callback/nope", "/auth/signin/nope"]) {
      const response = await call(path);
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      );
    }
  });

  it("rejects GET on the credentials callback and a callback without provider", async () => {
    for (const path of ["/auth/callback/credentials", "/auth/callback"]) {
      const response = await call(path);
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      );
    }
  });

  it("serves a custom basePath, matched literally", async () => {
    const cfg = config({ basePath: "/api/auth/" });
    expect((await call("/api/auth/providers", {}, cfg)).status).toBe(200);
    expect((await call("/auth/providers", {}, cfg)).status).toBe(400);
    const dotted = config({ basePath: "/a.b" });
    expect((await call("/axb/providers", {}, dotted)).status).toBe(400);
    expect((await call("/a.b/providers", {}, dotted)).status).toBe(200);
  });

  it("answers 400 to a malformed JSON body and 413 to an oversized one", async () => {
    const headers = { "content-type": "application/json" };
    expect((await call("/auth/session", { method: "POST", headers, body: "{" })).status).toBe(400);
    expect((await call("/auth/session", { method: "POST", headers, body: "[1]" })).status).toBe(
      400,
    );
    const big = JSON.stringify({ data: "x".repeat(70_000) });
    expect((await call("/auth/session", { method: "POST", headers, body: big })).status).toBe(413);
  });

  it("turns a redirect into 200 JSON { url } with X-Auth-Return-Redirect, keeping cookies", async () => {
    const client = new TestClient(config());
    const response = await client.request("/auth/signin", {
      method: "POST",
      form: { csrfToken: "wrong" },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({
      url: "http://localhost:3000/auth/signin?error=MissingCSRF",
    });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.csrf-token="))).toBe(
      true,
    );
  });

  it("honours X-Auth-Return-Redirect when present with an empty value (a presence check)", async () => {
    // A successful redirect (GET /signout with pages.signOut) and an error redirect.
    const cfg = config({ pages: { signOut: "/bye" } });
    const empty = { "x-auth-return-redirect": "" };
    const signOut = await call("/auth/signout", { headers: empty }, cfg);
    expect(signOut.status).toBe(200);
    await expect(signOut.json()).resolves.toEqual({ url: "/bye" });
    const failed = await call("/auth/signin", { method: "POST", headers: empty }, cfg);
    await expect(failed.json()).resolves.toEqual({
      url: "http://localhost:3000/auth/signin?error=MissingCSRF",
    });
    const without = await call("/auth/signout", {}, cfg);
    expect(without.status).toBe(302);
  });

  it("answers an error with X-Auth-Return-Redirect as 200 JSON { url } without a Location header", async () => {
    const header = { "x-auth-return-redirect": "1" };
    // An action that fails (MissingCSRF) and one that is not supported (Configuration).
    for (const [path, url] of [
      ["/auth/signin", "http://localhost:3000/auth/signin?error=MissingCSRF"],
      ["/auth/csrf", "http://localhost:3000/auth/error?error=Configuration"],
    ] as const) {
      const response = await call(path, { method: "POST", headers: header });
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("content-type")).toBe("application/json");
      await expect(response.json()).resolves.toEqual({ url });
    }
    // A broken configuration sends GET page actions to pages.error the same way.
    const broken = config({ secret: undefined, pages: { error: "/oops" } });
    const failed = await call("/auth/signin", { headers: header }, broken);
    expect(failed.status).toBe(200);
    expect(failed.headers.get("location")).toBeNull();
    await expect(failed.json()).resolves.toEqual({
      url: "http://localhost:3000/oops?error=Configuration",
    });
    // Without the header it stays a redirect.
    const redirected = await call("/auth/signin", {}, broken);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(
      "http://localhost:3000/oops?error=Configuration",
    );
  });

  it("keeps Location on a successful redirect answered as JSON (as Auth.js does)", async () => {
    const cfg = config({ pages: { signOut: "/bye" } });
    const response = await call(
      "/auth/signout",
      { headers: { "x-auth-return-redirect": "1" } },
      cfg,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBe("/bye");
  });
});

describe("GET /providers", () => {
  it("lists every provider with its URLs and sets no cookies", async () => {
    const response = await call("/auth/providers");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    await expect(response.json()).resolves.toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://localhost:3000/auth/signin/credentials",
        callbackUrl: "http://localhost:3000/auth/callback/credentials",
      },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
