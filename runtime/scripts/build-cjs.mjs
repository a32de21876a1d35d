#!/usr/bin/env node
// The CommonJS build, for the tools whose module system cannot load our ES modules: Jest (any
// version: its `require` is its own), TypeScript's `moduleResolution: node` and the resolvers
// that predate package.json "exports" (Jest 26 among them). Plain Node never loads it: on
// Node >= 20.19 `require()` matches the "module-sync" condition first and gets the ES modules.
// Why a per-file build and not one bundle per entry point: see docs/decisions.md ("CommonJS").
//
// After `tsc` has written dist/ (ES modules and declarations), this writes:
//   dist/cjs/**/*.js         one CommonJS file per source module, same layout as dist/
//   dist/cjs/vendor/*.js     jose and oauth4webapi (ESM-only), bundled once and shared
//   dist/cjs/**/*.d.ts       the declarations again, read as CommonJS (dist/cjs/package.json)
//   <subpath>/package.json   one stub per public subpath, for resolvers that ignore "exports"
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const runtime = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(runtime, "src");
const dist = join(runtime, "dist");
const cjs = join(dist, "cjs");
const require = createRequire(join(runtime, "package.json"));
/** Runtime dependencies that publish ES modules only: bundled into the CommonJS build. */
const vendored = ["jose", "oauth4webapi"];

const manifest = JSON.parse(readFileSync(join(runtime, "package.json"), "utf8"));
const toPosix = (path) => path.split(sep).join("/");

function filesUnder(dir, keep) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === cjs ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/**
 * Every import stays a `require` of its own file: relative ones unchanged, the vendored
 * dependencies redirected to dist/cjs/vendor/, peers and builtins left to the app. So the
 * CommonJS build has exactly one instance of each module, like the ES build.
 */
const oneFilePerModule = {
  name: "one-file-per-module",
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (vendored.includes(args.path)) {
        const from = relative(src, dirname(args.importer));
        const path = posix.relative(toPosix(from), `vendor/${args.path}.js`);
        return { path: path.startsWith(".") ? path : `./${path}`, external: true };
      }
      // `require("node:crypto")` is "Cannot find module" in Jest 26; the bare name is the same.
      if (args.path.startsWith("node:")) return { path: args.path.slice(5), external: true };
      return { path: args.path, external: true };
    });
  },
};

const common = { format: "cjs", platform: "node", target: "node20", logLevel: "warning" };

await build({
  ...common,
  entryPoints: filesUnder(src, (name) => name.endsWith(".ts") && !name.endsWith(".d.ts")),
  outbase: src,
  outdir: cjs,
  bundle: true,
  plugins: [oneFilePerModule],
  // A lazy `import("pg")` becomes a lazy `require("pg")`: Jest's CommonJS runtime has no
  // dynamic import, and Node's require() of an ES module peer works on every Node we support.
  supported: { "dynamic-import": false },
});
await build({
  ...common,
  entryPoints: Object.fromEntries(vendored.map((name) => [name, name])),
  outdir: join(cjs, "vendor"),
  bundle: true,
  absWorkingDir: runtime,
  legalComments: "inline",
});

// Declarations: the same files, in a folder whose package.json makes TypeScript read them as
// CommonJS (a `require` of an ES module's declarations is TS1479 under node16/nodenext). Their
// imports of oauth4webapi (a "type": "module" package, so the same TS1479/TS1541 from a CommonJS
// declaration) point at its declarations copied next to its bundled code, which they describe.
// jose's declarations are not in an ES module scope: they stay imported by name.
for (const file of filesUnder(dist, (name) => name.endsWith(".d.ts"))) {
  const target = join(cjs, relative(dist, file));
  const vendor = posix.relative(toPosix(dirname(relative(dist, file))), "vendor/oauth4webapi.js");
  const specifier = JSON.stringify(vendor.startsWith(".") ? vendor : `./${vendor}`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, readFileSync(file, "utf8").replaceAll('"oauth4webapi"', specifier));
}
for (const name of vendored) {
  const from = dirname(require.resolve(`${name}/package.json`));
  copyFileSync(join(from, "LICENSE.md"), join(cjs, "vendor", `${name}.LICENSE.md`));
}
copyFileSync(
  require.resolve("oauth4webapi").replace(/\.js$/, ".d.ts"),
  join(cjs, "vendor", "oauth4webapi.d.ts"),
);
writeFileSync(join(cjs, "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

// Stub folders: `@create-auth/runtime/express` as a real folder with a package.json, which is
// all that Jest 26 and TypeScript's node10 resolution understand (webpack 4 too).
const subpaths = Object.entries(manifest.exports).filter(
  ([key]) => key !== "." && key !== "./package.json",
);
const kept = new Set(["dist", "src", "test", "scripts", "node_modules"]);
for (const top of new Set(subpaths.map(([key]) => key.slice(2).split("/")[0]))) {
  if (kept.has(top)) throw new Error(`The subpath ./${top} would overwrite runtime/${top}`);
  rmSync(join(runtime, top), { recursive: true, force: true });
}
for (const [key, target] of subpaths) {
  const folder = key.slice(2);
  const toCjs = (path) => posix.relative(folder, path.slice(2));
  const stub = { main: toCjs(target.require.default), types: toCjs(target.require.types) };
  mkdirSync(join(runtime, folder), { recursive: true });
  writeFileSync(join(runtime, folder, "package.json"), `${JSON.stringify(stub, null, 2)}\n`);
}
