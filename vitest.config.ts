import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
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
