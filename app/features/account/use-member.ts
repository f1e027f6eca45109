import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The signed-in member as the root loader describes them, or null. */
export function useMember() {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}
