/**
 * Every built-in page, in light and dark colour schemes, checked with axe-core in Chromium: no
 * serious or critical violation (contrast of every preset's brand button included). The sign-in
 * page carries credentials, email and every OAuth/OIDC preset at once.
 */
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changePasswordPage,
  confirmAddressPage,
  errorPage,
  forgotPasswordPage,
  type PageProvider,
  playgroundPage,
  rateLimitedPage,
  resetPasswordPage,
  signInPage,
  signOutIncompletePage,
  signOutPage,
  signUpPage,
  verifyRequestPage,
} from "../src/pages/index.js";
import Apple from "../src/providers/apple.js";
import Auth0 from "../src/providers/auth0.js";
import Discord from "../src/providers/discord.js";
import Facebook from "../src/providers/facebook.js";
import GitHub from "../src/providers/github.js";
import GitLab from "../src/providers/gitlab.js";
import Google from "../src/providers/google.js";
import Keycloak from "../src/providers/keycloak.js";
import LinkedIn from "../src/providers/linkedin.js";
import MicrosoftEntraID from "../src/providers/microsoft-entra-id.js";
import Okta from "../src/providers/okta.js";
import Slack from "../src/providers/slack.js";
import Spotify from "../src/providers/spotify.js";
import Twitch from "../src/providers/twitch.js";
import Twitter from "../src/providers/twitter.js";
import Zitadel from "../src/providers/zitadel.js";
import type { Theme } from "../src/types.js";
import { launchBrowser } from "./support/browser.js";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const base = "https://app.test/auth";

const presets = [
  Apple({ clientId: "x", clientSecret: "x" }),
  Auth0({ clientId: "x", clientSecret: "x", issuer: "https://a.test" }),
  Discord({ clientId: "x", clientSecret: "x" }),
  Facebook({ clientId: "x", clientSecret: "x" }),
  GitHub({ clientId: "x", clientSecret: "x" }),
  GitLab({ clientId: "x", clientSecret: "x" }),
  Google({ clientId: "x", clientSecret: "x" }),
  Keycloak({ clientId: "x", clientSecret: "x", issuer: "https://k.test" }),
  LinkedIn({ clientId: "x", clientSecret: "x" }),
  MicrosoftEntraID({ clientId: "x", clientSecret: "x" }),
  Okta({ clientId: "x", clientSecret: "x", issuer: "https://o.test" }),
  Slack({ clientId: "x", clientSecret: "x" }),
  Spotify({ clientId: "x", clientSecret: "x" }),
  Twitch({ clientId: "x", clientSecret: "x" }),
  Twitter({ clientId: "x", clientSecret: "x" }),
  Zitadel({ clientId: "x", clientSecret: "x", issuer: "https://z.test" }),
];

const pageProvider = (
  p: { id: string; name: string; type: PageProvider["type"] },
  extra: Partial<PageProvider> = {},
): PageProvider => ({
  id: p.id,
  name: p.name,
  type: p.type,
  signinUrl: `${base}/signin/${p.id}`,
  callbackUrl: `${base}/callback/${p.id}`,
  ...extra,
});

const providers: PageProvider[] = [
  pageProvider(
    { id: "credentials", name: "Credentials", type: "credentials" },
    {
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
    },
  ),
  pageProvider({ id: "email", name: "Email", type: "email" }),
  pageProvider({ id: "password", name: "Password", type: "password" }),
  // Logos are left out: they would be fetched from the providers' sites.
  ...presets.map((p) => pageProvider(p, { style: { brandColor: p.style?.brandColor ?? "" } })),
];

/** The password provider's pages, each with an error banner. */
function passwordPages(theme: Theme): Record<string, string> {
  const common = { base, csrfToken: "t", callbackUrl: "https://app.test/", theme, error: "common" };
  const link = { token: "0".repeat(64), email: "ada@example.com" };
  return {
    "password sign-up": signUpPage({ ...common, minLength: 8 }).html,
    "password forgot": forgotPasswordPage({ ...common, error: "invalid_email" }).html,
    "password reset": resetPasswordPage({ ...common, minLength: 8, ...link }).html,
    "password confirm": confirmAddressPage({
      ...common,
      error: undefined,
      callbackAction: `${base}/callback/password`,
      ...link,
    }).html,
    "password change": changePasswordPage({
      ...common,
      minLength: 8,
      hasPassword: true,
      email: "ada@example.com",
    }).html,
    "verify-request after sign-up": verifyRequestPage({
      homeUrl: "https://app.test/",
      theme,
      email: "ada@example.com",
      kind: "signup",
    }).html,
  };
}

