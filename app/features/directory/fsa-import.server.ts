// Importing the Food Standards Agency's per-authority open-data files
// (docs/decisions/0029-food-hygiene-ratings.md), in XML or JSON, from a file
// or a web address: `npm run fsa:import` and the daily job both come here.
//
// A file is read as a stream (XML through saxes, so memory does not grow
// with it) into checked rows; a row that is wrong is refused with its reason
// and the others go on. A file that is wrong as a whole (not XML or JSON,
// not the FSA's, cut short, too big) is refused before anything is written.
// The rows are then stored in one transaction: a file changes all it says,
// or nothing.
import fs from "node:fs";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { SaxesParser } from "saxes";
import type { Database } from "~/server/db.server";
import { importReport, type ImportReport } from "~/server/import-report.server";
import { directoryBusiness, fsaEstablishment } from "~/server/schema";
import { canonicalRating, nameKey, postcodeKey, type HygieneScheme } from "./food-hygiene";

/** The largest authority's file is a few tens of megabytes; anything much bigger is not one. */
export const MAX_FSA_FILE_BYTES = 100 * 1024 * 1024;
/** No field of an establishment is anywhere near this long. */
const MAX_FIELD_CHARS = 1_000;
const FETCH_TIMEOUT_MS = 120_000;
const BATCH = 500;

/** The file as a whole is refused: nothing was stored. */
export class FsaFileRefused extends Error {}

type EstablishmentRow = typeof fsaEstablishment.$inferInsert;
type Raw = Record<string, string>;

interface Source {
  chunks: AsyncIterable<Uint8Array>;
  totalBytes?: number;
}

const tooBig = (maxBytes: number) =>
  new FsaFileRefused(
    `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: no FSA authority file is that big.`,
  );

