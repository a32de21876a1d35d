import { describe, expect, it } from "vitest";
import { requireProvider } from "../../src/catalog/providers.js";
import { configModule, envLoaderModule } from "../../src/commands/init/config-module.js";
import { detectStyle } from "../../src/syntax/source-style.js";

/** An express-generator-shaped app, in four-space indentation and without semicolons. */
const varStyleApp = [
  "var express = require('express')",
  "var logger = require('morgan')",
  "",
  "var app = express()",
  "",
  "app.use(function (req, res, next) {",
  "    if (req.query.debug) {",
  "        console.log(req.url)",
  "    }",
  "    next()",
  "})",
  "",
  "module.exports = app",
  "",
].join("\n");

describe("detectStyle", () => {
  it("reads var declarations, single quotes, no semicolons and four-space indentation", () => {
    expect(detectStyle(varStyleApp)).toEqual({
      quote: "'",
      semicolons: false,
      indent: "    ",
      extensions: true,
      declaration: "var",
    });
  });

  it("keeps const when most requires use it, and reads tabs", () => {
    const text =
      'const express = require("express");\nvar legacy = require("legacy");\nconst x = require("x");\nfunction f() {\n\treturn 1;\n}\n';
    const style = detectStyle(text);
    expect(style.declaration).toBe("const");
    expect(style.indent).toBe("\t");
  });

  it("the generated config and env loader of a var-style CommonJS app follow its style", () => {
    const style = detectStyle(varStyleApp);
    const github = requireProvider("github");
    const config = configModule({
      root: ".",
      kind: "cjs",
      typescript: false,
      style,
      framework: {
        typeName: "ExpressAuthConfig",
        importPath: "@create-auth/runtime/express",
        handler: "ExpressAuth",
        mountOption: "basePath",
      },
      answers: {
        mount: "/auth",
        providers: [github],
        strategy: "jwt",
        database: undefined,
      } as never,
      envLoader: "./env",
      file: "app/auth.js",
      withExtension: false,
    });
    expect(config).toContain("var { loadEnv } = require('./env')\n");
    expect(config).toContain(
      "var GitHub = require('@create-auth/runtime/providers/github').default\n",
    );
    expect(config).toContain(
      "var authConfig = {\n    basePath: '/auth',\n    providers: [\n        GitHub,\n",
    );
    expect(config).not.toMatch(/\bconst\b|;/);
    const loader = envLoaderModule({ kind: "cjs", typescript: false, style, envFile: ".env" });
    expect(loader).toContain("var node = process\n");
    expect(loader).toMatch(/^ {4}try \{$/m);
  });
});
