import { db, ping } from "~/server/db.server";
import { logger } from "~/server/logger.server";

// For load balancers and uptime checks: 200 only while the database answers.
export async function loader() {
  try {
    await ping(db());
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    logger.warn({ err: error }, "health check failed");
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
