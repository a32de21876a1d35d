import { describe, expect, it } from "vitest";
import { ensureWebAuthnFlag } from "../../src/edit/experimental-flag.js";
import { authVocabulary } from "../../src/frameworks/registry.js";
import { configObjects } from "../../src/project/auth-config.js";
import { parse } from "../../src/syntax/parse.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-webauthn-flag";

/** The flag ensured on the file's configuration object, as add-provider passkey does it. */
function flag(text: string, ext: string): string | undefined {
  const [found] = configObjects(parse(text, `auth${ext}`), authVocabulary);
  if (!found) throw new Error("no configuration object");
  return ensureWebAuthnFlag(text, found.object);
}

const edits = [
  "after-providers",
  "providers-last-without-comma",
  "one-line-object",
  "experimental-empty",
  "experimental-with-flags",
];
/** Shapes it does not edit: add-provider prints the line to add by hand. */
const refused = ["flag-set-false", "experimental-from-a-variable"];

describe("ensureWebAuthnFlag", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, "already-enabled", ...refused].sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureWebAuthnFlag: %s", async (name) => {
    await expectEdit(HELPER, name, (text, ext) => {
      const result = flag(text, ext);
      if (result === undefined) throw new Error("shape refused");
      return result;
    });
  });

  it("ensureWebAuthnFlag: already-enabled leaves the file alone", () => {
    const { before, ext } = editCase(HELPER, "already-enabled");
    expect(flag(before, ext)).toBe(before);
  });

  it.each(refused)("ensureWebAuthnFlag: %s is refused (undefined: printed by hand)", (name) => {
    const { before, ext } = editCase(HELPER, name);
    expect(flag(before, ext)).toBeUndefined();
  });
});
