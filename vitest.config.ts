import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "cli",
          root: ".",
          include: ["test/**/*.test.ts"],
          exclude: ["test/fixtures/**", "**/node_modules/**"],
          globalSetup: ["runtime/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: "runtime",
          root: "./runtime",
          include: ["test/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
