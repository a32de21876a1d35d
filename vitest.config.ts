import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "runtime",
          root: "./runtime",
          include: ["test/**/*.test.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
