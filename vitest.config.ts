import { configDefaults, defineConfig } from "vitest/config";

// Unit and integration tests. They run without the React Router plugin: route
// modules are tested through the server build in the e2e suite instead.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    // Both cores of the 2-core machines we run on (Vitest's default leaves one idle).
    maxWorkers: 2,
    // A worker imports the app once for all its files, not once a file: that
    // import was half of a run. What a file changes for itself is put back
    // before the next (tests/helpers/fresh-environment.ts); its database is
    // its own (tests/helpers/test-database.ts).
    isolate: false,
    setupFiles: ["tests/helpers/fresh-environment.ts"],
    // Tests never touch ./data: the embedded database and secrets stay in memory.
    env: { DATA_DIR: "memory://", LOG_LEVEL: "silent", NODE_ENV: "test" },
    // Guards against a hang, not a measure of speed: with two runs at once on
    // these 2-core machines a database test takes three to four times as
    // long as alone (docs/testing.md, "Loaded runs").
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two projects, so that a run of unit tests alone never pays for the
    // template databases: Vitest calls a project's globalSetup only when the
    // project has a test to run.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "db/**/*.test.ts", "tests/helpers/**/*.test.ts"],
          // The benchmarks' smoke run has a config of its own (vitest.bench-smoke.config.ts).
          exclude: [...configDefaults.exclude, "bench/smoke.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Migrated and seeded databases made once per run; each test file opens a copy.
          globalSetup: ["tests/helpers/template-databases.ts"],
        },
      },
    ],
  },
});
