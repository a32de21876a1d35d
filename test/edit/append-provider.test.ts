import { describe, expect, it } from "vitest";
import { appendProvider } from "../../src/edit/providers-array.js";
import { authVocabulary } from "../../src/frameworks/registry.js";
import { configObjects, readConfigObject } from "../../src/project/auth-config.js";
import { parse } from "../../src/syntax/parse.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "append-provider";
const CREDENTIALS = `Credentials({
      credentials: { email: { label: "Email" } },
      authorize: async () => null,
    })`;

/** The providers array of the file's configuration, as add-provider reads it. */
function providersArray(text: string, ext: string) {
  const [found] = configObjects(parse(text, `auth${ext}`), authVocabulary);
  if (!found) throw new Error("no configuration object");
  return readConfigObject(found.object, `auth${ext}`, found.variable, authVocabulary)
    .providersArray;
}

const append = (expression: string) => (text: string, ext: string) => {
  const array = providersArray(text, ext);
  if (!array) throw new Error("no providers array");
  return appendProvider(text, array, expression);
};

const edits: { name: string; expression?: string }[] = [
  { name: "multiline-trailing-comma" },
  { name: "multiline-no-trailing-comma" },
  { name: "one-line" },
  { name: "one-line-trailing-comma", expression: "Discord" },
  { name: "empty" },
  { name: "comment-after-last" },
  { name: "comment-after-last-no-comma" },
  { name: "variable-array" },
  { name: "multiline-expression", expression: CREDENTIALS },
];

describe("appendProvider", () => {
  it("has a test entry for every case folder", () => {
    expect(
      [...edits.map((c) => c.name), "already-present", "providers-from-a-call"].sort(),
    ).toEqual(caseNames(HELPER));
  });

  it.each(edits)("appendProvider: $name", async ({ name, expression }) => {
    await expectEdit(HELPER, name, append(expression ?? "Google"));
  });

  it("appendProvider: already-present leaves the array alone", () => {
    const { before, ext } = editCase(HELPER, "already-present");
    expect(append("Google")(before, ext)).toBe(before);
  });

  it("appendProvider: providers-from-a-call is not an array to edit (add-provider prints the step)", () => {
    const { before, ext } = editCase(HELPER, "providers-from-a-call");
    expect(providersArray(before, ext)).toBeUndefined();
  });

  it("appendProvider: keeps CRLF line endings", () => {
    const before = "export const authConfig = {\r\n  providers: [\r\n    GitHub,\r\n  ],\r\n};\r\n";
    expect(append("Google")(before, ".ts")).toBe(
      "export const authConfig = {\r\n  providers: [\r\n    GitHub,\r\n    Google,\r\n  ],\r\n};\r\n",
    );
  });
});
