import { afterAll, beforeAll, expect, it } from "vitest";
import { rawGet } from "../express/app.js";
import { HttpTestClient, setCookies } from "../helpers.js";

/**
 * The app every framework's behaviour suite runs against (Express's `express/app.ts` has the
 * same routes): the auth endpoints under `basePath`; `/me` behind `requireAuth` (answering the
 * session); `/direct` answering `getSession`; `/team/reports` in a scope protected as a whole
 * with status 403 for API clients; app-wide `requireAuth` with `paths: ["/admin/*", "/account"]`
 * over `/admin/panel`, `/account`, `/admin/files/*`; `/public`; a 404 answering
 * `{ notFound: true }`.
 */
export interface RunningApp {
  origin: string;
  close(): Promise<unknown>;
}

/** The session cookie a response sets, whatever prefix its name carries. */
export const sessionCookie = (response: Response) =>
  setCookies(response).find((cookie) => cookie.name.endsWith("authjs.session-token"));

/** The outcomes a user sees, the same on every framework; call inside a `describe`. */
export function frameworkBehaviour(basePath: string, start: () => Promise<RunningApp>) {
  let app: RunningApp;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(() => app.close());
  const client = () => new HttpTestClient(app.origin, basePath);

  it("serves providers and csrf with URLs under the base path", async () => {
    const c = client();
    const providers = (await (await c.request(`${basePath}/providers`)).json()) as Record<
      string,
      { signinUrl: string }
    >;
    expect(providers.credentials!.signinUrl).toBe(`${app.origin}${basePath}/signin/credentials`);
    expect(await c.csrfToken()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs in with credentials, protects routes, and signs out", async () => {
    const c = client();
    const response = await c.signInWithCredentials({ callbackUrl: "/me" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/me`);
    expect(response.headers.get("content-type")).toBeNull();
    expect(sessionCookie(response)?.attributes.httponly).toBe(true);
    const me = await c.request("/me");
    expect(me.status).toBe(200);
    await expect(me.json()).resolves.toMatchObject({
      user: { name: "Ada", email: "ada@example.com" },
    });
    await expect((await c.request("/direct")).json()).resolves.toMatchObject({
      user: { name: "Ada" },
    });
    await expect(c.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    expect((await c.request("/admin/panel")).status).toBe(200);

    expect((await c.signOut()).status).toBe(302);
    await expect(c.session()).resolves.toBeNull();
    const again = await c.request("/me", { headers: { accept: "text/html" } });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fme`);
  });

  it("answers 401 JSON to API clients and lets public and unlisted paths through", async () => {
    const c = client();
    const api = await c.request("/me", { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    await expect(api.json()).resolves.toEqual({ message: "Unauthorized" });
    const page = await c.request("/admin/panel", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect((await c.request("/public")).status).toBe(200);
    await expect((await c.request("/direct")).json()).resolves.toBeNull();
  });

  it("leaves other paths, methods and HEAD on the callback to the app's not-found handler", async () => {
    const c = client();
    for (const path of [`${basePath}/not-an-endpoint`, basePath, `${basePath}/csrf/x/y`]) {
      const response = await c.request(path);
      expect(response.status, path).toBe(404);
      await expect(response.json(), path).resolves.toEqual({ notFound: true });
    }
    expect((await c.request(`${basePath}/session`, { method: "PUT" })).status).toBe(404);
    const head = await c.request(`${basePath}/callback/credentials`, { method: "HEAD" });
    expect(head.status).toBe(404);
    const headSession = await c.request(`${basePath}/session`, { method: "HEAD" });
    expect(headSession.status).toBe(200);
    expect(await headSession.text()).toBe("");
  });

  it("reads form and JSON bodies, and refuses oversized and non-object ones", async () => {
    const c = client();
    const csrfToken = await c.csrfToken();
    const json = await c.request(`${basePath}/callback/credentials`, { json: { csrfToken } });
    expect(json.status).toBe(302);
    expect(sessionCookie(json)).toBeDefined();
    for (const body of [
      { form: { csrfToken, pad: "x".repeat(70_000) } },
      { json: { csrfToken, pad: "x".repeat(70_000) } },
    ]) {
      const big = await c.request(`${basePath}/callback/credentials`, body);
      expect(big.status).toBe(413);
      expect(sessionCookie(big)).toBeUndefined();
    }
    const array = await c.request(`${basePath}/callback/credentials`, { json: [csrfToken] });
    expect(array.status).toBe(400);
  });

  it("protects listed paths however they are spelled", async () => {
    const c = client();
    const spellings = ["/ADMIN/panel", "/Admin/Panel/", "/admin//panel", "/Account", "/account/"];
    for (const path of [...spellings, "/ACCOUNT//", "/account;x=1", "/%61ccount"]) {
      const page = await c.request(path, { headers: { accept: "text/html" } });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toMatch(`${basePath}/signin?callbackUrl=%2F`);
    }
    for (const path of spellings) {
      const api = await c.request(path, { headers: { accept: "application/json" } });
      expect(api.status, path).toBe(401);
    }
    const html = { accept: "text/html" };
    expect((await rawGet(app.origin, "/admin/files/x/../../../admin/panel", html)).status).toBe(
      302,
    );
    await c.signInWithCredentials({});
    for (const path of ["/admin/panel", "/account"]) {
      expect((await c.request(path)).status, path).toBe(200);
    }
  });

  it("requireAuth protects a whole scope, with a custom status for API clients", async () => {
    const c = client();
    const page = await c.request("/team/reports", { headers: { accept: "text/html" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${basePath}/signin?callbackUrl=%2Fteam%2Freports`);
    const api = await c.request("/team/reports", { headers: { accept: "application/json" } });
    expect(api.status).toBe(403);
    await expect(api.json()).resolves.toEqual({ message: "Unauthorized" });
    await c.signInWithCredentials({});
    await expect((await c.request("/team/reports")).json()).resolves.toEqual({ reports: true });
  });
}

/**
 * An app that protects every path with `requireAuth` (the auth endpoints under `/auth`): the
 * `callbackUrl` of `//host` and backslash paths stays a path on the app's origin, and signing in
 * with it lands there; the sign-in page itself is not redirected. `refusedByServer`: paths the
 * server answers 400 itself.
 */
export async function expectSameOriginCallbackUrls(
  app: RunningApp,
  refusedByServer: string[] = [],
) {
  for (const path of ["//evil.com", "//evil.com/x?y=1", "/\\evil.com", "/%2F%2Fevil.com"]) {
    const { status, location } = await rawGet(app.origin, path, { accept: "text/html" });
    // A server may refuse a path before any app sees it (@hono/node-server: a backslash).
    if (refusedByServer.includes(path)) {
      expect(status, path).toBe(400);
      continue;
    }
    expect(status, path).toBe(302);
    const callbackUrl = new URL(location!, app.origin).searchParams.get("callbackUrl")!;
    expect(callbackUrl, path).toMatch(/^\/[^/\\]/);
    expect(new URL(callbackUrl, app.origin).origin, path).toBe(app.origin);
    const c = new HttpTestClient(app.origin);
    const signIn = await c.signInWithCredentials({ callbackUrl });
    expect(new URL(signIn.headers.get("location")!).origin, path).toBe(app.origin);
  }
  expect((await rawGet(app.origin, "/auth/signin", { accept: "text/html" })).status).toBe(200);
}

/**
 * A credentials sign-in at `/auth` with every request carrying `headers` (forwarded headers,
 * say): the sign-in response, and what `/direct` (`getSession`) answers with given headers.
 */
export async function signInCarrying(origin: string, headers: Record<string, string>) {
  const client = new HttpTestClient(origin);
  const csrf = await client.request("/auth/csrf", { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await client.request("/auth/callback/credentials", {
    form: { csrfToken },
    headers,
  });
  const direct = async (carried: Record<string, string> = headers) =>
    (await client.request("/direct", { headers: carried })).json();
  return { signIn, direct };
}
