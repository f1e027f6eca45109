import { metricsResponse } from "~/server/metrics.server";
import type { Route } from "./+types/metrics";

// Prometheus scrapes this with METRICS_TOKEN as a bearer token (decision 0037).
export function loader({ request }: Route.LoaderArgs) {
  return metricsResponse(request.headers.get("authorization"));
}
