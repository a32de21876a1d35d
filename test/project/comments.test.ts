import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listenPort } from "../../src/project/dev-port.js";
import { detectEnvFile, detectEnvLoading } from "../../src/project/environment.js";
import { withoutComments } from "../../src/syntax/without-comments.js";

// What the app does is in its code (its syntax tree), not in its comments or strings.

const root = mkdtempSync(join(tmpdir(), "comments-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(name: string, text: string): string {
  mkdirSync(join(root, name, ".."), { recursive: true });
  writeFileSync(join(root, name), text);
  return name;
}

describe("withoutComments", () => {
  it("blanks comments, keeps strings and regular expressions with // in them, and keeps lines", () => {
    const text = [
      'const url = "https://example.com"; // a comment',
      "const re = /\\/\\//g; /* block",
      "   spanning */ const after = 1;",
    ].join("\n");
    const code = withoutComments(text, "a.ts");
    expect(code.split("\n")).toHaveLength(3);
    expect(code).toContain('"https://example.com"');
    expect(code).toContain("/\\/\\//g");
    expect(code).toContain("const after = 1;");
    expect(code).not.toContain("a comment");
    expect(code).not.toContain("block");
  });
});

describe("detection ignores commented-out code", () => {
  const pkg = { name: "app" };

  it("a commented-out loadEnvFile names no env file and loads nothing", () => {
    const app = file(
      "src/app.ts",
      '// process.loadEnvFile(".env.old");\n/* process.loadEnvFile(".env.older") */\nexport const app = 1;\n',
    );
    expect(detectEnvFile(root, pkg, [app])).toEqual({ file: ".env", evidence: "default" });
    expect(detectEnvLoading(root, pkg, [app], undefined).how).toBe("none");
  });

  it("a commented-out listen is not the port", () => {
    const server = file("src/server.ts", "// app.listen(8080)\napp.listen(3001);\n");
    expect(listenPort(root, [server])).toEqual({ port: 3001, evidence: server });
  });

  it("a string that mentions a call is not one", () => {
    const app = file(
      "src/strings.ts",
      'console.log("run process.loadEnvFile(".env.x") or app.listen(9999)");\nexport {};\n',
    );
    expect(detectEnvFile(root, pkg, [app]).file).toBe(".env");
    expect(detectEnvLoading(root, pkg, [app], undefined).how).toBe("none");
    expect(listenPort(root, [app])).toBeUndefined();
  });

  it("dotenv's config({ path }) with a path built from __dirname is read relative to the file", () => {
    const app = file(
      "src/config/env.js",
      'const path = require("path");\nrequire("dotenv").config({ path: path.resolve(__dirname, "../../.env.local") });\n',
    );
    expect(detectEnvFile(root, { name: "app", dependencies: { dotenv: "^16" } }, [app])).toEqual({
      file: ".env.local",
      evidence: app,
    });
  });

  it("the real calls are still found", () => {
    const app = file("src/real.ts", 'process.loadEnvFile(".env.local"); // the local one\n');
    expect(detectEnvFile(root, pkg, [app]).file).toBe(".env.local");
    expect(detectEnvLoading(root, pkg, [app], undefined).how).toBe("loadEnvFile");
  });
});
