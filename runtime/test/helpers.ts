import type { Adapter, VerificationToken } from "../src/adapters.js";
import { Auth } from "../src/index.js";
import Credentials from "../src/providers/credentials.js";
import type { EmailConfig, SendVerificationRequestParams } from "../src/providers/types.js";
import type { AuthConfig, User } from "../src/types.js";

export const SECRET = "test-secret-that-is-long-enough-0123456789";

export interface ParsedSetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** Every `Set-Cookie` of a response, parsed. */
export function setCookies(response: Response): ParsedSetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...rest] = line.split(/;\s*/);
    const eq = pair!.indexOf("=");
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const [key, value] = attribute.split("=");
      attributes[key!.toLowerCase()] = value ?? true;
    }
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  });
}

export function setCookie(response: Response, name: string): ParsedSetCookie | undefined {
  return setCookies(response).find((cookie) => cookie.name === name);
}

export interface RequestOptions {
  method?: string;
  /** A form body; `URLSearchParams` can repeat a field. */
  form?: Record<string, string> | URLSearchParams;
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * A browser-like client for `Auth()`: keeps cookies between requests (removing expired ones)
 * and never follows redirects, so tests can assert on each hop.
 */
export class TestClient {
  readonly jar = new Map<string, string>();
  /** Where the auth endpoints are mounted. */
  basePath = "/auth";
  constructor(
    readonly config: AuthConfig,
    readonly origin = "http://localhost:3000",
  ) {}

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    const cookie = [...this.jar]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join("; ");
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    let body: string | undefined;
    if (options.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(options.json);
    }
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const response = await this.send(
      new Request(`${this.origin}${path}`, { method, headers, body }),
    );
    for (const cookie of setCookies(response)) {
      if (cookie.attributes["max-age"] === "0" || cookie.value === "") this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Delivers a request; `Auth()` in-process by default. */
  protected send(request: Request): Promise<Response> {
    return Auth(request, this.config);
  }

  async csrfToken(): Promise<string> {
    const response = await this.request(`${this.basePath}/csrf`);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async session(): Promise<unknown> {
    return (await this.request(`${this.basePath}/session`)).json();
  }

  /** CSRF + credentials POST, the way the built-in sign-in page does it. */
  async signInWithCredentials(fields: Record<string, string>, providerId = "credentials") {
    const csrfToken = await this.csrfToken();
    return this.request(`${this.basePath}/callback/${providerId}`, {
      form: { ...fields, csrfToken },
    });
  }

  /**
   * CSRF + email sign-in request, then a visit of the link the provider "sent" (the last one in
   * `outbox`, see {@link outboxEmailProvider}). Returns the callback's response.
   */
  async signInWithEmail(
    email: string,
    outbox: SendVerificationRequestParams[],
    providerId = "email",
  ) {
    const csrfToken = await this.csrfToken();
    await this.request(`${this.basePath}/signin/${providerId}`, { form: { email, csrfToken } });
    const link = new URL(outbox.at(-1)!.url);
    return this.request(`${link.pathname}${link.search}`);
  }

  /** CSRF + sign-out POST. */
  async signOut() {
    const csrfToken = await this.csrfToken();
    return this.request(`${this.basePath}/signout`, { form: { csrfToken } });
  }
}

/** The same client against a real HTTP server (redirects are not followed). */
export class HttpTestClient extends TestClient {
  constructor(origin: string, basePath = "/auth") {
    super({ providers: [] }, origin);
    this.basePath = basePath;
  }

  protected override send(request: Request): Promise<Response> {
    return fetch(request, { redirect: "manual" });
  }
}

/** Captures what the runtime logs instead of printing it. */
export function captureLogger() {
  const errors: Error[] = [];
  const warnings: string[] = [];
  return {
    errors,
    warnings,
    logger: {
      error: (error: Error) => errors.push(error),
      warn: (code: string) => warnings.push(code),
      debug: () => {},
    },
  };
}

/**
 * A valid configuration for tests: the test secret, trusted host, a silent logger and a
 * credentials provider whose `authorize` returns `user` (null refuses).
 */
export function testConfig(
  extra: Partial<AuthConfig> = {},
  user: User | null = { id: "1" },
): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    providers: [Credentials({ authorize: () => user })],
    ...extra,
  };
}

/** An email provider that keeps its messages in `outbox` instead of sending them. */
export function outboxEmailProvider(id = "email") {
  const outbox: SendVerificationRequestParams[] = [];
  const provider: EmailConfig = {
    id,
    name: "Email",
    type: "email",
    sendVerificationRequest: (params) => {
      outbox.push(params);
    },
  };
  return { provider, outbox };
}

/**
 * The adapter with every verification token it is asked to store recorded in `created` (as
 * stored: hashed), so a test can prove a token was made and is no longer usable.
 */
export function recordingTokens<A extends Adapter>(adapter: A) {
  const created: VerificationToken[] = [];
  const recording: A = {
    ...adapter,
    createVerificationToken: (token: VerificationToken) => {
      created.push(token);
      return adapter.createVerificationToken!(token);
    },
  };
  return { adapter: recording, created };
}
