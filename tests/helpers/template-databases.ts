// Vitest's globalSetup: the databases every test file starts from, made once
// per run rather than once per file. Migrating from nothing costs about 4
// CPU-seconds and seeding (35 images drawn) about 5 more; opening a copy costs
// under one (docs/testing.md).
// - PGlite: a migrated database and a seeded one, dumped (dumpDataDir) to
//   files that each test file loads into an in-memory PGlite of its own.
// - PostgreSQL (TEST_POSTGRES_URL): two template databases that each test
//   file copies with CREATE DATABASE … TEMPLATE; dropped at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase, type DatabaseHandle } from "../../app/server/db.server";
import { seedDatabase } from "../../db/seed/seed";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./throwaway-database";

/** What a test file opens a copy of: only what the migrations bring, or the spec's sample data too. */
export type TemplateName = "migrated" | "seeded";
/** Per template: a dump file (PGlite) or a database's name (PostgreSQL). */
export type Templates = Record<TemplateName, string>;

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: Templates;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-templates-"));
  const dropped: ThrowawayDatabase[] = [];
  const templates = {} as Templates;
  try {
    for (const name of ["migrated", "seeded"] as const) {
      const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl, `hbs_template_${name}`) : undefined;
      if (throwaway) dropped.push(throwaway);
      const handle = openDatabase({ databaseUrl: throwaway?.url, dataDir: "memory://" });
      try {
        await handle.migrate();
        // The images go nowhere a test reads: tests that look at seed images seed for themselves.
        if (name === "seeded") await seedDatabase(handle.db, { uploadsDir: path.join(work, "uploads") });
        templates[name] = throwaway ? new URL(throwaway.url).pathname.slice(1) : await dumpTo(handle, work, name);
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    await teardown(work, dropped);
    throw error;
  }
  project.provide("databaseTemplates", templates);
  return () => teardown(work, dropped);
}

async function dumpTo(handle: DatabaseHandle, work: string, name: string) {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const file = path.join(work, `${name}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  return file;
}

async function teardown(work: string, databases: ThrowawayDatabase[]) {
  for (const database of databases) await database.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
