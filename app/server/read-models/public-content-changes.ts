// The notices that public content changed: every server keeps the public
// pages it renders (app/server/page-cache.server.ts) and empties its copy
// when a table those pages read changes, whichever server or script changed
// it (decision 0016). Nothing is stored: a statement that changed rows of one
// of these tables notifies the channel hbs_public_content as it commits, once
// a statement, not once a row; one that changed no row notifies nothing
// (decision 0059). A truncate always notifies: its trigger sees no rows.
//
// A table a public page starts to read needs its four triggers here, and a
// migration that creates them (migration 0041 did so for two tables).
// tests/integration/read-models.test.ts fails until the migrated database
// and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

/** Every table a public page reads. */
const tables = [
  "business_listing",
  "directory_business",
  "service_package",
  "business_hours",
  "business_hours_exception",
  "review",
  // Shown under their review (decision 0093).
  "review_photo",
  // A business's certificate photo staff showed (decision 0094).
  "certificate_photo",
  "fsa_establishment",
  "postcode_location",
];

/**
 * A table's triggers: one for each of insert, update and delete, with the
 * rows it wrote (PostgreSQL allows a transition table only to a trigger of
 * one event), and one for truncate.
 */
const triggersOn = (table: string) => [
  `CREATE TRIGGER "${table}_public_content_inserted" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();`,
  `CREATE TRIGGER "${table}_public_content_updated" AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();`,
  `CREATE TRIGGER "${table}_public_content_deleted" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();`,
  `CREATE TRIGGER "${table}_public_content_truncated" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();`,
];

export const publicContentChanges: ReadModel = {
  name: "public content notices (hbs_public_content)",
  functions: [
    `CREATE OR REPLACE FUNCTION "hbs_public_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" boolean;
BEGIN
  -- One statement per branch: each is planned only when reached, and an
  -- insert's trigger has no "old_rows" to plan against.
  IF TG_OP = 'TRUNCATE' THEN
    "changed" := true;
  ELSIF TG_OP = 'DELETE' THEN
    "changed" := EXISTS (SELECT 1 FROM "old_rows");
  ELSE
    "changed" := EXISTS (SELECT 1 FROM "new_rows");
  END IF;
  IF "changed" THEN
    PERFORM pg_notify('hbs_public_content', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;`,
  ],
  triggers: tables.flatMap(triggersOn),
  // The rebuilds before this one may have changed what pages show without a
  // notice (a truncated table of changes has no triggers): every server
  // empties its copy.
  rebuild: [`SELECT pg_notify('hbs_public_content', 'rebuild')`],
  contents: null,
};
