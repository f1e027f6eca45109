// What a read model's file holds (docs/design/read-models.md): data the
// database keeps from other tables, with the SQL that keeps it and the SQL
// that works it out again.

export interface ReadModel {
  /** The table, or table.column, it is. */
  name: string;
  /**
   * Its CREATE FUNCTION statements, as the migrated database holds them:
   * tests/integration/read-models.test.ts fails on any difference, so a
   * migration that changes one copies it from here.
   */
  functions: string[];
  /** Its CREATE TRIGGER statements, held to the same test. */
  triggers: string[];
  /**
   * Statements run in one transaction that work it out again from its
   * sources (npm run db:rebuild-derived). Each locks the sources it reads
   * against writes first, so that no change lands between reading them and
   * writing the result; running it twice changes nothing the second time.
   */
  rebuild: string[];
  /**
   * Its rows as readers see them, in a fixed order: after any writes, a
   * rebuild must leave them as they are (tests/integration/read-models-random.test.ts).
   * Null when nothing is stored.
   */
  contents: string | null;
}
