import { afterEach, describe, expect, it, vi } from "vitest";
import { ExpressAuth, getSession } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, HttpTestClient, setCookie, testConfig } from "../helpers.js";
import { type ExpressModule, express4, express5, jsonErrorHandler, listen } from "./app.js";

const ada = { id: "1", name: "Ada" };

/** An app whose `/session` route reads the session with `config`, next to a working handler. */
async function start(express: ExpressModule, config: unknown) {
  const good = testConfig({}, ada);
  const app = express();
  app.use("/auth", ExpressAuth(good) as never);
  app.get("/session", async (req, res) => {
    res.json({ session: await getSession(req, config as AuthConfig) });
  });
  app.use(jsonErrorHandler);
  const running = await listen(app);
  // A real session cookie, so only the configuration can make the answer null.
  const c = new HttpTestClient(running.origin);
  expect(setCookie(await c.signInWithCredentials({}), "authjs.session-token")).toBeDefined();
  return { ...running, client: c };
}

describe.each([
  ["Express 5", express5],
  ["Express 4", express4],
] as [string, ExpressModule][])("%s: getSession with a broken configuration", (_label, express) => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("a configuration with an option of the wrong type gives null, logged through its logger", async () => {
    const { logger, errors } = captureLogger();
    const broken = { ...testConfig({ logger }, ada), basePath: 42 };
    const app = await start(express, broken);
    try {
      const response = await app.client.request("/session");
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ session: null });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.name).toBe("InvalidConfig");
      expect(errors[0]!.message).toMatch(/basePath must be a string, received number 42/);
    } finally {
      await app.close();
    }
  });

  it("without a logger of its own: one clear console error per configuration", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = { ...testConfig({}, ada), logger: undefined, basePath: 42 };
    const app = await start(express, broken);
    try {
      for (let i = 0; i < 3; i++) {
        const response = await app.client.request("/session");
        expect(response.status).toBe(200);
        await expect(response.json()).resolves.toEqual({ session: null });
      }
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(String(consoleError.mock.calls[0]![0])).toMatch(
        /^\[auth\]\[error\] InvalidConfig: basePath must be a string/,
      );
    } finally {
      await app.close();
    }
  });

  it("no configuration at all (getSession(req)) gives null", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = await start(express, undefined);
    try {
      const response = await app.client.request("/session");
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ session: null });
      // Once per process: an earlier test may have logged it already.
      expect(consoleError.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      await app.close();
    }
  });

  it.each([
    ["a missing secret in production", { secret: undefined }, "MissingSecret"],
    ["an invalid provider", { providers: [{ type: "oauth" }] }, "InvalidProvider"],
  ])("%s gives null, logged", async (_case, extra, name) => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_SECRET", "");
    const { logger, errors } = captureLogger();
    const app = await start(express, { ...testConfig({ logger }, ada), ...extra });
    try {
      await expect((await app.client.request("/session")).json()).resolves.toEqual({
        session: null,
      });
      expect(errors[0]?.name).toBe(name);
    } finally {
      await app.close();
    }
  });
});

describe("getSession with a hand-built request", () => {
  it("is null, not a thrown error, for an object without headers", async () => {
    const config = testConfig({}, ada);
    await expect(getSession({} as never, config)).resolves.toBeNull();
  });
});
