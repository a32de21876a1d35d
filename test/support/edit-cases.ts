import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { expect } from "vitest";

const root = new URL("../fixtures/edit/", import.meta.url).pathname;

/**
 * One case of an edit helper: `test/fixtures/edit/<helper>/<case>/before.<ext>`, and the
 * `after.<ext>` the helper must turn it into (absent when the helper must leave the file alone).
 */
export interface EditCase {
  before: string;
  /** `.ts`, `.js`: the language the helper sees. */
  ext: string;
  /** Where the expected result is kept (`vitest -u` writes it for a new case). */
  afterPath: string;
}

/** Reads a case's before file. */
export function editCase(helper: string, name: string): EditCase {
  const dir = join(root, helper, name);
  const file = readdirSync(dir).find((entry) => entry.startsWith("before."));
  if (!file) throw new Error(`No before.* in ${dir}`);
  const ext = extname(file);
  return {
    before: readFileSync(join(dir, file), "utf8"),
    ext,
    afterPath: join(dir, `after${ext}`),
  };
}

/** The case folders of a helper, so a case without a test entry fails instead of being skipped. */
export function caseNames(helper: string): string[] {
  return readdirSync(join(root, helper)).sort();
}

/**
 * Applies an edit to a case's before file and checks the result against its after file, then
 * applies it again to the result: an "ensure" edit changes nothing the second time.
 */
export async function expectEdit(
  helper: string,
  name: string,
  apply: (text: string, ext: string) => string,
): Promise<void> {
  const { before, ext, afterPath } = editCase(helper, name);
  const once = apply(before, ext);
  expect(once, "the edit changes the file").not.toBe(before);
  await expect(once).toMatchFileSnapshot(afterPath);
  expect(apply(once, ext), "applying it twice changes nothing more").toBe(once);
}
