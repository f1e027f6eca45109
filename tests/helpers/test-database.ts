// A database of its own for one test file: in-memory PGlite by default, or a
// throwaway PostgreSQL database when TEST_POSTGRES_URL names a server (CI runs
// the integration tests both ways). The PostgreSQL database is dropped after.
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/server/db.server";
import type { TemplateName } from "./template-databases";
import { createThrowawayDatabase } from "./throwaway-database";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops a throwaway PostgreSQL database. */
  destroy(): Promise<void>;
}

/**
 * A copy of one of the run's template databases (tests/helpers/template-databases.ts):
 * migrated, or migrated and seeded with the spec's sample data.
 */
export async function createTestDatabase(template: TemplateName = "migrated"): Promise<TestDatabase> {
  const source = inject("databaseTemplates")[template];
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: "memory://", loadDataDir: new Blob([fs.readFileSync(source)]) });
    return { ...handle, destroy: () => handle.close() };
  }
  const throwaway = await createThrowawayDatabase(serverUrl, "hbs_test", source);
  const handle = openDatabase({ databaseUrl: throwaway.url, dataDir: "memory://" });
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await throwaway.drop();
    },
  };
}

/**
 * For a test file that goes through the app's own code: a database of its
 * own with the spec's sample data, made the app's database for the file.
 */
export function seededAppDatabase() {
  const state = {} as { database: TestDatabase };
  beforeAll(async () => {
    state.database = await createTestDatabase("seeded");
    setDatabase(state.database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await state.database?.destroy();
  });
  return state;
}

/**
 * For a test file that needs only what the migrations bring (postcode
 * districts among them), not the sample data.
 */
export function migratedAppDatabase() {
  const state = {} as { database: TestDatabase };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    setDatabase(state.database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await state.database?.destroy();
  });
  return state;
}
