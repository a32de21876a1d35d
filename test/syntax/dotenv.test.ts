import { parseEnv as nodeParseEnv } from "node:util";
import dotenv from "dotenv";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeEnv, removeEnvKey } from "../../src/edit/env-file.js";
import { envLiteral, envValue, parseEnv } from "../../src/syntax/dotenv.js";

// `.env` files are read with the loaders' own parsers, and written so both read every value back.

const readers = {
  node: (text: string) => nodeParseEnv(text) as Record<string, string>,
  dotenv: (text: string) => dotenv.parse(text),
};

describe("reading", () => {
  it("reads what the app's loader reads: an unquoted # starts a comment", () => {
    const text = "AUTH_SECRET=abc#def0123456789\n";
    expect(envValue(text, "AUTH_SECRET")).toBe("abc");
    expect(envValue(text, "AUTH_SECRET", "dotenv")).toBe("abc");
  });

  it("reads a quoted multi-line value whole, and its lines are not assignments", () => {
    const pem = "-----BEGIN KEY-----\nFAKE=line\n-----END KEY-----";
    const text = `A=1\nPRIVATE_KEY="${pem}"\nB=2\n`;
    const entries = parseEnv(text);
    expect(entries.map((e) => [e.key, e.line])).toEqual([
      ["A", 0],
      ["PRIVATE_KEY", 1],
      ["B", 4],
    ]);
    expect(entries[1]!.value).toBe(pem);
    expect(parseEnv(text, "dotenv")[1]!.value).toBe(pem);
  });

  it("agrees with each loader on every key of generated files", () => {
    const value = fc.stringMatching(/^[ a-zA-Z0-9#'"`\\=:$-]{0,12}$/);
    const line = fc
      .tuple(fc.constantFrom("A", "B", "KEY_1", "export C"), value)
      .map(([key, v]) => `${key}=${v}`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const text = `${lines.join("\n")}\n`;
        for (const flavor of ["node", "dotenv"] as const) {
          const reference = readers[flavor](text);
          for (const [key, expected] of Object.entries(reference)) {
            expect(envValue(text, key, flavor), `${flavor} ${JSON.stringify(text)}`).toBe(expected);
          }
          const last = new Map(parseEnv(text, flavor).map((e) => [e.key, e.value]));
          expect(Object.fromEntries(last)).toEqual(reference);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("writing", () => {
  it("round-trips quotes, backslashes, # and line breaks through Node's parser and dotenv", () => {
    const alphabet = fc.constantFrom(..."ab Z09#'\"`\\$=:\n\r\t{}é€".split(""), "\\n", " #");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 16 }).map((chars) => chars.join("")),
        (value) => {
          let literal: string;
          try {
            literal = envLiteral("K", value);
          } catch {
            // Only a value no quoting can carry is refused: all three quote characters, or a
            // sequence every quoting changes.
            for (const quote of ["'", '"', "`"]) {
              if (value.includes(quote)) continue;
              const text = `K=${quote}${value}${quote}\n`;
              expect(readers.node(text).K === value && readers.dotenv(text).K === value).toBe(
                false,
              );
            }
            return;
          }
          const { text } = mergeEnv("", [{ key: "K", value }]);
          expect(text).toBe(`K=${literal}\n`);
          expect(readers.node(text).K, JSON.stringify(value)).toBe(value);
          expect(readers.dotenv(text).K, JSON.stringify(value)).toBe(value);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['a"b'],
    ["C:\\x"],
    ["abc#def"],
    ["line one\nline two"],
    [" padded "],
  ])("%j reads back unchanged", (value) => {
    const { text } = mergeEnv("OTHER=1\n", [{ key: "K", value }]);
    expect(readers.node(text).K).toBe(value);
    expect(readers.dotenv(text).K).toBe(value);
    expect(text.startsWith("OTHER=1\n")).toBe(true);
  });

  it("an edit of a generated file changes only the key edited, for both loaders, or is refused", () => {
    const value = fc.stringMatching(/^[ a-zA-Z0-9#'"`\\=\n-]{0,10}$/);
    const line = fc
      .tuple(fc.constantFrom("A", "B", "C", "export D"), value)
      .map(([key, v]) => `${key}=${v}`);
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 5 }),
        fc.constantFrom("A", "B", "E"),
        (lines, key) => {
          const before = `${lines.join("\n")}\n`;
          let after: string;
          try {
            ({ text: after } = mergeEnv(before, [{ key, value: "new value" }], { replace: [key] }));
          } catch (error) {
            expect((error as Error).message).toMatch(/cannot be written to the env file safely/);
            return;
          }
          for (const read of Object.values(readers)) {
            const expected = { ...read(before), [key]: "new value" };
            expect(read(after), JSON.stringify(before)).toEqual(expected);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("replaces a multi-line value whole, and leaves every other byte alone", () => {
    const before = 'A=1\r\nKEY="old\r\nvalue" # note\r\nB=2\r\n';
    const { text, replaced } = mergeEnv(before, [{ key: "KEY", value: "new" }], {
      replace: ["KEY"],
    });
    expect(replaced).toEqual(["KEY"]);
    expect(text).toBe("A=1\r\nKEY=new\r\nB=2\r\n");
  });

  it("fills a blank in place and appends a new key after a file without a final newline", () => {
    const { text } = mergeEnv("A=\nB=2", [
      { key: "A", value: "filled" },
      { key: "C", value: "3", comment: "added" },
    ]);
    expect(text).toBe("A=filled\nB=2\n# added\nC=3\n");
  });
});

describe("removing a key (secret --promote)", () => {
  const mark = /created by the test/;

  it("removes every assignment of the key and the comment written with it, nothing else", () => {
    const text = [
      "# keep me",
      "AUTH_SECRET=old",
      "# created by the test",
      "AUTH_SECRET_NEXT=new",
      "PORT=3000",
      "AUTH_SECRET_NEXT='again'",
      "",
    ].join("\n");
    expect(removeEnvKey(text, "AUTH_SECRET_NEXT", mark)).toBe(
      "# keep me\nAUTH_SECRET=old\nPORT=3000\n",
    );
  });

  it("removes a quoted multi-line value whole, and keeps a comment it did not write", () => {
    const text = '# mine\nA="one\ntwo"\nB=2\n';
    const removed = removeEnvKey(text, "A", mark);
    expect(removed).toBe("# mine\nB=2\n");
    expect(nodeParseEnv(removed)).toEqual({ B: "2" });
    expect(dotenv.parse(removed)).toEqual({ B: "2" });
  });

  it("leaves a file without the key unchanged", () => {
    expect(removeEnvKey("A=1\r\nB=2\r\n", "C")).toBe("A=1\r\nB=2\r\n");
  });
});
