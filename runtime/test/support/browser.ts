import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium through playwright-core (no browser download). Fails with the fix when it is
 * not installed. Requests to anything but loopback are aborted: these tests never leave the
 * machine. `extraArgs` go to Chromium as they are (say, `--host-resolver-rules` that map test host
 * names to 127.0.0.1).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

/** A fresh browser context that only talks to 127.0.0.1. */
export async function loopbackContext(browser: Browser) {
  const context = await browser.newContext();
  await context.route(
    (url) => !/^http:\/\/127\.0\.0\.1[:/]/.test(url.href),
    (route) => route.abort(),
  );
  return context;
}
