import { describe, expect, it } from "vitest";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";

const config = (extra: Partial<AuthConfig> = {}): AuthConfig => ({
  secret: SECRET,
  trustHost: true,
  logger: captureLogger().logger,
  providers: [
    Credentials({ credentials: { username: { label: "Username" } }, authorize: () => null }),
  ],
  ...extra,
});

describe("built-in pages through the endpoints", () => {
  it("GET /signin renders the page with the CSRF token and security headers", async () => {
    const client = new TestClient(config());
    const response = await client.request("/auth/signin?callbackUrl=%2Fafter");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    const csrf = client.jar.get("authjs.csrf-token")!.split("|")[0]!;
    expect(html).toContain(`value="${csrf}"`);
    expect(html).toContain('action="http://localhost:3000/auth/callback/credentials"');
    expect(html).toContain('name="username"');
    expect(html).toContain("http://localhost:3000/after");
  });

  it("GET /signout renders a confirmation form posting back with the CSRF token", async () => {
    const client = new TestClient(config());
    const response = await client.request("/auth/signout");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('action="http://localhost:3000/auth/signout"');
    expect(html).toContain('method="POST"');
    const csrf = client.jar.get("authjs.csrf-token")!.split("|")[0]!;
    expect(html).toContain(`<input type="hidden" name="csrfToken" value="${csrf}">`);
    // The page's form works: posting it back signs out (302), not MissingCSRF.
    const posted = await client.request("/auth/signout", { form: { csrfToken: csrf } });
    expect(posted.headers.get("location")).toBe("http://localhost:3000");
  });

  it.each([
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Whatever", 200],
  ])("GET /error?error=%s answers %i", async (error, status) => {
    const response = await new TestClient(config()).request(`/auth/error?error=${error}`);
    expect(response.status).toBe(status);
  });

  it("GET /verify-request renders the check-your-email page", async () => {
    const response = await new TestClient(config()).request("/auth/verify-request");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Check your email");
  });

  it.each([
    ["Configuration", 500, "Server error", "There is a problem with the server configuration."],
    ["AccessDenied", 403, "Access Denied", "You do not have permission to sign in."],
  ])("GET /error?error=%s renders its own page (%i)", async (error, status, heading, text) => {
    const response = await new TestClient(config()).request(`/auth/error?error=${error}`);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(text);
  });

  it("GET /error with an unknown or missing error renders the generic page, never the value", async () => {
    for (const query of ["?error=NoSuchError%3Cb%3E", ""]) {
      const response = await new TestClient(config()).request(`/auth/error${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).toContain("<h1>Error</h1>");
      expect(html).toContain(">localhost:3000</a>");
      expect(html).not.toContain("NoSuchError");
    }
  });

  it("GET /verify-request answers an HTML page", async () => {
    const response = await new TestClient(config()).request("/auth/verify-request");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("A sign in link has been sent to your email address.");
  });

  it("GET /signout sets the CSRF cookie its form needs when none was sent, and keeps a valid one", async () => {
    const client = new TestClient(config());
    const first = await client.request("/auth/signout");
    const cookie = setCookie(first, "authjs.csrf-token");
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}\|[0-9a-f]{64}$/);
    expect(cookie?.attributes.httponly).toBe(true);
    expect(await first.text()).toContain(`value="${cookie!.value.split("|")[0]}"`);

    const again = await client.request("/auth/signout");
    expect(setCookie(again, "authjs.csrf-token")).toBeUndefined();
    expect(await again.text()).toContain(`value="${cookie!.value.split("|")[0]}"`);
  });

  it("redirects to custom pages, with query values encoded", async () => {
    const client = new TestClient(
      config({
        pages: { signIn: "/login", signOut: "/bye", error: "/oops", verifyRequest: "/check" },
      }),
    );
    const signIn = await client.request("/auth/signin?error=x%26y&callbackUrl=%2Fa");
    expect(signIn.headers.get("location")).toBe(
      "/login?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fa&error=x%26y",
    );
    expect((await client.request("/auth/signout")).headers.get("location")).toBe("/bye");
    const error = await client.request("/auth/error?error=%3Cscript%3E");
    expect(error.headers.get("location")).toBe("/oops?error=%3Cscript%3E");
    const verify = await client.request("/auth/verify-request?provider=email&type=email");
    expect(verify.headers.get("location")).toBe("/check?provider=email&type=email");
  });
});
