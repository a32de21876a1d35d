import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { testConfig } from "../helpers.js";
import { outboxPassword } from "../password/support.js";
import { useServer } from "./server.js";

// The password pages take `error`, `email` and `token` from the URL (a mailed link, a refused
// form): none of it may become markup, and the pages hold the CSRF token, so never cached.

const mail = outboxPassword();
const server = useServer(() =>
  testConfig({ adapter: memoryAdapter(), providers: [mail.provider] }),
);
const hostile = `"><script>alert(1)</script><img src=x onerror=alert(1)>`;

describe("password pages", () => {
  it.each([
    "signup",
    "forgot",
    "reset",
    "verify",
  ])("%s reflects no markup and is never cached", async (page) => {
    const query = new URLSearchParams({ error: hostile, email: hostile, token: hostile });
    const response = await server().client().request(`/auth/password/${page}?${query}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("an unknown operation is not a page", async () => {
    const response = await server().client().request("/auth/password/nothing");
    expect(response.headers.get("location")).toContain("/auth/error?error=Configuration");
  });

  it("the change page sends a signed-out visitor to sign in first", async () => {
    const response = await server().client().request("/auth/password/change");
    expect(response.headers.get("location")).toBe(
      `${server().origin}/auth/signin?callbackUrl=${encodeURIComponent(`${server().origin}/auth/password/change`)}`,
    );
  });
});
