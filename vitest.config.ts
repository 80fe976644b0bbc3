import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globals: true,
    environment: "node",
    // Real services for the whole run: a store, Redis and go-judge in a temporary data folder.
    globalSetup: ["tests/setup/global-services.ts"],
    // Each test file gets its own database and Redis key prefix.
    setupFiles: ["tests/setup/per-file-env.ts"],
    pool: "forks",
    poolOptions: { forks: { minForks: 1, maxForks: 2 } },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
