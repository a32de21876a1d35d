import fc from "fast-check";
import { base64url } from "jose";
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { parseCookieHeader } from "../../src/core/cookies.js";
import { sameOriginRedirect } from "../../src/core/defaults.js";
import { InvalidEmailAddress, normalizeEmailAddress } from "../../src/core/email-address.js";
import { parseAction } from "../../src/core/request.js";
import { Auth } from "../../src/index.js";
import { decode, encode, getToken } from "../../src/jwt.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET } from "../helpers.js";

const ORIGIN = "http://localhost:3000";
const unicode = () => fc.string({ unit: "binary", maxLength: 80 });
const urlish = () =>
  fc.oneof(
    unicode(),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom(
      "/",
      "//",
      "/\\",
      "\\\\",
      "http:",
      "https://",
      "javascript:",
      "%2F%2F",
      "\t",
      "@",
    ),
    fc
      .tuple(fc.constantFrom("/", "//", "http://localhost:3000", "https://", ""), unicode())
      .map(([a, b]) => a + b),
  );

/** The token with every segment re-encoded from its decoded bytes (or itself if undecodable). */
function canonical(token: string): string {
  try {
    return token
      .split(".")
      .map((segment) => base64url.encode(base64url.decode(segment)))
      .join(".");
  } catch {
    return `invalid:${token}`;
  }
}

