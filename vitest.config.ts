import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: the CLI and browser tests spawn processes of their own.
    maxWorkers: 2,
  },
});
