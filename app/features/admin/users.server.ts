// Staff's view of members: find them, see what they have with us, suspend
// them or make them staff. Ban and role changes go through Better Auth's
// admin API (which checks the caller is an admin and ends a banned member's
// sessions), and are audited.
import { APIError } from "better-auth/api";
import { count, eq, ilike, or, type SQL, and } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { listEnquiriesOf } from "~/features/enquiries/enquiries.server";
import { listSubscriptions } from "~/features/account/member.server";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { user } from "~/server/schema";
import { recordAudit } from "./audit.server";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

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

const userSorts = { joined: user.createdAt, email: user.email, name: user.fullName };
type UserSort = keyof typeof userSorts;
type UserFilter = "role" | "state";

function userConditions({ q, filters }: ListParams<UserSort, UserFilter>) {
  const conditions: (SQL | undefined)[] = [
    // The member's id, as the audit log and Stripe's metadata show it, finds them too.
    q ? or(ilike(user.email, containsPattern(q)), ilike(user.fullName, containsPattern(q)), eq(user.id, q)) : undefined,
    filters.role ? eq(user.role, filters.role === "staff" ? "admin" : "user") : undefined,
    filters.state ? eq(user.banned, filters.state === "suspended") : undefined,
  ];
  return and(...conditions);
}

/** Every member, found by e-mail, name or id; staff or not; suspended or not. */
export const usersList = defineAdminList({
  name: "users",
  spec: {
    sorts: Object.keys(userSorts) as UserSort[],
    defaultSort: "joined",
    defaultDirection: "desc",
    filters: { role: ["staff", "member"], state: ["active", "suspended"] },
  },
  rows: (params, limit, offset) =>
    db()
      .select(columns)
      .from(user)
      .where(userConditions(params))
      .orderBy(...orderBy(userSorts, params, user.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(user).where(userConditions(params)))[0]!.n,
  csv: [
    ["Id", (u) => u.id],
    ["E-mail", (u) => u.email],
    ["Name", (u) => u.fullName],
    ["Phone", (u) => u.phone],
    ["Staff", (u) => u.role === "admin"],
    ["Suspended", (u) => u.banned],
    ["E-mail confirmed", (u) => u.emailVerified],
    ["Joined", (u) => u.createdAt],
  ],
});

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
