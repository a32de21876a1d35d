import { describe, expect, it } from "vitest";
import * as errors from "../src/errors.js";
import { AuthError, isClientSafeErrorType } from "../src/errors.js";
import { TestClient, testConfig } from "./helpers.js";

type Row = { kind: "signIn" | "error"; clientSafe: boolean };
const signIn = (clientSafe: boolean): Row => ({ kind: "signIn", clientSafe });
const error = (clientSafe: boolean): Row => ({ kind: "error", clientSafe });

/**
 * Every error class of `@create-auth/runtime/errors` with its `kind` and whether its `type`
 * may appear in `?error=` (reference §6). The one deliberate difference from Auth.js:
 * `EmailSignInError` is client-safe (a refused address or a failed send is the user's to fix
 * or retry; docs/decisions.md), where Auth.js shows `Configuration`.
 */
const table: Record<string, Row> = {
  AccessDenied: error(true),
  AccountNotLinked: signIn(true),
  AdapterError: error(false),
  CallbackRouteError: error(false),
  CredentialsSignin: signIn(true),
  // Ours (time bounds): a dependency failed or timed out; its `retryAfter` says when to retry.
  DependencyOverloaded: error(false),
  DependencyTimeout: error(false),
  DependencyUnavailable: error(false),
  DuplicateConditionalUI: error(false),
  EmailSignInError: signIn(true),
  ErrorPageLoop: error(false),
  EventError: error(false),
  ExperimentalFeatureNotEnabled: error(false),
  InvalidCallbackUrl: error(false),
  InvalidCheck: error(false),
  InvalidConfig: error(false),
  InvalidEndpoints: error(false),
  InvalidProvider: error(false),
  JWTSessionError: error(false),
  MissingAdapter: error(false),
  MissingAdapterMethods: error(false),
  MissingAuthorize: error(false),
  MissingCSRF: signIn(true),
  MissingSecret: error(false),
  MissingWebAuthnAutocomplete: error(false),
  OAuthAccountNotLinked: signIn(true),
  OAuthCallbackError: signIn(true),
  OAuthProfileParseError: error(false),
  OAuthSignInError: signIn(false),
  // Ours (rate limiting): answered with 429 and the sign-in page, not a redirect.
  RateLimited: signIn(true),
  // Ours: the rate-limit store failed and `failClosed` refused the sign-in.
  RateLimitUnavailable: signIn(true),
  // Ours: the store is down; answered with 503 and the "Temporarily unavailable" page.
  SessionStoreUnavailable: error(true),
  SessionTokenError: error(false),
  SignOutError: error(false),
  UnknownAction: error(false),
  UnsupportedStrategy: error(false),
  UntrustedHost: error(false),
  Verification: error(true),
  WebAuthnVerificationError: error(true),
};

const classes = Object.entries(errors).filter(
  (entry): entry is [string, typeof AuthError] =>
    typeof entry[1] === "function" && entry[1].prototype instanceof AuthError,
);
/** `SignInError` is the base of the `signIn` kind, never raised itself. */
const raised = classes.filter(([name]) => name !== "SignInError");

describe("error classes (reference §6)", () => {
  it("the table lists every exported error class", () => {
    expect(raised.map(([name]) => name).sort()).toEqual(Object.keys(table).sort());
  });

  it.each(raised)("%s: type, kind, name and client-safety", (name, ErrorClass) => {
    const instance = new ErrorClass("something failed", { cause: new Error("root") });
    expect(instance).toBeInstanceOf(AuthError);
    expect(instance.type).toBe(name);
    expect(instance.name).toBe(name);
    expect(instance.kind).toBe(table[name]!.kind);
    expect((instance.cause as Error).message).toBe("root");
    expect(isClientSafeErrorType(instance)).toBe(table[name]!.clientSafe);
  });

  it("the base classes: AuthError is kind error, SignInError kind signIn, neither client-safe", () => {
    expect(new AuthError("x")).toMatchObject({ type: "AuthError", kind: "error" });
    expect(new errors.SignInError("x")).toMatchObject({ type: "AuthError", kind: "signIn" });
    expect(isClientSafeErrorType(new errors.SignInError("x"))).toBe(false);
    expect(isClientSafeErrorType(new Error("plain"))).toBe(false);
  });

  it.each(
    raised,
  )("%s thrown in a sign-in lands on the page and ?error= of its kind", async (name, ErrorClass) => {
    const client = new TestClient(
      testConfig({
        callbacks: {
          signIn: () => {
            throw new ErrorClass("raised by the app");
          },
        },
      }),
    );
    const response = await client.signInWithCredentials({});
    if (name === "RateLimited") {
      expect(response.status).toBe(429);
      expect(await response.text()).toContain("Too many attempts");
      return;
    }
    if (name === "RateLimitUnavailable") {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.text()).toContain("Sign-in is temporarily unavailable");
      return;
    }
    // A store failure (ours): the session is unknown, so 503 and no redirect to a 200 page.
    if (name === "SessionStoreUnavailable") {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.text()).toContain("Temporarily unavailable");
      return;
    }
    // InvalidCallbackUrl too: only the refusal of the request's own callbackUrl is a 400
    // (core/callback-url.test.ts); raised by app code it is a server failure like the others.
    const { kind, clientSafe } = table[name]!;
    const page = kind === "signIn" ? "signin" : "error";
    const query = new URLSearchParams({ error: clientSafe ? name : "Configuration" });
    if (name === "CredentialsSignin") query.set("code", "credentials");
    expect(response.headers.get("location")).toBe(`http://localhost:3000/auth/${page}?${query}`);
  });
});