const pages = (theme: Theme): Record<string, string> => ({
  signin: signInPage({ providers, csrfToken: "t", callbackUrl: "https://app.test/", theme }).html,
  "signin with an error and a notice": signInPage({
    providers,
    csrfToken: "t",
    callbackUrl: "https://app.test/",
    error: "CredentialsSignin",
    username: "ada@example.com",
    notice: "You are signed out.",
    theme,
  }).html,
  signout: signOutPage({ action: `${base}/signout`, csrfToken: "t", theme }).html,
  "signout not finished": signOutIncompletePage({ continueUrl: "https://app.test/", theme }).html,
  ...Object.fromEntries(
    [
      "Configuration",
      "AccessDenied",
      "Verification",
      "OAuthCallbackError",
      "SessionStoreUnavailable",
      undefined,
    ].map((error) => [
      `error ${error}`,
      errorPage({
        error,
        signInUrl: `${base}/signin`,
        homeUrl: "https://app.test/",
        theme,
        diagnosis: ['Provider "github" has no clientId: set AUTH_GITHUB_ID.'],
      }).html,
    ]),
  ),
  "verify-request": verifyRequestPage({ homeUrl: "https://app.test/", theme }).html,
  "verify-request with the address": verifyRequestPage({
    homeUrl: "https://app.test/",
    theme,
    email: "ada@example.com",
  }).html,
  "rate limited": rateLimitedPage({ signInUrl: `${base}/signin`, theme }).html,
  ...passwordPages(theme),
  "playground authorize": playgroundPage({
    providerName: "GitHub",
    action: `${base}/playground/authorize`,
    params: { client_id: "c", state: "s" },
    users: [
      { id: "alice", name: "Alice Example", email: "alice@example.com" },
      { id: "bob", name: "Bob Example", email: "bob@example.com" },
    ],
    theme,
  }).html,
  "rate limiter unavailable": rateLimitedPage({
    signInUrl: `${base}/signin`,
    theme,
    unavailable: true,
  }).html,
});

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function violations(page: Page, html: string): Promise<Violation[]> {
  await page.setContent(html);
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() =>
    (
      globalThis as unknown as {
        axe: { run: (d: Document, o: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe.run(document, { resultTypes: ["violations"] }),
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(["light", "dark"] as const)("built-in pages, %s colour scheme", (colorScheme) => {
  it.each([
    "auto",
    colorScheme,
  ] as const)("have no serious or critical axe violations (theme.colorScheme %s)", async (themeScheme) => {
    const page = await browser.newPage();
    await page.route(/^(?!about:|data:)/, (route) => route.abort());
    await page.emulateMedia({ colorScheme });
    const found: Record<string, Violation[]> = {};
    for (const [name, html] of Object.entries(pages({ colorScheme: themeScheme }))) {
      const list = await violations(page, html);
      if (list.length) found[name] = list;
    }
    await page.close();
    expect(found).toEqual({});
  }, 90_000);
});

describe("the check itself", () => {
  it("reports dark text on a dark button", async () => {
    const page = await browser.newPage();
    const found = await violations(
      page,
      `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>` +
        `<button style="background:#1a1a1a;color:#333">Sign in</button></main></body></html>`,
    );
    await page.close();
    expect(found.map((v) => v.id)).toContain("color-contrast");
  });
});

describe("sign-in page in Chromium", () => {
  it("focuses the page's first field, whichever form it is in", async () => {
    const page = await browser.newPage();
    await page.setContent(
      signInPage({ providers, csrfToken: "t", callbackUrl: "https://app.test/", theme: {} }).html,
    );
    await autofocused(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      "input-email-for-credentials-provider",
    );
    const labels = await page.$$eval("label", (all) => all.map((l) => l.textContent));
    expect(new Set(labels).size).toBe(labels.length);
    await page.close();
  });
});

/**
 * Chromium moves focus to an `autofocus` element at a rendering update after the page loads, not
 * during `setContent`: on a busy machine the first look can come before it. A page that focuses
 * nothing fails here after the wait.
 */
async function autofocused(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement !== document.body, undefined, {
    timeout: 5_000,
  });
}

describe("playground authorize page in Chromium", () => {
  it("focuses the first test user, and every field has its label", async () => {
    const page = await browser.newPage();
    await page.setContent(
      playgroundPage({
        providerName: "GitHub",
        action: `${base}/playground/authorize`,
        params: {},
        users: [{ id: "alice", name: "Alice Example", email: "alice@example.com" }],
        theme: {},
      }).html,
    );
    await autofocused(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Continue as Alice Example (alice@example.com)",
    );
    expect(await page.getByLabel("Name").count()).toBe(1);
    expect(await page.getByLabel("Email").count()).toBe(1);
    expect(await page.getByText("Playground — development only").count()).toBe(1);
    await page.close();
  });
});
