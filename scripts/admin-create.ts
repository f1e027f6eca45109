// npm run admin:create -- --email someone@example.com
// Makes that person staff: promotes their account, or creates one with a
// one-time password printed here, once. Stop the server first when it uses
// the embedded database (it holds the data folder while it runs).
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAdmin } from "../app/features/admin/admins.server";
import { openDatabase, setDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";

loadDotEnv();
const { values } = parseArgs({ options: { email: { type: "string" } } });
const email = z.email().safeParse(values.email?.trim());
if (!email.success) {
  console.error("Usage: npm run admin:create -- --email someone@example.com");
  process.exit(2);
}
const { DATABASE_URL, DATA_DIR, SITE_URL } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
try {
  await handle.migrate();
  setDatabase(handle);
  const admin = await createAdmin(email.data);
  const signIn = new URL("/auth?redirectTo=/admin", SITE_URL).toString();
  if (admin.outcome === "created") {
    console.log(`Created the admin ${admin.email}.`);
    console.log(`One-time password (shown only now): ${admin.password}`);
    console.log(`Sign in at ${signIn}, then choose a new password in My account.`);
  } else {
    const what = admin.outcome === "promoted" ? "is now an admin" : "was already an admin";
    console.log(`${admin.email} ${what}. They sign in with their own password at ${signIn}`);
  }
} finally {
  setDatabase(undefined);
  await handle.close();
}
