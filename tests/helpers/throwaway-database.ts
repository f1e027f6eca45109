// A PostgreSQL database made for one test file, benchmark or fault test on a
// server where we may create databases, and dropped after, so the server is
// left as it was.
import crypto from "node:crypto";
import pg from "pg";

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** `template` names a database to copy (tests/helpers/template-databases.ts); none is an empty one. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await asAdmin(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function asAdmin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
