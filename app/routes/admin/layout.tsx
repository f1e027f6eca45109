import { Outlet } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle";
import { displayName } from "~/features/account/session.server";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { currentAdmin, requireAdmin } from "~/features/admin/guard.server";
import type { Route } from "./+types/layout";

// Runs before every loader and action under /admin.
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function loader({ context }: Route.LoaderArgs) {
  return { staffName: displayName(currentAdmin(context)) };
}

// Staff came to work, not to find a business near them.
export const handle: PageHandle = { locationPrompt: false };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staffName={loaderData.staffName}>
      <Outlet />
    </AdminShell>
  );
}
