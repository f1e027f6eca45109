import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data: site contact details, consent, flashed toast. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData must be used under the root route");
  return data;
}
