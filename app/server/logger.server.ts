import pino from "pino";
import { env } from "./env.server";

// One structured (JSON) logger for the whole process.
export const logger = pino({
  level: env().LOG_LEVEL,
  base: { service: "hbs" },
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
