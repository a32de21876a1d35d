import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Passkey from "../../src/providers/passkey.js";
import { outboxEmailProvider, testConfig } from "../helpers.js";
import { useMockOP } from "../oauth/harness.js";
import { rawRequest, useServer } from "./server.js";

// Reflected XSS on every built-in page: whatever the query carries, the HTML never contains
// markup, an event handler or a script URL that the attacker wrote.

const mail = outboxEmailProvider();
const op = useMockOP();
const server = useServer(() =>
  testConfig({
    adapter: memoryAdapter(),
    session: { strategy: "jwt" },
    providers: [...testConfig().providers, mail.provider, op.oidc()],
  }),
);

// The same app with passkeys: its sign-in page runs the runtime's script, under its own policy.
const passkeyServer = useServer(() =>
  testConfig({
    adapter: memoryAdapter(),
    experimental: { enableWebAuthn: true },
    providers: [...testConfig().providers, outboxEmailProvider().provider, Passkey()],
  }),
);

const servers: [string, () => { origin: string }][] = [
  ["credentials, email and OIDC", server],
  ["with passkeys", passkeyServer],
];

const payloads = [
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `/"><svg/onload=alert(1)>`,
  "javascript:alert(1)",
  '/" autofocus onfocus=alert(1) x="',
  "</title><script>alert(1)</script>",
  "%22%3E%3Cscript%3Ealert(1)%3C/script%3E",
  "\u003cscript\u003ealert(1)\u003c/script\u003e",
  "/x?<script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
];

/**
 * The attacker's markup, if any of it survived into the page unescaped: tags and event handlers
 * outside attribute values, or a script URL as an attribute value.
 */
function injected(html: string): string[] {
  const outsideValues = html.replace(/"[^"]*"/g, '""');
  const found: string[] = [];
  for (const [text, pattern] of [
    [outsideValues, /<script>alert/i],
    [outsideValues, /<img[^>]*onerror/i],
    [outsideValues, /<svg[^>]*onload/i],
    [outsideValues, /\son(?:error|load|focus)\s*=/i],
    [html, /(?:href|action|src|formaction)="\s*javascript:/i],
  ] as const) {
    const match = text.match(pattern);
    if (match) found.push(match[0]);
  }
  return found;
}

const pages: [string, (p: string) => string][] = [
  ["signin ?error", (p) => `/auth/signin?error=${encodeURIComponent(p)}`],
  ["signin ?callbackUrl", (p) => `/auth/signin?callbackUrl=${encodeURIComponent(p)}`],
  [
    "signin ?callbackUrl as a same-origin path",
    (p) => `/auth/signin?callbackUrl=${encodeURIComponent(`/${p}`)}`,
  ],
  ["signin ?email", (p) => `/auth/signin?email=${encodeURIComponent(p)}`],
  ["signin, raw unencoded query", (p) => `/auth/signin?error=${p.replace(/[ #]/g, "")}`],
  ["error ?error", (p) => `/auth/error?error=${encodeURIComponent(p)}`],
  [
    "error ?error=Verification&callbackUrl",
    (p) => `/auth/error?error=Verification&callbackUrl=${encodeURIComponent(p)}`,
  ],
  [
    "verify-request ?provider&type",
    (p) => `/auth/verify-request?provider=${encodeURIComponent(p)}&type=${encodeURIComponent(p)}`,
  ],
  ["signout ?callbackUrl", (p) => `/auth/signout?callbackUrl=${encodeURIComponent(`/${p}`)}`],
];

describe.each(
  servers.flatMap(([app, served]) =>
    pages.map(([page, path]) => [app, page, served, path] as const),
  ),
)("%s: %s", (app, _label, served, path) => {
  it.each(payloads)("%j is never markup", async (payload) => {
    const response = await rawRequest(served().origin, { path: path(payload) });
    expect(response.status).toBeLessThan(500);
    if (!response.headers["content-type"]?.includes("text/html")) {
      // Refused as JSON (an invalid callbackUrl): not a page, and not reflected either.
      expect(response.body).not.toContain("<script>");
      return;
    }
    expect(injected(response.body)).toEqual([]);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    // Nothing the attacker could write may run: no inline or eval'd script, on any page.
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*|data:/);
    if (app === "with passkeys" && response.body.includes("data-webauthn-options")) {
      // The passkey page may run exactly the runtime's script and nothing the page carries.
      const origin = served().origin;
      expect(csp).toContain(
        `script-src ${origin}/auth/webauthn-script.js; connect-src ${origin}/auth/webauthn-options/`,
      );
      expect(response.body.match(/<script[^>]*>/g)).toEqual([
        `<script src="${origin}/auth/webauthn-script.js" defer>`,
      ]);
    }
  });
});

describe("the passkey sign-in page is in the matrix", () => {
  it("its sign-in page carries the passkey form, its script and the script's policy", async () => {
    const { origin } = passkeyServer();
    const response = await rawRequest(origin, {
      path: `/auth/signin?email=${encodeURIComponent(payloads[0]!)}`,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain(
      `data-webauthn-options="${origin}/auth/webauthn-options/passkey"`,
    );
    expect(response.headers["content-security-policy"]).toContain(
      `script-src ${origin}/auth/webauthn-script.js`,
    );
    expect(injected(response.body)).toEqual([]);
  });
});

describe("the detector itself (so the cases above can fail)", () => {
  it("finds each payload when it is pasted unescaped", () => {
    for (const payload of payloads.filter((p) => !p.includes("%") && !p.startsWith("{{"))) {
      const html = `<div>${payload}</div><a href="${payload}">x</a><input value="${payload}">`;
      expect(injected(html), payload).not.toEqual([]);
    }
  });
});

describe("pages reached by redirects carry the payload no further", () => {
  it("a callback error redirect to the sign-in page holds only a known error code", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/mock", { form: { csrfToken } });
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const response = await client.request(
      `/auth/callback/mock?${new URLSearchParams({
        error: payloads[0]!,
        error_description: payloads[1]!,
        state,
        iss: op.op.issuer,
      })}`,
    );
    const location = new URL(response.headers.get("location")!);
    expect([...location.searchParams.keys()]).toEqual(["error"]);
    expect(location.searchParams.get("error")).toMatch(/^[A-Za-z]+$/);
    const page = await client.request(`${location.pathname}${location.search}`);
    expect(injected(await page.text())).toEqual([]);
  });
});
