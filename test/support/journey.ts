import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, inject } from "vitest";
import { type CapturedMail, linkIn, startSmtpServer } from "../../runtime/test/email/smtp.js";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import { freePort, startDetached, waitForHttp } from "../../runtime/test/support/process.js";
import { runBin } from "./cli.js";

/** npm in a fixture project, from the shared cache. */
export const npm = (dir: string, args: string[]) =>
  execFileSync(
    "npm",
    [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    {
      cwd: dir,
      stdio: "pipe",
    },
  );

/** `init --yes --demo` as a user would run it, installing the packed runtime. */
export function initApp(dir: string, flags: string[]) {
  const result = runBin([
    "init",
    "--cwd",
    dir,
    "--yes",
    "--demo",
    "--runtime-spec",
    inject("runtimeTarball"),
    ...flags,
  ]);
  expect(result.exitCode, result.stderr + result.stdout).toBe(0);
  return result;
}

export function edit(dir: string, file: string, change: (text: string) => string) {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
}

/** Starts the app on a free loopback port and waits until it answers. */
export async function start(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startDetached(command, args, {
    cwd: dir,
    env: { ...cleanEnv(), PORT: String(port), ...env },
  });
  await waitForHttp(origin, server, 90_000);
  return { origin, server };
}

/** Express 4 CommonJS fixture: a `/me` route behind `requireAuth` that answers the session. */
export function addMeRoute(dir: string) {
  edit(dir, "src/index.js", (text) =>
    text.replace(
      "const port = process.env.PORT",
      "const { requireAuth } = require('@create-auth/runtime/express')\napp.get('/me', requireAuth(authConfig), (req, res) => res.json(res.locals.session))\n\nconst port = process.env.PORT",
    ),
  );
}

export const SESSION_COOKIE = "authjs.session-token";

/** The cookies a response sets, as a `Cookie` header (removals left out). */
export function setCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * The demo user's credentials sign-in over HTTP, as the built-in page's form sends it, landing
 * on `callbackPath`: the session cookie's value.
 */
export async function demoSignIn(
  origin: string,
  callbackPath: string,
  authBase = "/auth",
): Promise<string> {
  const csrf = await fetch(`${origin}${authBase}/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}${authBase}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: setCookies(csrf) },
    body: new URLSearchParams({
      csrfToken,
      email: "demo@example.com",
      password: "demo1234",
      callbackUrl: `${origin}${callbackPath}`,
    }),
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`${origin}${callbackPath}`);
  const session = setCookies(response)
    .split("; ")
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  expect(session).toBeDefined();
  return session!.slice(SESSION_COOKIE.length + 1);
}

/**
 * A magic-link sign-in over HTTP as the built-in form sends it: the CSRF token, the form post,
 * then the link from the mail `smtp` received. The cookies of the signed-in browser, and the CSRF
 * token (for a sign-out).
 */
export async function emailLinkSignIn(
  origin: string,
  smtp: { nextMessage(): Promise<CapturedMail> },
  email: string,
): Promise<{ cookie: string; csrfToken: string }> {
  const csrf = await fetch(`${origin}/auth/csrf`);
  const before = setCookies(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const sent = await fetch(`${origin}/auth/signin/email`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: before },
    body: new URLSearchParams({ csrfToken, email }),
  });
  if (sent.status >= 400) throw new Error(`The sign-in form answered ${sent.status}`);
  const callback = await fetch(linkIn(await smtp.nextMessage()), {
    redirect: "manual",
    headers: { cookie: before },
  });
  return { cookie: `${before}; ${setCookies(callback)}`, csrfToken };
}

/**
 * The app's `npm run dev` with `env` and a real SMTP server as its mail transport, a magic-link
 * sign-in of `email`, and what `/auth/session` then answers, beside the server's output.
 */
export async function devServerEmailSignIn(
  dir: string,
  env: Record<string, string>,
  email: string,
): Promise<{ session: unknown; output: string }> {
  const smtp = await startSmtpServer();
  const app = await start(dir, "npm", ["run", "dev"], {
    ...env,
    AUTH_EMAIL_SERVER: smtp.url,
    AUTH_EMAIL_FROM: "auth@example.com",
  });
  try {
    const { cookie } = await emailLinkSignIn(app.origin, smtp, email);
    const me = await fetch(`${app.origin}/auth/session`, { headers: { cookie } });
    return { session: await me.json(), output: app.server.output() };
  } finally {
    await app.server.stop();
    await smtp.close();
  }
}
