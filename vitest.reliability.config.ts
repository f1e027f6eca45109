import { defineConfig } from "vitest/config";

// npm run test:reliability — production servers on a throwaway PostgreSQL
// cluster: several instances, and faults. One file at a time: each starts
// servers and a cluster of its own, and they need the CPU.
export default defineConfig({
  // The app's own imports, as in vitest.config.ts (the load benchmark reaches app code).
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
