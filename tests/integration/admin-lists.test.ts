// The back office's lists past the 100 rows they used to stop at: paged with
// their total, searched, filtered, sorted by the column staff choose, and
// exported whole as CSV that a spreadsheet opens without running formulas.
// Loaders are called as React Router calls them, behind the admin middleware.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { loader as exportLoader } from "../../app/routes/admin/export";
import { loader as usersLoader } from "../../app/routes/admin/users";
import { auditLog, user } from "../../app/server/schema";
import { signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();

/** Runs a loader under /admin as the router does: the staff guard first, with the member's cookie. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any admin route's loader
async function asStaff(loader: (args: any) => unknown, path: string, cookie: string, params = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  const context = new RouterContextProvider();
  const args = { request, params, context, url: new URL(request.url), pattern: path };
  await requireAdmin(args, async () => new Response());
  return loader(args);
}

async function staffCookie() {
  const { id, cookie } = await signedInMember("lists-staff@example.com", {
    ip: "198.51.100.7",
    fullName: "Lists Staff",
  });
  await app.database.db.update(user).set({ role: "admin" }).where(eq(user.id, id));
  return cookie;
}

/** 130 members, one a day, with names that sort the other way round from their e-mails. */
async function manyMembers() {
  const start = Date.UTC(2026, 0, 1);
  await app.database.db.insert(user).values(
    Array.from({ length: 130 }, (_, i) => ({
      id: `bulk-${String(i).padStart(3, "0")}`,
      email: `bulk-${String(i).padStart(3, "0")}@example.com`,
      fullName: `Member ${String(129 - i).padStart(3, "0")}`,
      createdAt: new Date(start + i * 86_400_000),
      banned: i % 10 === 0,
    })),
  );
}

type UsersPage = Awaited<ReturnType<typeof usersLoader>>;
let cookie = "";
beforeAll(async () => {
  cookie = await staffCookie();
  await manyMembers();
});

describe("the users list", () => {
  it("pages past the old cap of 100, searches, filters and sorts", async () => {
    const page = (search: string) => asStaff(usersLoader, `/admin/users?${search}`, cookie) as Promise<UsersPage>;

    const first = await page("");
    expect(first.total).toBe(131); // the 130 and the member of staff
    expect(first.pageCount).toBe(3);
    expect(first.users).toHaveLength(50);
    expect(first.users[0]!.email).toBe("lists-staff@example.com"); // newest first
    const last = await page("page=3");
    expect(last.users.map((u) => u.email)).toEqual(
      Array.from({ length: 31 }, (_, i) => `bulk-${String(30 - i).padStart(3, "0")}@example.com`),
    );
    // Every row once across the pages.
    const all = [...first.users, ...(await page("page=2")).users, ...last.users].map((u) => u.id);
    expect(new Set(all).size).toBe(131);

    const byName = await page("sort=name&dir=asc&q=bulk");
    expect(byName.total).toBe(130);
    expect(byName.users[0]!.fullName).toBe("Member 000");
    expect(byName.users[0]!.email).toBe("bulk-129@example.com");
    expect((await page("sort=email&dir=asc")).users[0]!.email).toBe("bulk-000@example.com");

    expect((await page("q=BULK-07")).users.map((u) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk-07${9 - i}@example.com`),
    );
    expect((await page("q=bulk-042")).users.map((u) => u.id)).toEqual(["bulk-042"]);
    const suspended = await page("state=suspended");
    expect(suspended.total).toBe(13);
    expect(suspended.users.every((u) => u.banned)).toBe(true);
    expect((await page("role=staff")).users.map((u) => u.email)).toEqual(["lists-staff@example.com"]);
  });

  it("reads any address as some page, and a page past the end as the last", async () => {
    const page = (search: string) => asStaff(usersLoader, `/admin/users?${search}`, cookie) as Promise<UsersPage>;
    for (const search of [
      "page=-1",
      "page=abc",
      "page=99999999999999999999",
      "sort=createdAt%3BDROP%20TABLE%20user&dir=sideways",
      "role=root&state=%00",
      "q=%00%01bulk",
      `q=${"%25_".repeat(400)}`,
      "q=%27%20OR%201%3D1--",
    ]) {
      const answer = await page(search);
      expect(answer.users.length, search).toBeLessThanOrEqual(50);
    }
    expect((await page("page=0")).params.page).toBe(1);
    const beyond = await page("page=9999");
    expect(beyond.params.page).toBe(3);
    expect(beyond.users).toHaveLength(31);
    expect((await page("q=%25")).total).toBe(0); // a wildcard is a character, not "anything"
    expect((await page("q=%27%20OR%201%3D1--")).total).toBe(0);
  });
});

describe("an export", () => {
  it("holds every row the search finds, in its order, safe to open in a spreadsheet, and is audited", async () => {
    await app.database.db
      .update(user)
      .set({ fullName: '=HYPERLINK("http://evil.example","Click")' })
      .where(eq(user.id, "bulk-005"));
    await app.database.db.update(user).set({ fullName: "@SUM(A1)" }).where(eq(user.id, "bulk-006"));

    const response = (await asStaff(exportLoader, "/admin/export/users?q=bulk&sort=email&dir=asc", cookie, {
      list: "users",
    })) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hbs-users-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows: string[][] = parse((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual(["Id", "E-mail", "Name", "Phone", "Staff", "Suspended", "E-mail confirmed", "Joined"]);
    expect(rows).toHaveLength(131);
    expect(rows[1]![1]).toBe("bulk-000@example.com");
    expect(rows[130]![1]).toBe("bulk-129@example.com");
    expect(rows[6]![2]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(rows[7]![2]).toBe("'@SUM(A1)");
    expect(rows[1]![5]).toBe("yes");

    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, "list.export"));
    expect(entry).toMatchObject({ actorEmail: "lists-staff@example.com", entityId: "users" });
  });

  it("streams a list far longer than one batch, and refuses a list that does not exist", async () => {
    await app.database.db
      .insert(user)
      .values(Array.from({ length: 2_345 }, (_, i) => ({ id: `many-${i}`, email: `many-${i}@example.com` })));
    const response = (await asStaff(exportLoader, "/admin/export/users?q=many-", cookie, {
      list: "users",
    })) as Response;
    const text = await response.text();
    expect(text.trimEnd().split("\n")).toHaveLength(2_346);

    await expect(asStaff(exportLoader, "/admin/export/secrets", cookie, { list: "secrets" })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(
      asStaff(exportLoader, "/admin/export/constructor", cookie, { list: "constructor" }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("is for staff only", async () => {
    const { cookie: member } = await signedInMember("not-staff@example.com", {
      ip: "198.51.100.8",
      fullName: "Not Staff",
    });
    await expect(asStaff(exportLoader, "/admin/export/users", member, { list: "users" })).rejects.toMatchObject({
      init: { status: 403 },
    });
  });
});
