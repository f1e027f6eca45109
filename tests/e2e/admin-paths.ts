import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** Every page and resource under /admin, from the route config itself, with made-up ids. */
export const adminPaths = (() => {
  const admin = (routes as RouteConfigEntry[]).find((r) => r.path === "admin")!;
  return ["/admin", ...admin.children!.filter((c) => c.path).map((c) => `/admin/${c.path}`)].map((p) =>
    p
      .replace(":id", "1")
      .replace(":name", `${"0".repeat(32)}.webp`)
      .replace(":list", "users"),
  );
})();
