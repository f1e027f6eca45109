import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; they are applied by
// the app at start and by `npm run db:migrate` (see app/server/db.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/schema/index.ts",
  out: "./drizzle",
});
