import { describe, expect, it } from "vitest";
import { ensureHonoMount } from "../../src/frameworks/hono/hono-mount.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-hono-mount";

const mount = (variable: string | undefined) => (text: string, ext: string) =>
  ensureHonoMount(text, `app${ext}`, {
    variable,
    route: "/auth",
    handler: "HonoAuth(authConfig)",
    style: detectStyle(text),
  });

const edits = [
  "create-hono-nodejs",
  "after-hono-middleware",
  "base-path",
  "typed-env",
  "factory-function",
  "cjs-require",
  "stops-at-custom-middleware",
  "statements-between-middleware",
];
const unchanged: { name: string; variable?: string; manual?: string }[] = [
  { name: "already-mounted", variable: "app" },
  { name: "handler-on-methods", variable: "app" },
  {
    name: "unnamed-app",
    manual:
      'In app.ts, the app is created without a name (export default new Hono().get("/", (c) => c.text("ok"));). Name it, mount the endpoints, then export it:\n  const app = new Hono()\n  app.route("/auth", HonoAuth(authConfig));\n  export default app',
  },
  {
    name: "no-hono-app",
    variable: "app",
    manual: 'In app.ts, after new Hono():\n  app.route("/auth", HonoAuth(authConfig));',
  },
];

describe("ensureHonoMount", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, ...unchanged.map((c) => c.name)].sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureHonoMount: %s", async (name) => {
    await expectEdit(HELPER, name, (text, ext) => {
      const result = mount("app")(text, ext);
      expect(result.manual).toBeUndefined();
      return result.text;
    });
  });

  it.each(unchanged)("ensureHonoMount: $name leaves the file alone", ({
    name,
    variable,
    manual,
  }) => {
    const { before, ext } = editCase(HELPER, name);
    const result = mount(variable)(before, ext);
    expect(result.text).toBe(before);
    expect(result.manual).toBe(manual);
  });

  it("ensureHonoMount: keeps CRLF line endings", () => {
    const before =
      'import { Hono } from "hono";\r\nconst app = new Hono();\r\nexport default app;\r\n';
    expect(mount("app")(before, ".ts").text).toBe(
      'import { Hono } from "hono";\r\nconst app = new Hono();\r\napp.route("/auth", HonoAuth(authConfig));\r\nexport default app;\r\n',
    );
  });
});
