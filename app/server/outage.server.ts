// While the database cannot be reached (PostgreSQL restarting, say), a page
// that needed it answers 503 with a short page asking the visitor to try
// again, rather than a 500 "Something went wrong". The pool reconnects by
// itself, so the site recovers without a restart. Runs as the root route's
// middleware: it sees every page's and form's response.
import type { MiddlewareFunction } from "react-router";
import { db, ping } from "./db.server";
import { logger } from "./logger.server";

const PING_TIMEOUT_MS = 2_000;

const OUTAGE_PAGE = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Briefly unavailable | HBS</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0}main{max-width:36rem;margin:6rem auto;padding:0 1rem}h1{font-size:2rem}a{color:#065f46}</style>
</head>
<body>
<main>
<h1>HBS is briefly unavailable</h1>
<p>We could not reach our database just now. Please try again in a minute.</p>
<p>If you were sending a form, it has not been sent: go back and send it again.</p>
<p><a href="/">Return to Home</a></p>
</main>
</body>
</html>
`;

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer")), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(db()), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const answerOutagesWith503: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status !== 500 || (await databaseAnswers())) return response;
  logger.warn("the database is unreachable: answered 503");
  return new Response(OUTAGE_PAGE, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": "30" },
  });
};
