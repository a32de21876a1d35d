import { describe, expect, it } from "vitest";
import { ensureExpressProtect } from "../../src/frameworks/express/express-protect.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-express-protect";

const protect = (text: string, ext: string) =>
  ensureExpressProtect(text, `app${ext}`, {
    paths: ["/account", "/admin/*"],
    from: "@create-auth/runtime/express",
    style: detectStyle(text),
  });

const edits = ["cjs-express-generator", "esm-ts-factory-function"];
const unchanged: { name: string; manual?: string }[] = [
  { name: "already-guarded" },
  {
    name: "guarded-missing-path",
    manual: 'Add "/admin/*" to the paths of requireAuth in app.ts:7.',
  },
  {
    name: "own-require-auth",
    manual:
      'app.ts has a requireAuth of its own, so the one from @create-auth/runtime/express needs another name. In app.ts, after the auth mount and before the routes:\n  app.use(requireAuth(authConfig, { paths: ["/account", "/admin/*"] }));',
  },
  {
    name: "not-mounted",
    manual:
      'No auth mount was found. In app.js, after the auth mount and before the routes:\n  app.use(requireAuth(authConfig, { paths: ["/account", "/admin/*"] }));',
  },
];

describe("ensureExpressProtect", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, ...unchanged.map((c) => c.name)].sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureExpressProtect: %s", async (name) => {
    await expectEdit(HELPER, name, (text, ext) => {
      const result = protect(text, ext);
      expect(result.manual).toBeUndefined();
      return result.text;
    });
  });

  it.each(unchanged)("ensureExpressProtect: $name leaves the file alone", ({ name, manual }) => {
    const { before, ext } = editCase(HELPER, name);
    const result = protect(before, ext);
    expect(result.text).toBe(before);
    expect(result.manual).toBe(manual);
  });
});
