import { describe, expect, it } from "vitest";
import { ensureExpressMount } from "../../src/frameworks/express/express-mount.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-express-mount";

const mount =
  (options: { mount?: string; trustProxy?: boolean } = {}) =>
  (text: string, ext: string) =>
    ensureExpressMount(text, `app${ext}`, {
      mount: options.mount ?? "/auth",
      handler: "ExpressAuth(authConfig)",
      trustProxy: options.trustProxy ?? false,
      style: detectStyle(text),
    });

const edits: { name: string; trustProxy?: boolean }[] = [
  { name: "cjs-express-generator" },
  { name: "esm-ts-after-body-parser" },
  { name: "trust-proxy", trustProxy: true },
  { name: "factory-function" },
  { name: "require-called-inline" },
  { name: "comments-between-middleware" },
  { name: "statements-between-middleware" },
  { name: "esm-ts-router-in-file" },
  { name: "middleware-in-if-block" },
  { name: "nothing-before-routers" },
  { name: "package-error-handler-last" },
  { name: "inline-middleware-and-fallback" },
];
const unchanged: { name: string; trustProxy?: boolean; manual?: string }[] = [
  { name: "already-mounted", trustProxy: true },
  { name: "handler-in-variable" },
  {
    name: "unnamed-app",
    manual:
      'In app.js, the app is created without a name (export default express();). Name it, mount the endpoints, then export it:\n  const app = express()\n  app.use("/auth", ExpressAuth(authConfig));',
  },
  {
    name: "no-express-call",
    manual: 'In app.ts, after the express() call:\n  app.use("/auth", ExpressAuth(authConfig));',
  },
];

describe("ensureExpressMount", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, ...unchanged].map((c) => c.name).sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureExpressMount: $name", async ({ name, trustProxy }) => {
    await expectEdit(HELPER, name, (text, ext) => {
      const result = mount({ trustProxy })(text, ext);
      expect(result.manual).toBeUndefined();
      return result.text;
    });
  });

  it.each(unchanged)("ensureExpressMount: $name leaves the file alone", ({
    name,
    trustProxy,
    manual,
  }) => {
    const { before, ext } = editCase(HELPER, name);
    const result = mount({ trustProxy })(before, ext);
    expect(result.text).toBe(before);
    expect(result.manual).toBe(manual);
  });

  it("ensureExpressMount: keeps CRLF line endings", () => {
    const before =
      'const express = require("express");\r\nconst app = express();\r\napp.listen(3000);\r\n';
    expect(mount()(before, ".js").text).toBe(
      'const express = require("express");\r\nconst app = express();\r\napp.use("/auth", ExpressAuth(authConfig));\r\napp.listen(3000);\r\n',
    );
  });
});
