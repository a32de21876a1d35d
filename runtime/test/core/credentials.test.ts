import { describe, expect, it, vi } from "vitest";
import { CredentialsSignin } from "../../src/errors.js";
import { decode } from "../../src/jwt.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";

class WrongPassword extends CredentialsSignin {
  override code = "wrong_password";
}

const users = {
  ada: {
    id: 42 as unknown as string,
    name: "Ada",
    email: "ada@example.com",
    image: "https://img/ada.png",
  },
};

function config(extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { type: "password" } },
        authorize: async ({ username, password }) => {
          if (username === "throw") throw new Error("database exploded");
          if (username === "ada" && password === "wrong") throw new WrongPassword();
          return username === "ada" && password === "lovelace" ? users.ada : null;
        },
      }),
    ],
    ...extra,
  };
}

describe("credentials sign-in (reference §4.5)", () => {
  it("signs in: 302 to the callback URL and a JWT session cookie with the user's claims", async () => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({ username: "ada", password: "lovelace" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    const cookie = setCookie(response, "authjs.session-token")!;
    expect(cookie.attributes).toMatchObject({ path: "/", httponly: true, samesite: "Lax" });
    const expires = Date.parse(cookie.attributes.expires as string);
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const claims = await decode({
      token: cookie.value,
      secret: SECRET,
      salt: "authjs.session-token",
    });
    expect(claims).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      picture: "https://img/ada.png",
      sub: "42",
    });
    await expect(client.session()).resolves.toEqual({
      user: { name: "Ada", email: "ada@example.com", image: "https://img/ada.png" },
      expires: expect.any(String),
    });
  });

  it("passes the submitted fields (without csrfToken) and a Request to authorize", async () => {
    const authorize = vi.fn((_credentials: unknown, _request: Request) => null);
    const client = new TestClient(config({ providers: [Credentials({ authorize })] }));
    await client.signInWithCredentials({ username: "u", extra: "x" });
    expect(authorize.mock.calls[0]![0]).toEqual({ username: "u", extra: "x" });
    const request = authorize.mock.calls[0]![1];
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe("http://localhost:3000/auth/callback/credentials");
    await expect(request.json()).resolves.toEqual({ username: "u", extra: "x" });
  });

  it("refuses a null user with CredentialsSignin and code=credentials, and sets no session", async () => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({ username: "ada", password: "nope" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    await expect(client.session()).resolves.toBeNull();
  });

  it("forwards the code of a CredentialsSignin subclass", async () => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({ username: "ada", password: "wrong" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=CredentialsSignin&code=wrong_password",
    );
  });

  it("turns any other exception into Configuration, logged", async () => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ logger }));
    const response = await client.signInWithCredentials({ username: "throw" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(errors.map((e) => e.name)).toContain("CallbackRouteError");
  });

  it("uses pages.signIn for sign-in errors", async () => {
    const client = new TestClient(config({ pages: { signIn: "/login" } }));
    const response = await client.signInWithCredentials({ username: "ada", password: "nope" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/login?error=CredentialsSignin&code=credentials",
    );
  });

  it("redirects to a callbackUrl from the body after sign-in", async () => {
    const client = new TestClient(config());
    const response = await client.signInWithCredentials({
      username: "ada",
      password: "lovelace",
      callbackUrl: "/dashboard?tab=1",
    });
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard?tab=1");
  });

  it("honours the signIn callback: false → AccessDenied, a string → that (validated) URL", async () => {
    const denied = new TestClient(config({ callbacks: { signIn: () => false } }));
    const response = await denied.signInWithCredentials({ username: "ada", password: "lovelace" });
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=AccessDenied",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();

    const redirected = new TestClient(config({ callbacks: { signIn: () => "/welcome" } }));
    const toWelcome = await redirected.signInWithCredentials({
      username: "ada",
      password: "lovelace",
    });
    expect(toWelcome.headers.get("location")).toBe("http://localhost:3000/welcome");
    expect(setCookie(toWelcome, "authjs.session-token")).toBeUndefined();

    const offsite = new TestClient(
      config({ callbacks: { signIn: () => "https://evil.example/x" } }),
    );
    const stay = await offsite.signInWithCredentials({ username: "ada", password: "lovelace" });
    expect(stay.headers.get("location")).toBe("http://localhost:3000");
  });

  it("calls jwt with trigger signIn and isNewUser false, and fires signIn once", async () => {
    const jwt = vi.fn(({ token }) => ({ ...token, role: "admin" }));
    const signIn = vi.fn();
    const client = new TestClient(config({ callbacks: { jwt }, events: { signIn } }));
    await client.signInWithCredentials({ username: "ada", password: "lovelace" });
    expect(jwt).toHaveBeenCalledTimes(1);
    expect(jwt.mock.calls[0]![0]).toMatchObject({
      token: { name: "Ada", email: "ada@example.com", picture: "https://img/ada.png", sub: "42" },
      user: { id: "42", name: "Ada" },
      account: { providerAccountId: "42", type: "credentials", provider: "credentials" },
      isNewUser: false,
      trigger: "signIn",
    });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn.mock.calls[0]![0]).toEqual({
      user: expect.objectContaining({ id: "42" }),
      account: { providerAccountId: "42", type: "credentials", provider: "credentials" },
    });
  });

  it("clears the session when the jwt callback returns null at sign-in", async () => {
    const client = new TestClient(config({ callbacks: { jwt: () => null } }));
    client.jar.set("authjs.session-token", "stale");
    const response = await client.signInWithCredentials({ username: "ada", password: "lovelace" });
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(setCookie(response, "authjs.session-token")?.attributes["max-age"]).toBe("0");
  });
});
