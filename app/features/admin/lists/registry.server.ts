// Every back-office list that staff can export, by its name under /admin/export/.
import { usersList } from "../users.server";
import type { AdminList } from "./admin-list.server";

// Each list's row type is its own; the export needs only what every list has.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const adminLists: Record<string, AdminList<any, string, string>> = Object.fromEntries(
  [usersList].map((list) => [list.name, list]),
);
