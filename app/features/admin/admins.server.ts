// Making staff: `npm run admin:create -- --email …` promotes a member, or
// creates an account with a one-time password that is shown once, and must be
// replaced at the first sign-in before anything else (decision 0065).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { user } from "~/server/schema";
import { AUTOMATIC_ACTORS } from "~/lib/audit-actions";
import { recordAudit } from "~/server/audit.server";

const COMMAND_LINE = AUTOMATIC_ACTORS["command-line"].recordedAs;

export type CreatedAdmin =
  { outcome: "promoted" | "already-admin"; email: string } | { outcome: "created"; email: string; password: string };

export async function createAdmin(rawEmail: string): Promise<CreatedAdmin> {
  const email = rawEmail.trim().toLowerCase();
  const [existing] = await db().select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
  if (existing?.role === "admin") return { outcome: "already-admin", email };
  if (existing) {
    await db().transaction(async (tx) => {
      await tx.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
      await recordAudit(tx, COMMAND_LINE, {
        action: "user.role",
        entityType: "user",
        entityId: existing.id,
        before: { role: existing.role },
        after: { role: "admin" },
      });
    });
    return { outcome: "promoted", email };
  }
  // Better Auth's own account records, with its (argon2id) hashing.
  const context = await auth().$context;
  const password = crypto.randomBytes(15).toString("base64url");
  const created = await context.internalAdapter.createUser(
    { email, name: "", emailVerified: true, role: "admin", mustChangePassword: true },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await context.password.hash(password),
  });
  await recordAudit(db(), COMMAND_LINE, {
    action: "user.create-admin",
    entityType: "user",
    entityId: created.id,
    after: { email, role: "admin" },
  });
  return { outcome: "created", email, password };
}
