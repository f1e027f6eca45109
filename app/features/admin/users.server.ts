// Staff's view of members: find them, see what they have with us, suspend
// them or make them staff. Ban and role changes go through Better Auth's
// admin API (which checks the caller is an admin and ends a banned member's
// sessions), and are audited.
import { APIError } from "better-auth/api";
import { desc, eq, ilike, or } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { listEnquiriesOf } from "~/features/enquiries/enquiries.server";
import { listSubscriptions } from "~/features/account/member.server";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { user } from "~/server/schema";
import { recordAudit } from "./audit.server";

const columns = {
  id: user.id,
  email: user.email,
  fullName: user.fullName,
  phone: user.phone,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
};

export function listUsers(q: string) {
  const query = q.trim();
  return db()
    .select(columns)
    .from(user)
    .where(
      query ? or(ilike(user.email, containsPattern(query)), ilike(user.fullName, containsPattern(query))) : undefined,
    )
    .orderBy(desc(user.createdAt))
    .limit(100);
}

export async function getUserDetail(id: string) {
  const [found] = await db().select(columns).from(user).where(eq(user.id, id));
  if (!found) return null;
  const [subscriptions, enquiries] = await Promise.all([listSubscriptions(id), listEnquiriesOf(id)]);
  return { user: found, subscriptions, enquiries };
}

export type UserAction = { kind: "ban"; reason: string } | { kind: "unban" } | { kind: "role"; role: "admin" | "user" };

/** Carries out one change to a member; the error message when Better Auth refuses it. */
export async function changeUser(
  admin: SessionUser,
  request: Request,
  userId: string,
  change: UserAction,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [before] = await db()
    .select({ role: user.role, banned: user.banned, banReason: user.banReason })
    .from(user)
    .where(eq(user.id, userId));
  if (!before) return { ok: false, message: "That member no longer exists." };
  if (userId === admin.id) return { ok: false, message: "You cannot change your own account here." };
  const { headers } = request;
  try {
    if (change.kind === "ban") await auth().api.banUser({ body: { userId, banReason: change.reason }, headers });
    if (change.kind === "unban") await auth().api.unbanUser({ body: { userId }, headers });
    if (change.kind === "role") await auth().api.setRole({ body: { userId, role: change.role }, headers });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, message: error.message };
    throw error;
  }
  const after =
    change.kind === "role"
      ? { role: change.role }
      : change.kind === "ban"
        ? { banned: true, banReason: change.reason }
        : { banned: false, banReason: null };
  await recordAudit(db(), admin, {
    action: `user.${change.kind}`,
    entityType: "user",
    entityId: userId,
    before: Object.fromEntries(Object.keys(after).map((k) => [k, before[k as keyof typeof before]])),
    after,
  });
  return { ok: true };
}
