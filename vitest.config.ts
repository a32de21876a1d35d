import { defineConfig } from "vitest/config";
import { LongestFirst } from "./test/support/longest-first.js";

export default defineConfig({
  test: {
    // Two files at a time on this 2-core machine (Vitest's default in a run is one fewer than the
    // cores: one here). Most files wait on child processes, servers and databases rather than
    // the CPU; the suite took 17 min one at a time and 11.5 min two at a time, green both ways.
    maxWorkers: 2,
    // Longest files first, across the projects (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "cli",
          root: ".",
          include: ["test/**/*.test.ts"],
          exclude: ["test/fixtures/**", "**/node_modules/**"],
          globalSetup: ["runtime/test/global-setup.ts"],
          // The tests run the CLI from this checkout, which would vendor its runtime (see
          // src/commands/init/checkout-runtime.ts); they behave as the published CLI unless a
          // test is about vendoring.
          env: { CREATE_AUTH_RUNTIME_FROM: "registry" },
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: "runtime",
          root: "./runtime",
          include: ["test/**/*.test.ts"],
          // Express is loaded with require (no alias reaches it): the test app picks the copy
          // these name (test/express/app.ts).
          env: { PEERS: "oldest", EXPRESS4: "express416", EXPRESS5: "express50" },
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The optional peers' newest releases: the suites that load them, run again against them
        // (the runtime's range admits both ends; the runtime project above uses the oldest).
        test: {
          name: "runtime-peers",
          root: "./runtime",
          include: [
            "test/webauthn/passkey.test.ts",
            "test/webauthn/passkey.e2e.test.ts",
            "test/rate-limit/stores.test.ts",
            "test/email/**/*.test.ts",
            "test/express/**/*.test.ts",
            "test/security/input-robustness.test.ts",
            "test/package/peer-majors.test.ts",
          ],
          alias: {
            "@simplewebauthn/server": "@simplewebauthn/server14",
            ioredis: "ioredis6",
            nodemailer: "nodemailer10",
          },
          env: { PEERS: "newest" },
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
