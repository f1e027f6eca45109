// A database of its own for one test file: in-memory PGlite by default, or a
// throwaway PostgreSQL database when TEST_POSTGRES_URL names a server (CI runs
// the integration tests both ways). The PostgreSQL database is dropped after.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/server/db.server";
import { seedDatabase } from "../../db/seed/seed";
import { createThrowawayDatabase } from "./throwaway-database";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops a throwaway PostgreSQL database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  const throwaway = await createThrowawayDatabase(serverUrl, "hbs_test");
  const handle = openDatabase({ databaseUrl: throwaway.url, dataDir: "memory://" });
  await handle.migrate();
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
  let uploadsDir = "";
  beforeAll(async () => {
    state.database = await createTestDatabase();
    setDatabase(state.database);
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-uploads-"));
    await seedDatabase(state.database.db, { uploadsDir });
  });
  afterAll(async () => {
    setDatabase(undefined);
    await state.database?.destroy();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });
  return state;
}

/**
 * For a test file that needs only what the migrations bring (postcode
 * districts among them), not the sample data: quicker to make.
 */
export function migratedAppDatabase() {
  const state = {} as { database: TestDatabase };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    setDatabase(state.database);
  }, 120_000);
  afterAll(async () => {
    setDatabase(undefined);
    await state.database?.destroy();
  });
  return state;
}
