import { describe, expect, it } from "vitest";
import { importedModules, importSpecifiers } from "../../src/syntax/imported-modules.js";
import { parse } from "../../src/syntax/parse.js";

const bindings = (text: string, file = "app.ts") =>
  Object.fromEntries(
    [...importedModules(parse(text, file))].map(([local, b]) => [local, `${b.module}#${b.export}`]),
  );

describe("importedModules", () => {
  it("reads ES module default, named, aliased and namespace imports", () => {
    expect(
      bindings(
        'import express, { Router as R, json } from "express";\nimport * as path from "node:path";\nimport type { Config } from "./config.js";\n',
      ),
    ).toEqual({
      express: "express#default",
      R: "express#Router",
      json: "express#json",
      path: "node:path#*",
      Config: "./config.js#Config",
    });
  });

  it("reads require: the module, its default, a member, destructured and renamed, at any depth", () => {
    expect(
      bindings(
        [
          'const express = require("express");',
          'const GitHub = require("@auth/core/providers/github").default;',
          'const json = require("body-parser").json;',
          'const { ExpressAuth, getSession: session } = require("@create-auth/runtime/express");',
          'function make() { const logger = require("morgan"); return logger; }',
        ].join("\n"),
        "app.js",
      ),
    ).toEqual({
      express: "express#*",
      GitHub: "@auth/core/providers/github#default",
      json: "body-parser#json",
      ExpressAuth: "@create-auth/runtime/express#ExpressAuth",
      session: "@create-auth/runtime/express#getSession",
      logger: "morgan#*",
    });
  });

  it("reads TypeScript's import = require", () => {
    expect(bindings('import express = require("express");\n')).toEqual({
      express: "express#*",
    });
  });

  it("ignores require of a computed specifier and values that only contain a require", () => {
    expect(bindings('const a = require(name);\nconst b = wrap(require("x"));\n', "app.js")).toEqual(
      {},
    );
  });
});

describe("importSpecifiers", () => {
  it("lists what a file imports and requires, in order", () => {
    expect(
      importSpecifiers(
        parse(
          'import "./env.js";\nimport { a } from "./a.js";\nconst b = require("../b");\n',
          "x.ts",
        ),
      ),
    ).toEqual(["./env.js", "./a.js", "../b"]);
  });
});