/** A local file, or the body of a web address's answer. */
async function open(source: string, maxBytes: number): Promise<Source> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      throw new FsaFileRefused(`${source} could not be fetched: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      throw new FsaFileRefused(`${source} answered ${response.status} ${response.statusText}`.trim());
    }
    const length = Number(response.headers.get("content-length"));
    const totalBytes = Number.isFinite(length) && length > 0 ? length : undefined;
    if (totalBytes && totalBytes > maxBytes) {
      await response.body.cancel();
      throw tooBig(maxBytes);
    }
    // Node's web streams are async iterable; the DOM types this project uses do not say so.
    return { chunks: response.body as unknown as AsyncIterable<Uint8Array>, totalBytes };
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(source);
  } catch {
    throw new FsaFileRefused(`There is no file ${source}`);
  }
  if (!stat.isFile()) throw new FsaFileRefused(`${source} is not a file`);
  if (stat.size > maxBytes) throw tooBig(maxBytes);
  return { chunks: fs.createReadStream(source), totalBytes: stat.size };
}

/** Checks one establishment as the file gives it; a string is the reason it is refused. */
function checkRow(raw: Raw): EstablishmentRow | string {
  if (Object.values(raw).some((value) => value.length > MAX_FIELD_CHARS)) return "a field is too long";
  const fhrsid = raw.FHRSID ?? "";
  if (!/^\d{1,9}$/.test(fhrsid)) return "FHRSID is missing or not a whole number";
  const businessName = raw.BusinessName ?? "";
  if (!businessName) return "business name is missing";
  const authority = raw.LocalAuthorityCode ?? "";
  if (!/^\d{1,6}$/.test(authority)) return "local authority code is missing or not a number";
  const scheme = (raw.SchemeType ?? "").toUpperCase();
  if (scheme !== "FHRS" && scheme !== "FHIS") return "scheme is neither FHRS nor FHIS";
  const ratingValue = canonicalRating(scheme as HygieneScheme, raw.RatingValue ?? "");
  if (!ratingValue) return `rating is not one the ${scheme} scheme gives`;
  let ratingDate: string | null = null;
  if (raw.RatingDate) {
    const day = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+Z?)?$/.exec(raw.RatingDate)?.[1];
    if (
      !day ||
      Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
      new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
    ) {
      return "rating date is not a date";
    }
    ratingDate = day;
  }
  const postcode = raw.PostCode || null;
  if (postcode && postcode.length > 10) return "postcode is too long";
  const address = ["AddressLine1", "AddressLine2", "AddressLine3", "AddressLine4"]
    .map((line) => raw[line])
    .filter(Boolean)
    .join(", ");
  return {
    fhrsid: Number(fhrsid),
    localAuthorityCode: String(Number(authority)),
    localAuthorityName: raw.LocalAuthorityName || null,
    businessName,
    businessType: raw.BusinessType || null,
    address: address || null,
    postcode,
    schemeType: scheme,
    ratingValue,
    ratingDate,
    newRatingPending: /^true$/i.test(raw.NewRatingPending ?? ""),
    nameKey: nameKey(businessName),
    postcodeKey: postcodeKey(postcode),
  };
}

/** Counts bytes as they pass, refusing the file once it is larger than allowed (a server may not say). */
async function* counted(source: Source, report: ImportReport, maxBytes: number) {
  let consumed = 0;
  for await (const chunk of source.chunks) {
    consumed += chunk.byteLength;
    if (consumed > maxBytes) throw tooBig(maxBytes);
    report.bytes(consumed);
    yield chunk;
  }
}

/** The establishments of an XML file, streamed: only the one being read is in memory. */
async function readXml(chunks: AsyncIterable<string>, each: (raw: Raw) => void) {
  const parser = new SaxesParser();
  const path: string[] = [];
  let current: Raw | null = null;
  let text = "";
  let returnCode: string | undefined;
  parser.on("opentag", (tag) => {
    if (path.length === 0 && tag.name !== "FHRSEstablishment") {
      throw new FsaFileRefused(
        `This is not an FSA open-data file: it starts with <${tag.name}>, not <FHRSEstablishment>.`,
      );
    }
    path.push(tag.name);
    if (tag.name === "EstablishmentDetail") current = {};
    text = "";
  });
  parser.on("text", (t) => {
    if (text.length <= MAX_FIELD_CHARS) text += t;
  });
  parser.on("cdata", (t) => {
    if (text.length <= MAX_FIELD_CHARS) text += t;
  });
  parser.on("closetag", (tag) => {
    path.pop();
    const parent = path.at(-1);
    if (tag.name === "EstablishmentDetail" && current) {
      each(current);
      current = null;
    } else if (current && parent === "EstablishmentDetail") {
      current[tag.name] = text.trim();
    } else if (parent === "Header" && tag.name === "ReturnCode") {
      returnCode = text.trim();
    }
    text = "";
  });
  try {
    for await (const chunk of chunks) parser.write(chunk);
    parser.close();
  } catch (error) {
    if (error instanceof FsaFileRefused) throw error;
    throw new FsaFileRefused(`The file is not well-formed XML: ${(error as Error).message}`);
  }
  if (path.length > 0 || current) throw new FsaFileRefused("The file ends before its XML does.");
  if (returnCode !== undefined && returnCode !== "Success") {
    throw new FsaFileRefused(`The file says its extract did not succeed (ReturnCode ${returnCode}).`);
  }
}

const scalar = (value: unknown) =>
  typeof value === "string"
    ? value.trim()
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : "";

/** The establishments of a JSON file (the size cap keeps the whole text within bounds). */
async function readJson(chunks: AsyncIterable<string>, each: (raw: Raw) => void) {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FsaFileRefused(`The file is not well-formed JSON: ${(error as Error).message}`);
  }
  const root = (parsed as { FHRSEstablishment?: unknown } | null)?.FHRSEstablishment as
    { Header?: { ReturnCode?: unknown }; EstablishmentCollection?: unknown } | undefined;
  if (!root || typeof root !== "object") {
    throw new FsaFileRefused("This is not an FSA open-data file: it has no FHRSEstablishment.");
  }
  const returnCode = root.Header?.ReturnCode;
  if (returnCode !== undefined && returnCode !== "Success") {
    throw new FsaFileRefused(`The file says its extract did not succeed (ReturnCode ${scalar(returnCode)}).`);
  }
  // The collection is a list, or holds one under EstablishmentDetail (a list, or one establishment alone).
  const collection = root.EstablishmentCollection;
  const inner = Array.isArray(collection)
    ? collection
    : (collection as { EstablishmentDetail?: unknown } | null | undefined)?.EstablishmentDetail;
  const list = inner === undefined || inner === null ? [] : Array.isArray(inner) ? inner : [inner];
  for (const item of list) {
    const raw: Raw = {};
    if (item && typeof item === "object") {
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) raw[key] = scalar(value);
    }
    each(raw);
  }
}

/** Text from bytes, deciding from the first character whether the file is XML or JSON. */
async function readEstablishments(bytes: AsyncIterable<Uint8Array>, each: (raw: Raw) => void) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const iterator = bytes[Symbol.asyncIterator]();
  let head = "";
  let first: IteratorResult<Uint8Array>;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new FsaFileRefused("The file is not text in UTF-8: FSA open-data files are XML or JSON.");
    }
  };
  // Enough of the start to see its first character (past a byte-order mark and white space).
  while (!(first = await iterator.next()).done) {
    head += decode(first.value);
    if (head.replace(/^\uFEFF/, "").trimStart()) break;
  }
  const start = head.replace(/^\uFEFF/, "").trimStart()[0];
  async function* text() {
    yield head.replace(/^\uFEFF/, "");
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield decode(next.value);
    yield decode();
  }
  if (start === "<") await readXml(text(), each);
  else if (start === "{") await readJson(text(), each);
  else if (start === undefined) throw new FsaFileRefused("The file is empty.");
  else throw new FsaFileRefused("The file is neither XML nor JSON: FSA open-data files are one or the other.");
}

const COMPARED = [
  "localAuthorityCode",
  "localAuthorityName",
  "businessName",
  "businessType",
  "address",
  "postcode",
  "schemeType",
  "ratingValue",
  "ratingDate",
  "newRatingPending",
] as const;

const excluded = (column: (typeof COMPARED)[number] | "nameKey" | "postcodeKey"): SQL =>
  sql.raw(`excluded."${fsaEstablishment[column].name}"`);

/** Inserts new establishments and updates those that differ, counting each; unchanged ones are left as they are. */
async function store(database: Database, rows: EstablishmentRow[], report: ImportReport) {
  await database.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const known = new Set(
        (
          await tx
            .select({ fhrsid: fsaEstablishment.fhrsid })
            .from(fsaEstablishment)
            .where(
              inArray(
                fsaEstablishment.fhrsid,
                batch.map((row) => row.fhrsid),
              ),
            )
        ).map((row) => row.fhrsid),
      );
      const written = await tx
        .insert(fsaEstablishment)
        .values(batch)
        .onConflictDoUpdate({
          target: fsaEstablishment.fhrsid,
          set: {
            ...Object.fromEntries(COMPARED.map((column) => [column, excluded(column)])),
            nameKey: excluded("nameKey"),
            postcodeKey: excluded("postcodeKey"),
            importedAt: sql`now()`,
          },
          setWhere: sql`(${sql.join(
            COMPARED.map((column) => fsaEstablishment[column]),
            sql`, `,
          )}) is distinct from (${sql.join(
            COMPARED.map((column) => excluded(column)),
            sql`, `,
          )})`,
        })
        .returning({ fhrsid: fsaEstablishment.fhrsid });
      for (const { fhrsid } of written) {
        if (known.has(fhrsid)) report.changed++;
        else report.added++;
      }
    }
  });
}

/**
 * Imports one FSA open-data file (a path or an http(s) address) into
 * fsa_establishment, printing progress with `print` (rows read, and the
 * percentage once the size is known). Returns the report, whose summary()
 * the command prints. Throws FsaFileRefused, having stored nothing, when the
 * file as a whole is wrong.
 */
export async function importFsaFile(
  database: Database,
  source: string,
  {
    print = () => {},
    every = 1_000,
    maxBytes = MAX_FSA_FILE_BYTES,
  }: { print?: (line: string) => void; every?: number; maxBytes?: number } = {},
): Promise<ImportReport> {
  const opened = await open(source, maxBytes);
  const report = importReport(`fsa:import ${source}`, { totalBytes: opened.totalBytes, every, print });
  const rows = new Map<number, EstablishmentRow>();
  await readEstablishments(counted(opened, report, maxBytes), (raw) => {
    report.row();
    const row = checkRow(raw);
    if (typeof row === "string") report.refuse(row);
    else if (rows.has(row.fhrsid)) report.refuse("FHRSID appears more than once in the file");
    else rows.set(row.fhrsid, row);
  });
  await store(database, [...rows.values()], report);
  return report;
}

/** The FSA's file for one local authority, under the open-data address. */
export function authorityFileUrl(baseUrl: string, authorityCode: string) {
  return `${baseUrl.replace(/\/+$/, "")}/FHRS${authorityCode}en-GB.xml`;
}

/**
 * The daily job: re-imports the file of each local authority that a linked
 * business's establishment is in. One authority's failure does not stop the
 * others; the job fails at the end (and the scheduler retries it) if any did.
 */
export async function importLinkedAuthorities(database: Database, baseUrl: string) {
  const authorities = await database
    .selectDistinct({ code: fsaEstablishment.localAuthorityCode })
    .from(directoryBusiness)
    .innerJoin(fsaEstablishment, eq(fsaEstablishment.fhrsid, directoryBusiness.fhrsid))
    .orderBy(fsaEstablishment.localAuthorityCode);
  const totals = { authorities: authorities.length, read: 0, added: 0, changed: 0, refused: 0 };
  const failures: string[] = [];
  for (const { code } of authorities) {
    try {
      const summary = await importFsaFile(database, authorityFileUrl(baseUrl, code));
      totals.read += summary.read;
      totals.added += summary.added;
      totals.changed += summary.changed;
      totals.refused += Object.values(summary.refused).reduce((sum, n) => sum + n, 0);
    } catch (error) {
      failures.push(`authority ${code}: ${(error as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`FSA import: ${failures.join("; ")}`);
  return totals;
}
