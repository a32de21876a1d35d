import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outboxEmailProvider } from "../helpers.js";
import { credentialsAndEmail, rawRequest, useServer } from "./server.js";

// The five fuzzed inputs of fuzz.test.ts again, this time through a real Express server: raw
// paths, Cookie headers, callback URLs, email addresses and session tokens as a browser (or an
// attacker's script) would send them. Every answer is below 500 and every redirect stays home.

const mail = outboxEmailProvider();
const server = useServer(credentialsAndEmail(mail.provider));

/** Printable ASCII plus the characters that matter to URLs, cookies and headers. */
const headerSafe = () =>
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(" ", "\t", "%", "\\", "/", ";", "=", ",", "\u00e9", "\u00ff"),
    ),
    maxLength: 120,
  });
const latin1 = (value: string) => Buffer.from(value, "latin1").toString("latin1");

describe("property: a real server answers fuzzed input below 500", () => {
  it("raw request paths", async () => {
    const segment = fc.oneof(
      fc.constantFrom("auth", "session", "csrf", "signin", "callback", "credentials", "email"),
      fc.constantFrom("..", ".", "%2e%2e", "%2f", "%5c", "%00", "%", "%E0%A4%A", ";x", "x.css"),
      fc.webSegment(),
      headerSafe().map((s) => s.replace(/[\s?#]/g, "")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.constantFrom("", "?", "?callbackUrl=%", "?x=1&x=2"),
        async (segments, query) => {
          const path = `/${segments.join("/")}${query}`;
          const response = await rawRequest(server().origin, { path });
          expect(response.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("Cookie headers", async () => {
    const name = fc.constantFrom(
      "authjs.session-token",
      "authjs.session-token.0",
      "authjs.session-token.1",
      "authjs.csrf-token",
      "authjs.callback-url",
      "__Secure-authjs.session-token",
      "__Host-authjs.session-token",
    );
    const pair = fc.tuple(fc.oneof(name, headerSafe()), headerSafe()).map(([n, v]) => `${n}=${v}`);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          headerSafe(),
          fc.array(pair, { maxLength: 8 }).map((p) => p.join("; ")),
        ),
        async (cookie) => {
          for (const path of ["/auth/session", "/auth/signin", "/me"]) {
            const response = await rawRequest(server().origin, {
              path,
              headers: { cookie: latin1(cookie), accept: "text/html" },
            });
            expect(response.status, `${path} ${cookie}`).toBeLessThan(500);
            if (path === "/auth/session") expect(JSON.parse(response.body)).toBeNull();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("callback URLs: sign-in always lands on the server's origin", async () => {
    const url = fc.oneof(
      headerSafe(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom("/", "//", "\\\\", "/\\", "http://", "https:", "javascript:", ""),
          headerSafe(),
        )
        .map(([a, b]) => a + b),
    );
    const client = server().client();
    const csrfToken = await client.csrfToken();
    await fc.assert(
      fc.asyncProperty(url, async (callbackUrl) => {
        const response = await client.request("/auth/callback/credentials", {
          form: { csrfToken, callbackUrl },
        });
        expect(response.status, callbackUrl).toBe(302);
        const location = response.headers.get("location")!;
        expect(new URL(location, server().origin).origin, callbackUrl).toBe(server().origin);
      }),
      { numRuns: 300 },
    );
  });

  it("email addresses: refused, or exactly one mail to one plain address", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const strict = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9.-]+$/;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.emailAddress(),
          fc.string({ unit: "binary", maxLength: 60 }),
          fc.tuple(fc.emailAddress(), headerSafe(), fc.emailAddress()).map((p) => p.join("")),
        ),
        async (email) => {
          const sent = mail.outbox.length;
          const response = await client.request("/auth/signin/email", {
            form: { csrfToken, email },
          });
          expect(response.status, email).toBe(302);
          const location = response.headers.get("location")!;
          if (location.includes("error=")) {
            expect(mail.outbox.length).toBe(sent);
            return;
          }
          expect(mail.outbox.length).toBe(sent + 1);
          expect(mail.outbox.at(-1)!.identifier).toMatch(strict);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("session tokens: never a session, never a 5xx", async () => {
    const segment = fc.base64String({ maxLength: 200 }).map((s) => s.replace(/=+$/, ""));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(".")),
          headerSafe(),
        ),
        async (token) => {
          const response = await rawRequest(server().origin, {
            path: "/auth/session",
            headers: { cookie: `authjs.session-token=${latin1(token)}` },
          });
          expect(response.status).toBe(200);
          expect(JSON.parse(response.body)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
