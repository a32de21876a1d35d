import { describe, expect, it } from "vitest";
import { registerMiddleware } from "../../src/frameworks/solid-start/register-middleware.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "register-solid-middleware";

const register = (major: number) => (text: string, ext: string) => {
  const result = registerMiddleware(text, `${major === 1 ? "app" : "vite"}.config${ext}`, major);
  if (result === undefined) throw new Error("shape refused");
  return result;
};

const edits: { name: string; major: number }[] = [
  { name: "v1-empty-object", major: 1 },
  { name: "v1-no-argument", major: 1 },
  { name: "v1-with-properties", major: 1 },
  { name: "v1-multiline-trailing-comma", major: 1 },
  { name: "v2-plugin", major: 2 },
  { name: "v2-plugin-with-options", major: 2 },
];
/** Shapes it does not edit: init prints where to register the middleware by hand. */
const refused: { name: string; major: number }[] = [
  { name: "config-from-a-variable", major: 1 },
  { name: "no-config-call", major: 1 },
];

describe("SolidStart middleware registration", () => {
  it("has a test entry for every case folder", () => {
    expect(
      [...edits, ...refused]
        .map((c) => c.name)
        .concat("already-registered")
        .sort(),
    ).toEqual(caseNames(HELPER));
  });

  it.each(edits)("registerMiddleware: $name", async ({ name, major }) => {
    await expectEdit(HELPER, name, register(major));
  });

  it("registerMiddleware: already-registered leaves the config alone", () => {
    const { before, ext } = editCase(HELPER, "already-registered");
    expect(registerMiddleware(before, `app.config${ext}`, 1)).toBe(before);
  });

  it.each(refused)("registerMiddleware: $name is refused (undefined: printed by hand)", ({
    name,
    major,
  }) => {
    const { before, ext } = editCase(HELPER, name);
    expect(registerMiddleware(before, `app.config${ext}`, major)).toBeUndefined();
  });
});
