#!/usr/bin/env node
// Builds @create-auth/runtime and packs it once into .tmp/pack/. Every end-to-end fixture
// installs this one tarball, so a test run builds the runtime once however many apps use it.
// Skips the work when the tarball is newer than every source file, and the build when dist/ is.
// Prints the tarball path.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runtime = join(root, "runtime");
const out = join(root, ".tmp", "pack");

export function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Serialises concurrent packers (several vitest projects may start at once). */
function withLock(work) {
  const lock = join(root, ".tmp", "pack.lock");
  mkdirSync(join(root, ".tmp"), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return work();
  } finally {
    rmdirSync(lock);
  }
}

export function packRuntime() {
  return withLock(packOnce);
}

function packOnce() {
  const sources = Math.max(
    newest(join(runtime, "src")),
    newest(join(runtime, "scripts")),
    ...["package.json", "tsconfig.build.json", "../tsconfig.base.json"].map(
      (f) => statSync(join(runtime, f)).mtimeMs,
    ),
  );
  const existing = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith(".tgz")) : [];
  if (existing.length === 1 && statSync(join(out, existing[0])).mtimeMs > sources) {
    return join(out, existing[0]);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // A dist/ built after the last source change is packed as it is: `npm test` has just built it
  // (`npm run build`), and building it again cost CI a second tsc and esbuild run. The CommonJS
  // build's cjs/package.json is written after tsc and the CommonJS files, and the build starts
  // by removing dist/, so a build that failed leaves it missing.
  const built = join(runtime, "dist", "cjs", "package.json");
  if (!existsSync(built) || statSync(built).mtimeMs <= sources) {
    // The build's output goes to stderr: `create-auth init --json` packs with this script from
    // a checkout, and its stdout must stay one JSON document.
    execFileSync("npm", ["run", "build", "--silent"], { cwd: runtime, stdio: ["ignore", 2, 2] });
  }
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", out], {
    cwd: runtime,
  })
    .toString()
    .trim()
    .split("\n")
    .at(-1);
  return join(out, name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(packRuntime());
