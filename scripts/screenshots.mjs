#!/usr/bin/env node
// Renders the built-in pages with the built runtime and screenshots them into docs/images/ with
// Debian's Chromium (npm run build first). Run it after changing the pages.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import {
  errorPage,
  playgroundPage,
  signInPage,
  signOutPage,
  verifyRequestPage,
} from "../runtime/dist/pages/index.js";

const base = "https://app.example/auth";
const provider = (id, name, type, extra = {}) => ({
  id,
  name,
  type,
  signinUrl: `${base}/signin/${id}`,
  callbackUrl: `${base}/callback/${id}`,
  ...extra,
});
const providers = [
  provider("github", "GitHub", "oauth", { style: { brandColor: "#24292f" } }),
  provider("google", "Google", "oidc", { style: { brandColor: "#1a73e8" } }),
  provider("email", "Email", "email"),
  provider("credentials", "Credentials", "credentials", {
    credentials: {
      email: { label: "Email", type: "email" },
      password: { label: "Password", type: "password" },
    },
  }),
];
const common = { csrfToken: "t", callbackUrl: "https://app.example/" };
const pages = {
  "signin-light": signInPage({ ...common, providers, theme: { colorScheme: "light" } }),
  "signin-dark": signInPage({
    ...common,
    providers,
    theme: { colorScheme: "dark" },
    error: "CredentialsSignin",
  }),
  signout: signOutPage({
    action: `${base}/signout`,
    csrfToken: "t",
    theme: { colorScheme: "light" },
  }),
  error: errorPage({
    error: "Verification",
    signInUrl: `${base}/signin`,
    homeUrl: "https://app.example",
    theme: { colorScheme: "light" },
  }),
  "verify-request": verifyRequestPage({
    homeUrl: "https://app.example",
    theme: { colorScheme: "light" },
  }),
  playground: playgroundPage({
    providerName: "GitHub",
    action: "http://localhost:3000/auth/playground/authorize",
    params: { client_id: "c", state: "s" },
    users: [
      { id: "alice", name: "Alice Example", email: "alice@example.com" },
      { id: "bob", name: "Bob Example", email: "bob@example.com" },
    ],
    theme: { colorScheme: "light" },
  }),
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: 520, height: 760 } });
for (const [name, { html }] of Object.entries(pages)) {
  await page.setContent(html);
  writeFileSync(
    new URL(`../docs/images/${name}.png`, import.meta.url),
    await page.screenshot({ fullPage: true }),
  );
  console.log(`docs/images/${name}.png`);
}
await browser.close();
