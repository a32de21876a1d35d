#!/usr/bin/env node
// `npm run demo [-- --framework solid-start|fastify|hono]`: copies an example app to .tmp/demo/, runs
// `create-auth init` on it non-interactively (credentials with a demo user, email sign-in printed
// to the console, database sessions in embedded PGlite), installs the local runtime, and starts the
// app on 127.0.0.1:3000 (PORT overrides). Ctrl-C stops it; every run starts fresh.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { newest, packRuntime } from "./pack-runtime.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { framework: { type: "string", default: "express" } } });
const framework = values.framework;
// The example app of each framework the demo runs.
const examples = {
  express: "express-app",
  "solid-start": "solid-start-app",
  fastify: "fastify-app",
  hono: "hono-app",
};
if (!Object.hasOwn(examples, framework)) {
  console.error(`--framework must be ${Object.keys(examples).join(", ")} (got "${framework}")`);
  process.exit(1);
}
const port = process.env.PORT ?? "3000";
const origin = `http://127.0.0.1:${port}`;
const example = examples[framework];
const app = join(root, ".tmp", "demo", example);

const step = (text) => console.log(`\n▸ ${text}`);
// The demo's own children get a plain production-free environment: no test-runner variables.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$)/.test(key)),
);
const run = (command, args, options = {}) =>
  execFileSync(command, args, { stdio: "inherit", env, ...options });
const npm = (args, cwd) =>
  run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd });

step("Building the runtime and the CLI");
const tarball = packRuntime();
// Rebuilt only when a source is newer: other processes (the test suite) may be running the CLI.
const cli = join(root, "dist", "cli.js");
if (!existsSync(cli) || statSync(cli).mtimeMs < newest(join(root, "src"))) {
  run("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: root });
}

step(`Copying examples/${example} to ${app}`);
rmSync(app, { recursive: true, force: true });
mkdirSync(dirname(app), { recursive: true });
cpSync(join(root, "examples", example), app, { recursive: true });
npm(["install"], app);

step("npx create-auth init");
const flags = [
  "--providers",
  "credentials,email",
  "--strategy",
  "database",
  "--database",
  "embedded",
  "--demo",
  "--yes",
];
if (framework === "solid-start") flags.push("--protect", "/account");
run(
  process.execPath,
  [join(root, "bin", "create-auth.js"), "init", "--cwd", app, ...flags, "--runtime-spec", tarball],
  {
    env: { ...env, CI: "true" },
  },
);

let command;
let args;
if (framework !== "solid-start") {
  // The server apps (Express, Fastify, Hono) run their TypeScript with tsx.
  command = join(app, "node_modules", ".bin", "tsx");
  args = ["src/server.ts"];
} else {
  step("Building the SolidStart app");
  run(join(app, "node_modules", ".bin", "vinxi"), ["build"], {
    cwd: app,
    env: { ...env, NODE_ENV: "production" },
  });
  command = process.execPath;
  args = [".output/server/index.mjs"];
}

step("Starting the app");
const child = spawn(command, args, {
  cwd: app,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...env,
    HOST: "127.0.0.1",
    PORT: port,
    // Magic links go to this terminal (also from the production build SolidStart runs).
    AUTH_EMAIL_SERVER: "console",
    ...(framework === "solid-start" ? { NODE_ENV: "production", AUTH_URL: origin } : {}),
  },
});

const banner = () =>
  console.log(`
  Demo ready:  ${origin}
  Protected:   ${origin}/account
  Sign in as   demo@example.com / demo1234
               or with any address: the magic link is printed below.
  Stop with Ctrl-C.
`);
// Tell the user once the app answers.
const ready = setInterval(async () => {
  try {
    await fetch(origin);
    clearInterval(ready);
    banner();
  } catch {
    // not yet
  }
}, 250);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearInterval(ready);
  child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code, signal) => {
  clearInterval(ready);
  if (!stopping) console.error(`The app exited (${signal ?? code}).`);
  process.exit(stopping ? 0 : (code ?? 1));
});
if (!existsSync(command)) console.error(`Missing ${command}`);
