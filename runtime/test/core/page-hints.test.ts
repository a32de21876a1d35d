/**
 * The built-in pages say what just happened (issue 20): "You are signed out", the address a link
 * went to, the username of a refused attempt (never its password), and in development what is
 * wrong with the configuration, naming the variable to set.
 */
import { afterEach, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import GitHub from "../../src/providers/github.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";

const credentials = Credentials({
  credentials: {
    username: { label: "Username" },
    password: { label: "Password", type: "password" },
  },
  authorize: (c) => (c.username === "ada" && c.password === "right" ? { id: "1" } : null),
});

const config = (extra: Partial<AuthConfig> = {}): AuthConfig => ({
  secret: SECRET,
  trustHost: true,
  logger: captureLogger().logger,
  providers: [credentials],
  ...extra,
});

const hintCookie = (client: TestClient) => client.jar.get("create-auth.page-hint");

describe("sign-in page after a refused credentials attempt", () => {
  it("puts the typed username back, escaped, and never the password", async () => {
    const client = new TestClient(config());
    const csrfToken = await client.csrfToken();
    const username = 'ada"><script>alert(1)</script>';
    const refused = await client.request("/auth/callback/credentials", {
      form: { csrfToken, username, password: "SecretPassword42" },
    });
    expect(refused.headers.get("location")).toContain("error=CredentialsSignin");
    expect(hintCookie(client)).not.toContain("SecretPassword42");
    const html = await (await client.request("/auth/signin?error=CredentialsSignin")).text();
    expect(html).toContain('value="ada&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("SecretPassword42");
    // Read once: the next visit starts empty.
    expect(hintCookie(client)).toBeUndefined();
    const again = await (await client.request("/auth/signin")).text();
    expect(again).not.toContain("ada&quot;");
  });

  it("a query parameter cannot plant a username", async () => {
    const html = await (
      await new TestClient(config()).request(
        "/auth/signin?username=mallory&error=CredentialsSignin",
      )
    ).text();
    expect(html).not.toContain("mallory");
  });
});

describe("signing out", () => {
  it("the sign-in page then says 'You are signed out'", async () => {
    const client = new TestClient(config());
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signout", { form: { csrfToken } });
    const html = await (await client.request("/auth/signin")).text();
    expect(html).toContain('<div class="notice" role="status"><p>You are signed out.</p></div>');
    expect(await (await client.request("/auth/signin")).text()).not.toContain("signed out");
  });
});

describe("check your email", () => {
  it("names the address the link was sent to (from the server's flow, escaped)", async () => {
    const client = new TestClient(
      config({
        adapter: memoryAdapter(),
        providers: [{ id: "email", name: "Email", type: "email", sendVerificationRequest() {} }],
      }),
    );
    const csrfToken = await client.csrfToken();
    const sent = await client.request("/auth/signin/email", {
      form: { csrfToken, email: "Ada@Example.com" },
    });
    const html = await (
      await client.request(new URL(sent.headers.get("location")!).pathname)
    ).text();
    expect(html).toContain("A sign in link has been sent to <strong>ada@example.com</strong>.");
  });

  it("a crafted URL shows the generic text", async () => {
    const html = await (
      await new TestClient(config()).request("/auth/verify-request?email=evil%40attacker.test")
    ).text();
    expect(html).not.toContain("attacker");
    expect(html).toContain("A sign in link has been sent to your email address.");
  });
});

describe("configuration error page", () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });
  const github = () => ({
    ...config({ providers: [GitHub({ clientId: "", clientSecret: "" })] }),
  });

  async function configurationPage() {
    const client = new TestClient(github());
    const csrfToken = await client.csrfToken();
    const started = await client.request("/auth/signin/github", { form: { csrfToken } });
    const location = new URL(started.headers.get("location")!);
    expect(location.pathname + location.search).toBe("/auth/error?error=Configuration");
    const page = await client.request(location.pathname + location.search);
    expect(page.status).toBe(500);
    return page.text();
  }

  it("in development names the variable to set and links back home", async () => {
    process.env.NODE_ENV = "development";
    const html = await configurationPage();
    expect(html).toContain("Provider &quot;github&quot; has no clientId: set AUTH_GITHUB_ID.");
    expect(html).toContain("AUTH_GITHUB_SECRET");
    expect(html).toContain('<a href="http://localhost:3000/">localhost:3000</a>');
  });

  it("in production shows only the generic text", async () => {
    process.env.NODE_ENV = "production";
    const html = await configurationPage();
    expect(html).toContain("There is a problem with the server configuration.");
    expect(html).not.toMatch(/AUTH_GITHUB|clientId|development/);
  });
});
