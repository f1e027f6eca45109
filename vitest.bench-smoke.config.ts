import { defineConfig } from "vitest/config";

// npm run test:bench-smoke — the benchmarks run small, so that they keep working
// as the queries change. CI runs it beside the PostgreSQL pass; npm test does not
// (it is three minutes of one core, and tests no behaviour a user sees).
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["bench/smoke.test.ts"],
    environment: "node",
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 120_000,
  },
});
