/**
 * Issue 17: each top-level option Auth.js documents, set the same way on `@auth/core` and on this
 * runtime, has the same observable effect (responses, cookies, what the option's functions are
 * given), except where `deviations.ts` says why not. In-process `Auth()` on both sides.
 */
import { skipCSRFCheck as authJsSkipCSRFCheck } from "@auth/core";
import { decode as authJsDecode, encode as authJsEncode } from "@auth/core/jwt";
import AuthJsCredentials from "@auth/core/providers/credentials";
import { describe, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import type { SendVerificationRequestParams } from "../../src/providers/types.js";
import { skipCSRFCheck } from "../../src/symbols.js";
import { captureLogger, SECRET, setCookies, TestClient } from "../helpers.js";
import { AuthJsTestClient, authorizationRequest } from "./authjs.js";
import { expectSame } from "./deviations.js";
import { errorLog, observe } from "./servers.js";

type Library = "ours" | "authJs";
/**
 * Auth.js's `Passkey()` with its defaults (reference §4.8) as a plain object: its module imports
 * `@simplewebauthn/server`, whose version 9 (its peer) is not installed beside `@auth/core` here.
 */
const AuthJsPasskey = () => ({
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  enableConditionalUI: true,
  simpleWebAuthnBrowserVersion: "v9.0.1",
  formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
});

interface LibraryExports {
  Credentials: (options: object) => unknown;
  Passkey: () => unknown;
  skip: symbol;
}
const libraries: Record<Library, LibraryExports> = {
  authJs: { Credentials: AuthJsCredentials, Passkey: AuthJsPasskey, skip: authJsSkipCSRFCheck },
  ours: { Credentials, Passkey, skip: skipCSRFCheck },
};

/** What one library's run of a row has: its log and mail. */
interface Context {
  library: Library;
  log: ReturnType<typeof captureLogger>;
  outbox: SendVerificationRequestParams[];
  origin: string;
}

interface Row {
  origin?: string;
  /** Options merged over a configuration with one credentials provider (`alice`). */
  options: (ctx: Context) => Record<string, unknown>;
  run: (client: TestClient, ctx: Context) => Promise<Record<string, unknown>>;
}

const alice = { id: "1", name: "Alice", email: "alice@example.com" };
const OLD_SECRET = "an-older-secret-that-is-long-enough-987654";

function emailProvider(ctx: Context) {
  return {
    id: "email",
    name: "Email",
    type: "email",
    sendVerificationRequest: (params: SendVerificationRequestParams) => {
      ctx.outbox.push(params);
    },
  };
}

/** Options for database sessions: a memory adapter, an email provider and credentials. */
const withDatabase = (ctx: Context, extra: Record<string, unknown> = {}) => ({
  adapter: memoryAdapter(),
  providers: [libraries[ctx.library].Credentials({ authorize: () => alice }), emailProvider(ctx)],
  ...extra,
});

const signIn = (client: TestClient) => client.signInWithCredentials({ username: "alice" });

/** Seconds from now until a cookie expires, to the nearest 10 (`null` without `Expires`). */
function lifetimes(response: Response) {
  const out: Record<string, number | null> = {};
  for (const cookie of setCookies(response)) {
    const expires = cookie.attributes.expires;
    out[cookie.name] =
      typeof expires === "string"
        ? Math.round((Date.parse(expires) - Date.now()) / 10_000) * 10
        : null;
  }
  return out;
}

/** A response as fields `<name>.status`, `<name>.cookies`…, so a deviation can name one. */
async function seen(name: string, response: Response, origin: string) {
  const observed = await observe(response, origin);
  return Object.fromEntries(Object.entries(observed).map(([k, v]) => [`${name}.${k}`, v]));
}

/** Logged errors by type: the wording of each is compared in express-endpoints.test.ts. */
const errorTypes = (errors: Error[]) => errorLog(errors).map((line) => line.split(":")[0]);

async function sessionBody(client: TestClient) {
  return (await client.request(`${client.basePath}/session`)).json() as Promise<{
    user?: { name?: string; email?: string };
    expires?: string;
  } | null>;
}

const oauth = {
  id: "acme",
  name: "Acme",
  type: "oauth",
  clientId: "client-1",
  clientSecret: "secret-1",
  authorization: "https://acme.example/authorize?scope=user",
  token: "https://acme.example/token",
  userinfo: "https://acme.example/userinfo",
};

/**
 * In this order: Auth.js remembers in module state that some configuration had an email or a
 * WebAuthn provider and then asks every later one for an adapter or the experimental flag
 * (reference §11 item 1), and warns `debug-enabled` once per process.
 */
const rows: Record<string, Row> = {
  debug: {
    options: (ctx) => ({
      debug: true,
      logger: { ...ctx.log.logger, debug: () => ctx.log.warnings.push("<debug message>") },
    }),
    run: async (client, ctx) => {
      await signIn(client);
      return { logged: [...new Set(ctx.log.warnings)] };
    },
  },
  basePath: {
    options: () => ({ basePath: "/api/auth" }),
    run: async (client, ctx) => {
      client.basePath = "/api/auth";
      return {
        ...(await seen("page", await client.request("/api/auth/signin"), ctx.origin)),
        ...(await seen("providers", await client.request("/api/auth/providers"), ctx.origin)),
        old: (await client.request("/auth/csrf")).status,
      };
    },
  },
  "secret (a rotation list)": {
    options: () => ({ secret: [SECRET, OLD_SECRET] }),
    run: async (client) => {
      const salt = "authjs.session-token";
      const old = await authJsEncode({ token: { name: "Old" }, secret: OLD_SECRET, salt });
      client.jar.set(salt, old);
      const read = await sessionBody(client);
      client.jar.clear();
      await signIn(client);
      const issued = client.jar.get(salt)!;
      const decodes = async (secret: string) =>
        authJsDecode({ token: issued, secret, salt }).then(
          (token) => token?.name ?? null,
          () => "fails",
        );
      return {
        read: read?.user?.name,
        newest: await decodes(SECRET),
        old: await decodes(OLD_SECRET),
      };
    },
  },
  "session.maxAge": {
    options: () => ({ session: { maxAge: 3600 } }),
    run: async (client) => {
      const response = await signIn(client);
      const body = await sessionBody(client);
      return {
        cookies: lifetimes(response),
        expiresIn: Math.round((Date.parse(body!.expires!) - Date.now()) / 10_000) * 10,
      };
    },
  },
  "jwt.maxAge": {
    options: () => ({ jwt: { maxAge: 120 } }),
    run: async (client) => {
      const response = await signIn(client);
      const token = await authJsDecode({
        token: client.jar.get("authjs.session-token"),
        secret: SECRET,
        salt: "authjs.session-token",
      });
      return { tokenLifetime: token!.exp! - token!.iat!, cookies: lifetimes(response) };
    },
  },
  "jwt.encode and jwt.decode": {
    options: (ctx) => {
      const seen = (name: string, params: Record<string, unknown>) => {
        const secret = Array.isArray(params.secret) ? "array" : typeof params.secret;
        const keys = Object.keys(params).sort().join(",");
        ctx.log.warnings.push(
          `${name}(${keys}) salt=${params.salt} maxAge=${params.maxAge} secret=${secret}`,
        );
      };
      return {
        jwt: {
          encode: (params: { token?: object }) => {
            seen("encode", params);
            return `plain.${Buffer.from(JSON.stringify(params.token)).toString("base64url")}`;
          },
          decode: (params: { token?: string }) => {
            seen("decode", params);
            const [, body] = (params.token ?? "").split(".");
            return body ? JSON.parse(Buffer.from(body, "base64url").toString()) : null;
          },
        },
      };
    },
    run: async (client, ctx) => {
      await signIn(client);
      const cookie = client.jar.get("authjs.session-token") ?? "";
      const body = await sessionBody(client);
      return {
        cookie: cookie.slice(0, "plain.".length),
        user: body?.user,
        calls: ctx.log.warnings.filter((w) => /^(en|de)code/.test(w)),
      };
    },
  },
  theme: {
    options: () => ({
      theme: { colorScheme: "dark", brandColor: "#123456", logo: "https://app.example/logo.png" },
    }),
    run: async (client) => {
      const html = await (await client.request("/auth/signin")).text();
      return {
        logo: html.includes("https://app.example/logo.png"),
        brandColor: html.includes("#123456"),
      };
    },
  },
  cookies: {
    options: () => ({
      cookies: {
        sessionToken: { name: "app.session" },
        csrfToken: { name: "app.csrf", options: { sameSite: "strict" } },
      },
    }),
    run: async (client, ctx) => {
      const csrf = await observe(await client.request("/auth/csrf"), ctx.origin);
      const signedIn = await observe(await signIn(client), ctx.origin);
      return {
        csrf: csrf.cookies,
        signedIn: signedIn.cookies,
        user: (await sessionBody(client))?.user,
      };
    },
  },
  "useSecureCookies (true over http)": {
    options: () => ({ useSecureCookies: true }),
    run: async (client, ctx) => ({
      cookies: (await observe(await signIn(client), ctx.origin)).cookies,
      user: (await sessionBody(client))?.user,
    }),
  },
  "useSecureCookies (false over https)": {
    origin: "https://localhost:3000",
    options: () => ({ useSecureCookies: false }),
    run: async (client, ctx) => ({
      cookies: (await observe(await signIn(client), ctx.origin)).cookies,
    }),
  },
  trustHost: {
    options: () => ({ trustHost: false }),
    run: async (client, ctx) => ({
      ...(await seen("csrf", await client.request("/auth/csrf"), ctx.origin)),
      logged: errorTypes(ctx.log.errors),
    }),
  },
  redirectProxyUrl: {
    options: (ctx) => ({
      redirectProxyUrl: "https://proxy.example/auth",
      providers: [libraries[ctx.library].Credentials({ authorize: () => alice }), oauth],
    }),
    run: async (client) => {
      const csrfToken = await client.csrfToken();
      const start = await client.request("/auth/signin/acme", { form: { csrfToken } });
      return {
        authorization: authorizationRequest(start.headers.get("location")),
        cookies: setCookies(start)
          .map((c) => c.name)
          .sort(),
      };
    },
  },
  logger: {
    options: () => ({}),
    run: async (client, ctx) => {
      await client.request("/auth/callback/nope");
      return { logged: errorTypes(ctx.log.errors) };
    },
  },
  skipCSRFCheck: {
    options: (ctx) => ({ skipCSRFCheck: libraries[ctx.library].skip }),
    run: async (client, ctx) => {
      const csrf = await seen("csrf", await client.request("/auth/csrf"), ctx.origin);
      const credentials = await client.request("/auth/callback/credentials", { form: {} });
      return {
        ...csrf,
        credentials: credentials.headers.get("location"),
        warnings: ctx.log.warnings,
      };
    },
  },
  "session.strategy (jwt with an adapter)": {
    options: (ctx) => withDatabase(ctx, { session: { strategy: "jwt" } }),
    run: async (client, ctx) => {
      await client.signInWithEmail("bea@example.com", ctx.outbox);
      const token = client.jar.get("authjs.session-token") ?? "";
      return { jwe: token.split(".").length === 5, user: (await sessionBody(client))?.user };
    },
  },
  "session.generateSessionToken": {
    options: (ctx) => withDatabase(ctx, { session: { generateSessionToken: () => "token-1" } }),
    run: async (client, ctx) => {
      await client.signInWithEmail("bea@example.com", ctx.outbox);
      return {
        cookie: client.jar.get("authjs.session-token"),
        user: (await sessionBody(client))?.user,
      };
    },
  },
  "session.updateAge": {
    options: (ctx) => {
      const adapter = memoryAdapter();
      const counted = {
        ...adapter,
        updateSession: (session: Parameters<typeof adapter.updateSession>[0]) => {
          ctx.log.warnings.push("updateSession");
          return adapter.updateSession(session);
        },
      };
      return { ...withDatabase(ctx), adapter: counted, session: { updateAge: 0 } };
    },
    run: async (client, ctx) => {
      await client.signInWithEmail("bea@example.com", ctx.outbox);
      // A read in the very millisecond of the sign-in would not move the expiry: let one pass.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const read = await client.request("/auth/session");
      return {
        updates: ctx.log.warnings.filter((w) => w === "updateSession").length,
        cookie: Object.keys(lifetimes(read)),
      };
    },
  },
  pages: {
    options: (ctx) =>
      withDatabase(ctx, {
        pages: {
          signIn: "/login",
          signOut: "/bye",
          error: "/oops",
          verifyRequest: "/check-mail",
          newUser: "/welcome",
        },
      }),
    run: async (client, ctx) => {
      const at = async (path: string) =>
        (await client.request(path)).headers.get("location")?.replace(ctx.origin, "{origin}");
      return {
        signIn: await at("/auth/signin?callbackUrl=%2Fdashboard"),
        signOut: await at("/auth/signout"),
        error: await at("/auth/error?error=AccessDenied"),
        verifyRequest: await at("/auth/verify-request?provider=email&type=email"),
        refused: (await client.signInWithCredentials({}, "nope")).headers.get("location"),
        newUser: (await client.signInWithEmail("new@example.com", ctx.outbox)).headers.get(
          "location",
        ),
      };
    },
  },
  "experimental.enableWebAuthn": {
    options: (ctx) => ({
      adapter: memoryAdapter(),
      providers: [libraries[ctx.library].Passkey()],
    }),
    run: async (client, ctx) => ({
      ...(await seen("csrf", await client.request("/auth/csrf"), ctx.origin)),
      logged: errorTypes(ctx.log.errors),
    }),
  },
};

describe("configuration options against @auth/core", () => {
  it.each(Object.entries(rows))("%s", async (name, row) => {
    const seen = {} as Record<Library, Record<string, unknown>>;
    for (const library of ["authJs", "ours"] as const) {
      const origin = row.origin ?? "http://localhost:3000";
      const ctx: Context = { library, log: captureLogger(), outbox: [], origin };
      const config = {
        secret: SECRET,
        trustHost: true,
        logger: ctx.log.logger,
        providers: [libraries[library].Credentials({ authorize: () => alice })],
        ...row.options(ctx),
      };
      const client =
        library === "authJs"
          ? new AuthJsTestClient(config as never, origin)
          : new TestClient(config as never, origin);
      seen[library] = await row.run(client, ctx);
    }
    expectSame(`option ${name}`, seen.ours, seen.authJs);
  });
});
