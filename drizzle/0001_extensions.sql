-- Trigram matching for search that forgives small typos (pg_trgm is a trusted
-- extension: no superuser needed; PGlite loads it in app/server/db.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- pg_trgm declares word similarity as cheap as "=", so the planner would read
-- every row and compare each instead of using the trigram index (measured in
-- bench/README.md). Where we own the functions, tell it the truth; elsewhere
-- keep going: searches are still correct, only slower.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'not the owner of pg_trgm functions: word similarity cost left as it is';
END
$$;
