/**
 * `docs/migrating.md` shows exactly the deviations of `deviations.ts`, in order, and the
 * reviewed preset differences of `preset-deviations.ts`. To rewrite the
 * table after editing the list: `UPDATE_DEVIATIONS=1 npx vitest run --project runtime
 * test/differential/deviations-doc.test.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { deviations, deviationsTable } from "./deviations.js";
import { presetDeviationsTable } from "./preset-deviations.js";

const doc = new URL("../../../docs/migrating.md", import.meta.url);

it.each([
  ["deviations", "deviations.ts", deviationsTable],
  ["preset-deviations", "preset-deviations.ts", presetDeviationsTable],
])("docs/migrating.md's %s table is generated from %s", (name, file, table) => {
  const start = `<!-- ${name}:start (generated from runtime/test/differential/${file}) -->`;
  const end = `<!-- ${name}:end -->`;
  let text = readFileSync(doc, "utf8");
  expect(text).toContain(start);
  expect(text).toContain(end);
  const before = text.slice(0, text.indexOf(start) + start.length);
  const after = text.slice(text.indexOf(end));
  if (process.env.UPDATE_DEVIATIONS) {
    text = `${before}\n${table()}\n${after}`;
    writeFileSync(doc, text);
  }
  expect(text.slice(before.length, text.indexOf(end)).trim()).toBe(table());
});

it("every deviation has a unique id and a reason", () => {
  expect(new Set(deviations.map((d) => d.id)).size).toBe(deviations.length);
  for (const d of deviations) expect(d.reason.length, d.id).toBeGreaterThan(0);
});
