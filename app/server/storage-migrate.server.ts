// npm run storage:migrate: the disk's images copied into the bucket, key for
// key (decision 0021). What the bucket already holds at the same size is
// skipped, so a second run, or one after an interruption, copies only what is
// missing.
import { STORAGE_AREAS, type Storage } from "./storage.server";

export interface MigrationSummary {
  copied: number;
  skipped: number;
  failed: number;
}

export async function migrateStorage(
  from: Storage,
  to: Storage,
  report: (line: string) => void = () => {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0 };
  for (const area of STORAGE_AREAS) {
    // One listing of the target rather than a question per object.
    const there = new Map<string, number>();
    for await (const { key, size } of to[area].list()) there.set(key, size);
    for await (const { key, size } of from[area].list()) {
      if (there.get(key) === size) {
        summary.skipped++;
        continue;
      }
      try {
        const bytes = await from[area].read(key);
        if (!bytes) throw new Error("vanished while copying");
        await to[area].put(key, bytes);
        summary.copied++;
        report(`copied ${area}/${key}`);
      } catch (error) {
        summary.failed++;
        report(`FAILED ${area}/${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return summary;
}
