import { describe, expect, it } from "vitest";
import { ExpressAuth, requireAuth } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { HttpTestClient, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, listen, rawGet } from "./app.js";

const ada = { id: "1", name: "Ada" };
const html = { accept: "text/html" };
type Handler = (req: unknown, res: { json(body: unknown): void }) => void;
const answer =
  (name: string): Handler =>
  (_req, res) =>
    res.json({ page: name });

/**
 * A signed-out browser sent to a protected page, following every redirect the app gives: the
 * statuses seen, ending with the first non-redirect (or giving up after 5 hops, a loop).
 */
async function visit(origin: string, path: string) {
  const c = new HttpTestClient(origin);
  const statuses: number[] = [];
  let location = path;
  for (let hop = 0; hop < 5; hop++) {
    const response = await c.request(location, { headers: html });
    statuses.push(response.status);
    if (response.status !== 302) return { statuses, last: location };
    location = response.headers.get("location")!;
  }
  return { statuses, last: location };
}

// Protecting everything (`app.use(requireAuth(…))`, or `paths: ["/*"]`) must not protect the
// sign-in page itself, or a signed-out browser is redirected to it forever.
describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [string, ExpressModule][])("%s: requireAuth over every path", (_label, express) => {
  const start = async (config: AuthConfig, order: "handler first" | "requireAuth first") => {
    const app = express();
    if (order === "handler first") app.use("/auth", ExpressAuth(config) as never);
    app.use(requireAuth(config) as never);
    if (order === "requireAuth first") app.use("/auth", ExpressAuth(config) as never);
    for (const page of ["/private", "/login", "/oops", "/check-email", "/auth/profile"]) {
      app.get(page, answer(page) as never);
    }
    return listen(app);
  };

  it("mounted first: /auth/signin is served and /private redirects to it", async () => {
    const app = await start(testConfig({}, ada), "handler first");
    try {
      expect((await rawGet(app.origin, "/auth/signin", html)).status).toBe(200);
      const privatePage = await rawGet(app.origin, "/private", html);
      expect(privatePage.status).toBe(302);
      expect(privatePage.location).toBe("/auth/signin?callbackUrl=%2Fprivate");
      expect(await visit(app.origin, "/private")).toEqual({
        statuses: [302, 200],
        last: "/auth/signin?callbackUrl=%2Fprivate",
      });
    } finally {
      await app.close();
    }
  });

  it.each([
    ["with basePath", { basePath: "/auth" }],
    ["without basePath", {}],
  ])("mounted after requireAuth (%s): the auth endpoints stay reachable", async (_case, extra) => {
    const app = await start(testConfig(extra, ada), "requireAuth first");
    try {
      expect(await visit(app.origin, "/private")).toEqual({
        statuses: [302, 200],
        last: "/auth/signin?callbackUrl=%2Fprivate",
      });
      for (const path of ["/auth/csrf", "/auth/providers", "/auth/session", "/AUTH/signin/"]) {
        expect((await rawGet(app.origin, path, html)).status, path).toBe(200);
      }
      // A signed-out user can sign in, then reach the page.
      const c = new HttpTestClient(app.origin);
      const signIn = await c.signInWithCredentials({ callbackUrl: "/private" });
      expect(signIn.headers.get("location")).toBe(`${app.origin}/private`);
      await expect((await c.request("/private")).json()).resolves.toEqual({ page: "/private" });
    } finally {
      await app.close();
    }
  });

  it("the configured sign-in, error and verify-request pages stay reachable", async () => {
    const pages = { signIn: "/login", error: "/oops?from=auth", verifyRequest: "/check-email" };
    const app = await start(testConfig({ pages }, ada), "requireAuth first");
    try {
      expect(await visit(app.origin, "/private")).toEqual({
        statuses: [302, 200],
        last: "/login?callbackUrl=%2Fprivate",
      });
      for (const path of ["/login", "/Login/", "/oops", "/check-email?x=1"]) {
        expect((await rawGet(app.origin, path, html)).status, path).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it("a redirectTo page stays reachable", async () => {
    const config = testConfig({}, ada);
    const app = express();
    app.use(requireAuth(config, { paths: ["/*"], redirectTo: "/login" }) as never);
    app.use("/auth", ExpressAuth(config) as never);
    app.get("/login", answer("/login") as never);
    const running = await listen(app);
    try {
      expect(await visit(running.origin, "/anything")).toEqual({
        statuses: [302, 200],
        last: "/login?callbackUrl=%2Fanything",
      });
    } finally {
      await running.close();
    }
  });

  it("still protects everything else, also under the base path and on odd spellings", async () => {
    const pages = { signIn: "/login" };
    const app = await start(testConfig({ basePath: "/auth", pages }, ada), "requireAuth first");
    try {
      for (const path of [
        "/auth/profile",
        "/auth",
        "/auth/signin/x/y",
        "/auth/signin/../../private",
        "/auth/callback/..",
        "/auth/callback/%2e%2e",
        "/auth/signin/.",
        "/login/../private",
        "/login/x",
        "/loginx",
        "/auth/%73ession",
      ]) {
        const response = await rawGet(app.origin, path, html);
        expect(response.status, path).toBe(302);
        expect(response.location, path).toMatch(/^\/login\?callbackUrl=/);
      }
    } finally {
      await app.close();
    }
  });
});