describe("property: parsers never throw and never widen what they accept", () => {
  it("parseAction returns a known action or nothing, for any path and base", () => {
    const actions = [
      "providers",
      "session",
      "csrf",
      "signin",
      "signout",
      "callback",
      "verify-request",
      "error",
      "webauthn-options",
      "playground",
    ];
    fc.assert(
      fc.property(
        fc.oneof(unicode(), fc.webPath()),
        fc.constantFrom("/auth", "/api/auth", "", "/a.b"),
        (path, base) => {
          const parsed = parseAction(path, base);
          if (parsed) {
            expect(actions).toContain(parsed.action);
            if ("providerId" in parsed && parsed.providerId !== undefined)
              expect(parsed.providerId).not.toMatch(/\//);
            if (base) expect(path.startsWith(`${base}/`)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("parseCookieHeader yields trimmed, non-empty names and string values", () => {
    fc.assert(
      fc.property(unicode(), (header) => {
        const cookies = parseCookieHeader(header);
        for (const [name, value] of Object.entries(cookies)) {
          expect(name).toBe(name.trim());
          expect(name.length).toBeGreaterThan(0);
          expect(typeof value).toBe("string");
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("parseCookieHeader(header, name) is the full parse cut down to name and its chunks", () => {
    const name = "authjs.session-token";
    const names = fc.constantFrom(
      name,
      `${name}.0`,
      `${name}.1`,
      `${name}.x`,
      `x${name}`,
      " a",
      "b",
    );
    const pair = fc.tuple(fc.oneof(names, unicode()), unicode()).map(([n, v]) => `${n}=${v}`);
    const header = fc.oneof(
      unicode(),
      fc.array(pair, { maxLength: 6 }).map((p) => p.join("; ")),
    );
    fc.assert(
      fc.property(header, (value) => {
        const wanted = Object.entries(parseCookieHeader(value)).filter(
          ([key]) =>
            key === name || (/^\.\d+$/.test(key.slice(name.length)) && key.startsWith(name)),
        );
        expect(Object.entries(parseCookieHeader(value, name))).toEqual(wanted);
      }),
      { numRuns: 2000 },
    );
  });

  it("the default redirect always stays on the origin", () => {
    fc.assert(
      fc.property(urlish(), (url) => {
        expect(new URL(sameOriginRedirect(url, ORIGIN)).origin).toBe(ORIGIN);
      }),
      { numRuns: 300 },
    );
  });

  it("email normalisation accepts only one plain address, and is idempotent", () => {
    const strict = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9.-]+$/;
    fc.assert(
      fc.property(
        fc.oneof(
          unicode(),
          fc.emailAddress(),
          fc.emailAddress().map((e) => e.toUpperCase()),
        ),
        (input) => {
          let normalized: string;
          try {
            normalized = normalizeEmailAddress(input);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidEmailAddress);
            return;
          }
          expect(normalized).toMatch(strict);
          expect(normalized.split("@")).toHaveLength(2);
          expect(normalizeEmailAddress(normalized)).toBe(normalized);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("JWE decode rejects every mutation of a valid token", async () => {
    const salt = "authjs.session-token";
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        async (at, insert) => {
          const mutated = token.slice(0, at) + insert + token.slice(at + 1);
          // base64url's last character has spare bits: a change there can decode to the very
          // same bytes (the same ciphertext). Only mutations that change the bytes must fail.
          fc.pre(canonical(mutated) !== canonical(token));
          await expect(decode({ token: mutated, secret: SECRET, salt })).rejects.toBeDefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("property: JWE decoding refuses every forged token without throwing anything else", () => {
  const salt = "authjs.session-token";
  const b64 = (value: string) => base64url.encode(value);
  const header = fc.oneof(
    fc.json().map(b64),
    fc
      .record(
        {
          alg: fc.constantFrom(
            "dir",
            "none",
            "A256KW",
            "RSA-OAEP",
            "ECDH-ES",
            "PBES2-HS512+A256KW",
          ),
          enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM", "A128CBC-HS256", "x"),
          zip: fc.constantFrom("DEF", "x"),
          kid: fc.string(),
          crit: fc.array(fc.string(), { maxLength: 2 }),
          p2c: fc.integer(),
        },
        { requiredKeys: ["alg"] },
      )
      .map((h) => b64(JSON.stringify(h))),
    fc.base64String().map((s) => s.replace(/=+$/, "")),
  );
  const segment = fc.oneof(
    fc.constant(""),
    fc.base64String().map((s) => s.replace(/=+$/, "")),
  );
  const token = fc.oneof(
    fc.tuple(header, segment, segment, segment, segment).map((parts) => parts.join(".")),
    fc.array(segment, { maxLength: 7 }).map((parts) => parts.join(".")),
    unicode(),
  );

  it("decode() never yields claims for a token it did not mint, and fails with an Error", async () => {
    await fc.assert(
      fc.asyncProperty(token, async (candidate) => {
        let claims: unknown;
        try {
          claims = await decode({ token: candidate, secret: SECRET, salt });
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          return;
        }
        expect(claims).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("getToken() answers null for any cookie header or Authorization header", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          unicode(),
          token.map((t) => `${salt}=${t}`),
          token.map((t) => `${salt}.0=${t}`),
        ),
        fc.oneof(
          fc.constant(undefined),
          token.map((t) => `Bearer ${t}`),
          unicode(),
        ),
        async (cookie, authorization) => {
          const headers: Record<string, string> = { cookie };
          if (authorization !== undefined) headers.authorization = authorization;
          await expect(getToken({ req: { headers }, secret: SECRET })).resolves.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("property: Auth() answers hostile requests with 2xx/3xx/4xx, never 5xx", () => {
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: memoryAdapter(),
    session: { strategy: "jwt" },
    providers: [
      Credentials({ authorize: (c) => (c.username === "ada" ? { id: "1" } : null) }),
      Email({ sendVerificationRequest: () => {} }),
    ],
  };
  const segment = fc.oneof(
    fc.constantFrom(
      "providers",
      "session",
      "csrf",
      "signin",
      "signout",
      "callback",
      "error",
      "verify-request",
      "credentials",
      "email",
      "undefined",
      "..",
      "%2e%2e",
      "%00",
    ),
    fc.webSegment(),
  );
  const request = fc.record({
    method: fc.constantFrom("GET", "POST", "HEAD", "PUT", "OPTIONS"),
    path: fc.array(segment, { maxLength: 4 }).map((segments) => `/auth/${segments.join("/")}`),
    query: fc.dictionary(
      fc.constantFrom("callbackUrl", "error", "email", "token", "code", "x"),
      urlish(),
      { maxKeys: 3 },
    ),
    cookie: fc.oneof(
      unicode(),
      fc
        .dictionary(
          fc.constantFrom(
            "authjs.session-token",
            "authjs.session-token.0",
            "authjs.csrf-token",
            "authjs.callback-url",
            "authjs.state",
            "x",
          ),
          fc.oneof(unicode(), fc.base64String()),
          { maxKeys: 4 },
        )
        .map((jar) =>
          Object.entries(jar)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join("; "),
        ),
    ),
    body: fc.oneof(
      fc.constant(undefined),
      fc.tuple(fc.constant("application/x-www-form-urlencoded"), unicode()),
      fc.tuple(
        fc.constant("application/json"),
        fc.oneof(unicode(), fc.json({ depthSize: "large" })),
      ),
    ),
  });

  it("for random paths, methods, query strings, cookies and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, query, cookie, body }) => {
        const url = new URL(path, ORIGIN);
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
        const headers: Record<string, string> = { cookie };
        const init: RequestInit = { method, headers };
        if (body && method !== "GET" && method !== "HEAD") {
          headers["content-type"] = body[0];
          init.body = body[1];
        }
        let built: Request;
        try {
          built = new Request(url, init);
        } catch {
          // Browsers and servers never deliver what the Request constructor refuses.
          return;
        }
        const response = await Auth(built, config);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 1500 },
    );
  });
});
