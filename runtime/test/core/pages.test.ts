import { describe, expect, it } from "vitest";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";

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
