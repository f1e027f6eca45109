// `npm start`: builds the app when the build is missing or older than its
// sources, then serves it in production mode. Migrating and seeding the
// embedded database happen as the server starts (app/server/lifecycle.server.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

buildIfStale();
process.env.NODE_ENV = "production";
process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const { register } = await import("tsx/esm/api");
register();
await import("../server.ts");
