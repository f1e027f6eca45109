import { defineConfig } from "vitest/config";

// Unit and integration tests. They run without the React Router plugin: route
// modules are tested through the server build in the e2e suite instead.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "bench/**/*.test.ts",
      "db/**/*.test.ts",
      "tests/helpers/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // Tests never touch ./data: the embedded database and secrets stay in memory.
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
