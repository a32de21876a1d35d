/**
 * What `check`'s Hono wiring rules rely on, on a real server (@hono/node-server): a catch-all
 * before HonoAuth answers its requests (hono-route-shadowed), `notFound`/`onError` before it do
 * not (no rule), and one HonoAuth routed at two paths serves only the first one requested
 * (hono-auth-mounted-twice).
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { HonoAuth } from "../../src/hono/index.js";
import { testConfig } from "../helpers.js";
import { listenHono } from "./app.js";

async function statuses(app: Hono, paths: string[]) {
  const server = await listenHono(app);
  try {
    const answers: [number, string][] = [];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`);
      answers.push([response.status, (await response.text()).slice(0, 20)]);
    }
    return answers;
  } finally {
    await server.close();
  }
}

describe("Hono wiring, on a real server", () => {
  it("a GET catch-all before HonoAuth answers the auth endpoints", async () => {
    const app = new Hono();
    app.get("*", (c) => c.text("index.html"));
    app.route("/auth", HonoAuth(testConfig()));
    expect(await statuses(app, ["/auth/providers"])).toEqual([[200, "index.html"]]);
  });

  it("notFound and onError before HonoAuth change nothing (they are not routes)", async () => {
    const app = new Hono();
    app.notFound((c) => c.text("Not found", 404));
    app.onError((_error, c) => c.text("Error", 500));
    app.route("/auth", HonoAuth(testConfig()));
    const [[status, body]] = (await statuses(app, ["/auth/providers"])) as [[number, string]];
    expect(status).toBe(200);
    expect(body).toMatch(/^\{"credentials"/);
    expect(await statuses(app, ["/nowhere"])).toEqual([[404, "Not found"]]);
  });

  it("one HonoAuth routed at two paths serves the first path requested, and 404s the other", async () => {
    const app = new Hono();
    const auth = HonoAuth(testConfig());
    app.route("/auth", auth);
    app.route("/login", auth);
    app.notFound((c) => c.text("Not found", 404));
    const answers = await statuses(app, ["/login/providers", "/auth/providers"]);
    expect(answers[0]![0]).toBe(200);
    expect(answers[1]).toEqual([404, "Not found"]);
  });
});
