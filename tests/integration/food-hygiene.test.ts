// Food hygiene ratings (issue #17 item 5, decision 0029) on PGlite or
// PostgreSQL: the FSA's open-data files (fixtures we wrote in its XML and JSON
// formats) imported with counts and reasons; files that are wrong as a whole
// refused, changing nothing; staff's suggestions by name and postcode; and the
// daily job, on or off, fetching from a local stand-in for the FSA's server,
// once however many servers tick.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { scheduledJobs } from "../../app/jobs.server";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { hygieneRatingText } from "../../app/features/directory/food-hygiene";
import { hygieneSuggestions, linkEstablishment, loadHygiene } from "../../app/features/directory/food-hygiene.server";
import { FsaFileRefused, importFsaFile } from "../../app/features/directory/fsa-import.server";
import { setDatabase } from "../../app/server/db.server";
import { startScheduler } from "../../app/server/scheduler.server";
import { directoryBusiness, fsaEstablishment, scheduledRun } from "../../app/server/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const FIXTURES = path.resolve("tests/fixtures/fsa");
const XML = path.join(FIXTURES, "FHRS557en-GB.xml");
const JSON_FILE = path.join(FIXTURES, "FHRS776en-GB.json");

let database: TestDatabase;
let tmp: string;

/** The FSA's server, played locally: serves what `files` holds, and notes each request. */
const stub = {
  files: new Map<string, { status?: number; body: string; length?: number }>(),
  requests: [] as string[],
  server: http.createServer(),
  url: "",
};

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-fsa-"));
  stub.server.on("request", (request, response) => {
    stub.requests.push(request.url ?? "");
    const file = stub.files.get(request.url ?? "");
    if (!file) return void response.writeHead(404).end("Not found");
    response.writeHead(file.status ?? 200, {
      "content-type": "application/xml",
      "content-length": String(file.length ?? Buffer.byteLength(file.body)),
    });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => stub.server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}/open-data`;
});
afterAll(async () => {
  await new Promise((resolve) => stub.server.close(resolve));
  setDatabase(undefined);
  await database?.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.update(directoryBusiness).set({ fhrsid: null });
  await database.db.delete(directoryBusiness);
  await database.db.delete(fsaEstablishment);
  await database.db.delete(scheduledRun);
  stub.files.clear();
  stub.requests = [];
});

const establishment = async (fhrsid: number) =>
  (await database.db.select().from(fsaEstablishment).where(eq(fsaEstablishment.fhrsid, fhrsid)))[0];
const count = async () => (await database.db.select().from(fsaEstablishment)).length;
const write = (name: string, text: string | Buffer) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};
const summaryOf = ({ read, added, changed, refused }: Awaited<ReturnType<typeof importFsaFile>>) => ({
  read,
  added,
  changed,
  refused,
});

async function addBusiness(name: string, postcode: string | null, fhrsid: number | null = null) {
  const [row] = await database.db
    .insert(directoryBusiness)
    .values({
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      category: "food",
      description: "-",
      town: "Newport",
      postcode,
      fhrsid,
    })
    .returning({ id: directoryBusiness.id });
  return row!.id;
}

describe("npm run fsa:import", () => {
  it("imports an authority's XML file, refusing the rows that are wrong with their reasons", async () => {
    const lines: string[] = [];
    const report = await importFsaFile(database.db, XML, { every: 2, print: (line) => lines.push(line) });
    expect(summaryOf(report)).toEqual({
      read: 8,
      added: 4,
      changed: 0,
      refused: {
        "rating is not one the FHRS scheme gives": 1,
        "FHRSID is missing or not a whole number": 1,
        "rating date is not a date": 1,
        "FHRSID appears more than once in the file": 1,
      },
    });
    // Progress as rows are read, with the share of the file's size.
    expect(lines[0]).toMatch(/^fsa:import .*FHRS557en-GB\.xml: 2 rows read \(\d+%\)$/);
    expect(lines.at(-1)).toMatch(/: 8 rows read \(100%\)$/);
    expect(report.summary()).toContain("8 read, 4 added, 0 changed, 4 refused.");
    expect(report.summary()).toContain("refused 1: rating date is not a date");

    expect(await establishment(9100001)).toMatchObject({
      businessName: "Sultan's Charcoal Grill",
      localAuthorityCode: "557",
      localAuthorityName: "Newport",
      address: "12 Commercial Street, Newport",
      postcode: "NP20 1LP",
      postcodeKey: "NP201LP",
      nameKey: "sultan s charcoal grill",
      schemeType: "FHRS",
      ratingValue: "5",
      ratingDate: "2025-03-12",
      newRatingPending: false,
    });
    expect(await establishment(9100002)).toMatchObject({ ratingValue: "3", newRatingPending: true });
    // Awaiting inspection has no date (xsi:nil in the file).
    expect(await establishment(9100003)).toMatchObject({ ratingValue: "AwaitingInspection", ratingDate: null });
    expect(await establishment(9100004)).toMatchObject({ businessName: "Maindee Sweet Centre & Bakery" });
    expect(await establishment(9100005)).toBeUndefined();
  });

  it("imports Scotland's JSON file with its Pass and Improvement Required", async () => {
    const report = await importFsaFile(database.db, JSON_FILE);
    expect(summaryOf(report)).toEqual({
      read: 3,
      added: 2,
      changed: 0,
      refused: { "rating is not one the FHIS scheme gives": 1 },
    });
    const pass = await establishment(9200001);
    expect(pass).toMatchObject({ schemeType: "FHIS", ratingValue: "Pass", ratingDate: "2025-06-18" });
    const improve = await establishment(9200002);
    expect(improve).toMatchObject({ ratingValue: "Improvement Required", ratingDate: "2025-02-03" });
    expect(hygieneRatingText(improve!)).toBe("Improvement Required");
  });

  it("counts nothing as changed when the same file comes again, and a new rating as changed", async () => {
    await importFsaFile(database.db, XML);
    expect(summaryOf(await importFsaFile(database.db, XML))).toMatchObject({ read: 8, added: 0, changed: 0 });
    const rerated = fs
      .readFileSync(XML, "utf8")
      .replace("<RatingValue>3</RatingValue>", "<RatingValue>4</RatingValue>")
      .replace("<RatingDate>2024-09-30</RatingDate>", "<RatingDate>2026-11-02</RatingDate>");
    const report = await importFsaFile(database.db, write("rerated.xml", rerated));
    expect(summaryOf(report)).toMatchObject({ added: 0, changed: 1 });
    expect(await establishment(9100002)).toMatchObject({ ratingValue: "4", ratingDate: "2026-11-02" });
    expect(await establishment(9100001)).toMatchObject({ ratingValue: "5" });
  });

  it("refuses files that are malformed, of the wrong kind or too big, changing nothing", async () => {
    await importFsaFile(database.db, XML);
    const xml = fs.readFileSync(XML, "utf8");
    // Each would change Sultan's rating were any of it stored.
    const changed = xml.replace("<RatingValue>5</RatingValue>", "<RatingValue>0</RatingValue>");
    const refused: [string, string, RegExp, number?][] = [
      [
        "cut-short.xml",
        changed.slice(0, changed.indexOf("Peri Peri House")),
        /ends before its XML does|not well-formed/,
      ],
      ["broken.xml", changed.replace("</BusinessName>", "</BusinessNam>"), /not well-formed XML/],
      [
        "feed.xml",
        '<?xml version="1.0"?><rss><channel><title>News</title></channel></rss>',
        /not an FSA open-data file/,
      ],
      ["failed.xml", changed.replace("<ReturnCode>Success", "<ReturnCode>Error"), /did not succeed/],
      ["list.csv", "FHRSID,BusinessName,RatingValue\n9100001,Sultan,0\n", /neither XML nor JSON/],
      ["broken.json", '{"FHRSEstablishment": {"EstablishmentCollection": [', /not well-formed JSON/],
      ["other.json", '{"establishments": [{"FHRSID": 9100001, "RatingValue": "0"}]}', /no FHRSEstablishment/],
      ["empty.xml", "  \n", /empty/],
      ["big.xml", changed, /larger than/, 1_000],
    ];
    for (const [name, text, message, maxBytes] of refused) {
      await expect(importFsaFile(database.db, write(name, text), { maxBytes }), name).rejects.toThrow(message);
    }
    const binary = write("photo.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]));
    await expect(importFsaFile(database.db, binary)).rejects.toThrow(/not text in UTF-8|neither XML nor JSON/);
    await expect(importFsaFile(database.db, path.join(tmp, "missing.xml"))).rejects.toThrow(/There is no file/);
    await expect(importFsaFile(database.db, tmp)).rejects.toThrow(/is not a file/);
    // Over HTTP: an error answer, and a size said up front that is too big.
    await expect(importFsaFile(database.db, `${stub.url}/FHRS1en-GB.xml`)).rejects.toThrow(/answered 404/);
    stub.files.set("/open-data/FHRS2en-GB.xml", { body: changed });
    await expect(importFsaFile(database.db, `${stub.url}/FHRS2en-GB.xml`, { maxBytes: 1_000 })).rejects.toThrow(
      FsaFileRefused,
    );

    expect(await count()).toBe(4);
    expect(await establishment(9100001)).toMatchObject({ ratingValue: "5" });
  });
});

describe("linking a business to its establishment", () => {
  it("suggests establishments with the business's postcode or a name alike, best first", async () => {
    await importFsaFile(database.db, XML);
    await importFsaFile(database.db, JSON_FILE);
    const fhrsids = async (name: string, postcode: string | null) =>
      (await hygieneSuggestions({ name, postcode })).map((s) => s.fhrsid);
    // Same name and postcode, written differently.
    expect((await fhrsids("SULTANS CHARCOAL GRILL LTD", "np201lp"))[0]).toBe(9100001);
    // The postcode alone: both establishments at NP19 8EA, the closer name first.
    expect(await fhrsids("Newport Peri Peri House", "NP19 8EA")).toEqual([9100002, 9100003]);
    // The name alone, in another authority's file.
    expect(await fhrsids("Glasgow Kebab Kitchen", null)).toEqual([9200001]);
    expect(await fhrsids("Cwmbran Family Dental Practice", "NP44 1PU")).toEqual([]);
  });

  it("links only an imported establishment, and cards and pages then carry its rating", async () => {
    await importFsaFile(database.db, XML);
    const id = await addBusiness("Sultan Grill Newport", "NP20 1LP");
    expect(await linkEstablishment(database.db, id, 123456789)).toEqual({
      ok: false,
      message: expect.stringMatching(/No establishment with that FHRSID has been imported/),
    });
    expect((await database.db.select().from(directoryBusiness).where(eq(directoryBusiness.id, id)))[0]?.fhrsid).toBe(
      null,
    );
    expect(await linkEstablishment(database.db, id, 9100001)).toEqual({ ok: true, before: null, after: 9100001 });
    expect((await loadHygiene([id])).get(id)).toEqual({
      fhrsid: 9100001,
      schemeType: "FHRS",
      ratingValue: "5",
      ratingDate: "2025-03-12",
    });
    const {
      items: [card],
    } = await searchBusinesses(parseDirectoryQuery(new URLSearchParams("search=Sultan")), null);
    expect(card?.hygiene).toMatchObject({ fhrsid: 9100001, ratingValue: "5" });
    expect(await linkEstablishment(database.db, id, null)).toEqual({ ok: true, before: 9100001, after: null });
    expect((await loadHygiene([id])).size).toBe(0);
  });
});

describe("the daily FSA import", () => {
  it("is a job only when FSA_IMPORT is on, at 04:00 London", () => {
    expect(scheduledJobs({}, { FSA_IMPORT: false, FSA_OPEN_DATA_URL: stub.url }).map((job) => job.name)).not.toContain(
      "fsa.import",
    );
    const job = scheduledJobs({}, { FSA_IMPORT: true, FSA_OPEN_DATA_URL: stub.url }).find(
      (j) => j.name === "fsa.import",
    );
    expect(job?.periodStart?.(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-15T03:00:00.000Z");
    expect(job?.periodStart?.(new Date("2026-12-15T12:00:00Z")).toISOString()).toBe("2026-12-15T04:00:00.000Z");
  });

  it("re-imports the files of the linked businesses' authorities from FSA_OPEN_DATA_URL, once across servers", async () => {
    await importFsaFile(database.db, XML);
    await importFsaFile(database.db, JSON_FILE);
    await addBusiness("Sultan Grill Newport", "NP20 1LP", 9100001);
    await addBusiness("Not linked", null);
    const rerated = fs
      .readFileSync(XML, "utf8")
      .replace("<RatingValue>5</RatingValue>", "<RatingValue>2</RatingValue>");
    stub.files.set("/open-data/FHRS557en-GB.xml", { body: rerated });

    const job = scheduledJobs({}, { FSA_IMPORT: true, FSA_OPEN_DATA_URL: stub.url }).find(
      (j) => j.name === "fsa.import",
    )!;
    const now = new Date("2026-11-24T05:00:00Z");
    const outcomes: unknown[] = [];
    const servers = ["server-a", "server-b"].map((owner) =>
      startScheduler(database.db, [job], {
        owner,
        clock: () => now,
        ticking: false,
        onRun: (_name, outcome) => outcomes.push(outcome.result ?? outcome.error),
      }),
    );
    await Promise.all(servers.map((s) => s.tick()));
    await Promise.all(servers.map((s) => s.tick()));
    await Promise.all(servers.map((s) => s.stop()));

    // Only Newport's file (Glasgow's establishments are linked to nothing), fetched once.
    expect(stub.requests).toEqual(["/open-data/FHRS557en-GB.xml"]);
    expect(outcomes).toEqual([{ authorities: 1, read: 8, added: 0, changed: 1, refused: 4 }]);
    expect(await establishment(9100001)).toMatchObject({ ratingValue: "2" });
    const [run] = await database.db.select().from(scheduledRun);
    expect(run).toMatchObject({ job: "fsa.import", status: "done", periodStart: new Date("2026-11-24T04:00:00Z") });
  });

  it("fails the run, for the scheduler to retry, when an authority's file is refused", async () => {
    await importFsaFile(database.db, XML);
    await addBusiness("Sultan Grill Newport", "NP20 1LP", 9100001);
    stub.files.set("/open-data/FHRS557en-GB.xml", { body: "<html><body>Service unavailable</body></html>" });
    const job = scheduledJobs({}, { FSA_IMPORT: true, FSA_OPEN_DATA_URL: stub.url }).find(
      (j) => j.name === "fsa.import",
    )!;
    await expect(job.run(new Date())).rejects.toThrow(/authority 557: This is not an FSA open-data file/);
    expect(await establishment(9100001)).toMatchObject({ ratingValue: "5" });
  });
});
