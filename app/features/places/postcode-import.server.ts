// `npm run db:postcodes -- file.csv`: full postcodes from the ONS Postcode
// Directory (ONSPD, latitude/longitude) or OS Code-Point Open (eastings and
// northings, converted here), so that they win over the shipped districts
// (decision 0034). The file is streamed and staged in batches inside one
// transaction: memory stays flat whatever its size, and a file refused
// half-way changes nothing.
import fs from "node:fs";
import { parse } from "csv-parse";
import { sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { importReport, type ImportSummary } from "~/server/import-report.server";
import { gridToLatLng } from "./osgb";
import { formatPostcode, parsePostcode } from "./postcode";

/** The UK has about 1.8 million live and 0.9 million terminated postcodes; ONSPD lists both. */
export const MAX_ROWS = 4_000_000;
/** ONSPD's full CSV is about 1.4 GB. */
export const MAX_BYTES = 3 * 1024 ** 3;
const BATCH = 10_000;
// After this many rows, a file mostly refused is the wrong kind of file.
const SAMPLE_ROWS = 1_000;

export class RefusedFile extends Error {}

type RowReader = (record: string[]) => { postcode: string; latitude: number; longitude: number } | string;

const inUk = (latitude: number, longitude: number) =>
  latitude >= 49 && latitude <= 61 && longitude >= -9 && longitude <= 2;

function fullPostcode(text: string | undefined): string | null {
  const parsed = parsePostcode(text ?? "");
  return parsed?.inward ? formatPostcode(parsed) : null;
}

/**
 * Which of the two formats the first record says the file is: ONSPD has a
 * header naming pcds (or pcd), lat and long; Code-Point Open has no header,
 * and its rows are postcode, quality, eastings, northings, codes…
 */
function readerFor(first: string[]): { format: string; read: RowReader; headerRow: boolean } | null {
  const names = first.map((n) => n.trim().toLowerCase());
  const postcodeAt = ["pcds", "pcd", "pcd7", "pcd8"].map((n) => names.indexOf(n)).find((i) => i >= 0);
  const latAt = names.indexOf("lat");
  const longAt = names.indexOf("long");
  if (postcodeAt !== undefined && latAt >= 0 && longAt >= 0) {
    return {
      format: "ONS Postcode Directory",
      headerRow: true,
      read(record) {
        const postcode = fullPostcode(record[postcodeAt]);
        if (!postcode) return "not a full UK postcode";
        const latitude = Number(record[latAt]);
        const longitude = Number(record[longAt]);
        // ONSPD gives 99.999999 where a postcode has no grid reference.
        if (!record[latAt] || !Number.isFinite(latitude) || latitude > 90) return "no coordinates";
        if (!Number.isFinite(longitude) || !inUk(latitude, longitude)) return "coordinates outside the UK";
        return { postcode, latitude, longitude };
      },
    };
  }
  const looksLikeCodePoint =
    first.length >= 4 &&
    fullPostcode(first[0]) !== null &&
    /^\d+$/.test(first[2] ?? "") &&
    /^\d+$/.test(first[3] ?? "");
  if (!looksLikeCodePoint) return null;
  return {
    format: "OS Code-Point Open",
    headerRow: false,
    read(record) {
      const postcode = fullPostcode(record[0]);
      if (!postcode) return "not a full UK postcode";
      const easting = Number(record[2]);
      const northing = Number(record[3]);
      // Quality 90, or a grid reference of 0, 0: the postcode has no position.
      if (record[1] === "90" || !easting || !northing) return "no coordinates";
      if (!(easting > 0 && easting < 700_000 && northing > 0 && northing < 1_300_000)) {
        return "coordinates outside the UK";
      }
      const { latitude, longitude } = gridToLatLng(easting, northing);
      return { postcode, latitude, longitude };
    },
  };
}

/**
 * Loads one file. Throws RefusedFile (nothing changed) when the file is not
 * one of the two formats, is malformed, or is larger than any postcode file.
 */
export async function importPostcodes(
  file: string,
  { print = console.log, every }: { print?: (line: string) => void; every?: number } = {},
): Promise<ImportSummary & { format: string; placed: number }> {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new RefusedFile(`${file}: no such file.`);
  }
  if (size === 0) throw new RefusedFile(`${file} is empty.`);
  if (size > MAX_BYTES) {
    throw new RefusedFile(
      `${file} is ${(size / 1024 ** 3).toFixed(1)} GB, more than any postcode file (3 GB at most).`,
    );
  }
  const report = importReport("Postcodes", { totalBytes: size, every, print });
  let format = "";
  let placed = 0;

  await db().transaction(async (tx) => {
    await tx.execute(
      sql`create temporary table postcode_staging (postcode text, latitude float8, longitude float8) on commit drop`,
    );
    let reader: NonNullable<ReturnType<typeof readerFor>> | undefined;
    let batch: { p: string; lat: number; lng: number }[] = [];
    // One parameter a batch, as JSON: both drivers pass it as it is, and the statement stays the same.
    const flush = async () => {
      if (batch.length === 0) return;
      await tx.execute(sql`insert into postcode_staging
        select p, lat, lng from json_to_recordset(${JSON.stringify(batch)}::json) as r(p text, lat float8, lng float8)`);
      batch = [];
    };
    // Opened only now, with nothing awaited before the loop reads it: a parse
    // error of a short file, raised while the transaction was still starting,
    // would otherwise have no listener and end the process.
    const input = fs.createReadStream(file);
    const parser = parse({ bom: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
    input.on("error", (error) => parser.destroy(error));
    input.pipe(parser);
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (reader === undefined) {
          const found = readerFor(record);
          if (!found) {
            throw new RefusedFile(
              `${file} is neither an ONS Postcode Directory file (a header with pcds, lat and long) nor OS Code-Point Open (postcode, quality, eastings, northings).`,
            );
          }
          reader = found;
          format = found.format;
          print(`Postcodes: reading ${file} as ${format}.`);
          if (found.headerRow) continue;
        }
        report.bytes(input.bytesRead);
        report.row();
        if (report.read > MAX_ROWS) {
          throw new RefusedFile(
            `${file} has more than ${MAX_ROWS.toLocaleString("en-GB")} rows, more than there are UK postcodes.`,
          );
        }
        const row = reader.read(record);
        if (typeof row === "string") {
          report.refuse(row);
          continue;
        }
        batch.push({ p: row.postcode, lat: row.latitude, lng: row.longitude });
        if (batch.length >= BATCH) await flush();
        if (report.read === SAMPLE_ROWS) refuseIfMostlyRefused(file, report);
      }
    } catch (error) {
      if (error instanceof RefusedFile) throw error;
      // csv-parse's own messages say what and where, e.g. "Invalid Record Length: … on line 12".
      if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_")) {
        throw new RefusedFile(`${file} is not a well-formed CSV file: ${error.message}`);
      }
      throw error;
    }
    await flush();
    if (!reader) throw new RefusedFile(`${file} has no rows.`);
    refuseIfMostlyRefused(file, report);

    // One row per postcode (the last, should a file list one twice), then what it adds and changes.
    await tx.execute(sql`create temporary table postcode_loaded on commit drop as
      select distinct on (postcode) postcode, latitude, longitude from postcode_staging`);
    // node-postgres and PGlite both answer with { rows }.
    const result = await tx.execute(sql`select
        count(*) filter (where p.postcode is null)::int as added,
        count(*) filter (where p.postcode is not null
          and (p.latitude, p.longitude, p.kind) is distinct from (s.latitude, s.longitude, 'full'::postcode_kind))::int as changed
        from postcode_loaded s left join postcode_location p on p.postcode = s.postcode`);
    const [counts] = (result as unknown as { rows: { added: number; changed: number }[] }).rows;
    report.added = counts?.added ?? 0;
    report.changed = counts?.changed ?? 0;
    await tx.execute(sql`insert into postcode_location (postcode, kind, latitude, longitude)
      select postcode, 'full', latitude, longitude from postcode_loaded
      on conflict (postcode) do update set kind = 'full', latitude = excluded.latitude, longitude = excluded.longitude
      where (postcode_location.latitude, postcode_location.longitude, postcode_location.kind)
        is distinct from (excluded.latitude, excluded.longitude, excluded.kind)`);
    // Businesses placed only at their district's or town's centre move to their full postcode (decision 0074).
    const moved = await tx.execute(sql`update directory_business b
      set latitude = p.latitude, longitude = p.longitude, placed_at = 'postcode'
      from postcode_loaded p where replace(p.postcode, ' ', '') = replace(upper(b.postcode), ' ', '')
        and b.placed_at in ('district', 'town')
      returning b.id`);
    placed = (moved as unknown as { rows: unknown[] }).rows.length;
  });
  print(report.summary());
  if (placed > 0)
    print(`Postcodes: ${placed} ${placed === 1 ? "business" : "businesses"} now placed at their full postcode.`);
  return { ...report, format, placed };
}

function refuseIfMostlyRefused(file: string, report: ImportSummary) {
  const refused = Object.values(report.refused).reduce((a, b) => a + b, 0);
  if (refused > report.read / 2) {
    const reasons = Object.entries(report.refused)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(", ");
    throw new RefusedFile(`${file}: most rows could not be read (${reasons}), so nothing was loaded.`);
  }
}
