import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { openDatabase } from "../db/client.ts";
import { recomputeRatings } from "../reviews/recompute.ts";
import { resolveCountry } from "./countries.ts";
import {
  emailIdentity,
  findListedEmails,
  formatImportIssue,
  type ImportOutcome,
  type ImportResult,
  importLawyers,
  parseImportFile,
  parseImportText,
} from "./import.ts";
import { insertLawyers } from "./insert.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SAMPLE_CSV = path.join(root, "docs/samples/lawyers-sample.csv");
const SAMPLE_JSON = path.join(root, "docs/samples/lawyers-sample.json");

const HEADER =
  "name,email,phone,city,state,country,experience,practiceAreas,admissionRegulator,admissionNumber";
const GOOD =
  'Ada Test,ada@test.example,+1 416 555 0100,Toronto,Ontario,CA,12,"Car Accidents; dog bites",Law Society of Ontario,LSO-1';

/** The bar admission every row needs (issue 15 §2), for JSON rows. */
const ADMISSION = { admissionRegulator: "Test Regulator", admissionNumber: "T-1" };

/**
 * Adds the required admission columns (issue 15 §2) to a CSV text: the header gets
 * admissionRegulator and admissionNumber, every non-blank row "Test Regulator" and "T-{n}".
 */
function withAdmission(text: string): string {
  return text
    .split("\n")
    .map((line, i) =>
      i === 0
        ? `${line},admissionRegulator,admissionNumber`
        : line.trim() === ""
          ? line
          : `${line},Test Regulator,T-${i}`,
    )
    .join("\n");
}

function messages(result: ImportResult | ImportOutcome): string[] {
  return result.ok ? [] : result.errors.map(formatImportIssue);
}

describe("parseImportText / parseImportFile (issue 2 §2)", () => {
  it("accepts the sample CSV and JSON files from docs/samples", async () => {
    const csv = await parseImportFile(SAMPLE_CSV);
    expect(messages(csv)).toEqual([]);
    expect(csv.ok && csv.rows.length).toBe(3);
    const json = await parseImportFile(SAMPLE_JSON);
    expect(messages(json)).toEqual([]);
    expect(json.ok && json.rows.length).toBe(2);
  });

  it("never makes a row verified: verified/pending give a pending licence check, unverified or nothing gives none (issue 15 §2)", () => {
    const text = withAdmission(
      `name,email,city,country,practiceAreas,verified,verificationStatus\nA,a@x.example,Paris,FR,Dog Bites,true,verified\nB,b@x.example,Paris,FR,Dog Bites,,unverified\nC,c@x.example,Paris,FR,Dog Bites,,\nD,d@x.example,Paris,FR,Dog Bites,false,pending`,
    );
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([]);
    if (!result.ok) return;
    expect(result.rows.map((r) => r.verification?.checks.map((c) => `${c.kind}:${c.status}`) ?? [])).toEqual([
      ["licence:pending"],
      [],
      [],
      ["licence:pending"],
    ]);
  });

  it("needs a bar admission (regulator and number) on every row; the jurisdiction defaults to the row's (issue 15 §2)", () => {
    const missing = parseImportText(
      "name,email,city,country,practiceAreas\nA,a@adm.example,Paris,FR,Dog Bites\n",
      "csv",
    );
    expect(messages(missing)).toEqual([
      "row 1, field admissionRegulator: is required",
      "row 1, field admissionNumber: is required",
    ]);
    const text = [
      "name,email,city,state,country,practiceAreas,regulator,bar number,year admitted,admissionCountry,admissionRegion",
      "A,a@adm.example,Toronto,Ontario,CA,Dog Bites,Law Society of Ontario,L-1,2010,,",
      "B,b@adm.example,Buffalo,New York,US,Dog Bites,Law Society of Ontario,L-2,1899,Canada,Ontario",
      "C,c@adm.example,Paris,,FR,Dog Bites,Barreau,P-3,,Atlantis,",
    ].join("\n");
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([
      "row 2, field year admitted: must be from 1900 to 2100",
      'row 3, field admissionCountry: unknown country "Atlantis"; use an English name or an ISO code such as "US"',
    ]);
    const fixed = parseImportText(text.replace(",1899,", ",2001,").replace("Atlantis", ""), "csv");
    expect(messages(fixed)).toEqual([]);
    if (!fixed.ok) return;
    expect(fixed.rows.map((r) => r.verification?.admission)).toEqual([
      {
        countryCode: "CA",
        region: "Ontario",
        regulator: "Law Society of Ontario",
        licenceNumber: "L-1",
        yearAdmitted: 2010,
        status: "active",
      },
      {
        countryCode: "CA",
        region: "Ontario",
        regulator: "Law Society of Ontario",
        licenceNumber: "L-2",
        yearAdmitted: 2001,
        status: "active",
      },
      {
        countryCode: "FR",
        region: null,
        regulator: "Barreau",
        licenceNumber: "P-3",
        yearAdmitted: null,
        status: "active",
      },
    ]);
  });

  it("turns a CSV row into a lawyer: country resolved, phone as E.164, areas split and canonical", () => {
    const result = parseImportText(`${HEADER}\n${GOOD}\n`, "csv");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[0]).toMatchObject({
      name: "Ada Test",
      country: "Canada",
      countryCode: "CA",
      state: "Ontario",
      location: "Toronto, Ontario, Canada",
      phone: "+14165550100",
      experience: 12,
      rating: 0,
      reviewCount: 0,
      practiceAreas: ["Car Accidents", "Dog Bites"],
    });
    // Issue 15 §2: the file's "verified" is a claim, never a tick: no cache column is written.
    expect(result.rows[0]).not.toHaveProperty("verified");
    expect(result.rows[0]).not.toHaveProperty("verificationStatus");
  });

  it("stores a national number in any digits as E.164 of the row's country (issue 14 §2)", () => {
    const text = withAdmission(
      [
        "name,email,phone,city,country,practiceAreas",
        "Hans Test,h@test.example,030 901820,Berlin,DE,Car Accidents",
        "Aiko Test,a@test.example,０３－１２３４－５６７８,Tokyo,JP,Car Accidents",
        "Omar Test,o@test.example,٠٤ ٣٤٥ ٦٧٨٩,Dubai,AE,Car Accidents",
      ].join("\n"),
    );
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([]);
    if (result.ok)
      expect(result.rows.map((r) => r.phone)).toEqual(["+4930901820", "+81312345678", "+97143456789"]);
  });

  it("matches column names loosely (snake_case, spaces, case)", () => {
    const text = `Name,EMAIL,City,Country,practice_areas,business_address,verification_status,Regulator,Licence_Number,Year Admitted\nBo,bo@x.example,Paris,France,Mass Torts,"1 Rue, Paris",pending,Barreau de Paris,P-42,2011\n`;
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([]);
    if (result.ok) {
      expect(result.rows[0]).toMatchObject({
        businessAddress: "1 Rue, Paris",
        verification: { checks: [{ kind: "licence", status: "pending", method: "dataset_import" }] },
      });
    }
  });

  it("reports every bad row with its 1-based row number (header not counted) and field", () => {
    const text = [
      HEADER,
      GOOD,
      "Bad Years,b@test.example,,Toronto,Ontario,Canada,81,Car Accidents,LSO,2",
      "No Country,c@test.example,,Atlantis,,Atlantis,4,Car Accidents,LSO,3",
      "Bad Area,d@test.example,,Toronto,Ontario,CA,4,Car Accidents;Space Law,LSO,4",
      "Bad Phone,e@test.example,+44 20 7946 0321,Toronto,Ontario,CA,4,Car Accidents,LSO,5",
      ",not-an-email,,Toronto,Ontario,CA,four,,LSO,6",
    ].join("\n");
    const result = parseImportText(text, "csv");
    expect(result.ok).toBe(false);
    expect(messages(result)).toEqual([
      "row 2, field experience: must be at most 80",
      'row 3, field country: unknown country "Atlantis"; use an English name or an ISO code such as "CA"',
      expect.stringMatching(/^row 4, field practiceAreas: unknown practice area "Space Law"/),
      "row 5, field phone: is not a valid phone number for Canada",
      "row 6, field name: is required",
      "row 6, field email: must be an email address",
      "row 6, field experience: must be a number",
      expect.stringMatching(/^row 6, field practiceAreas: /),
    ]);
  });

  it("reads languages as ISO 639-1 codes (any case, ; or , separated) and rejects the whole file for one bad code (issue 14 §4)", () => {
    const header = "name,email,city,country,practiceAreas,languages";
    const good = parseImportText(
      withAdmission(
        `${header}\nAda,ada@l.example,Berlin,DE,Car Accidents,"DE; en, de"\nBo,bo@l.example,Paris,FR,Car Accidents,`,
      ),
      "csv",
    );
    expect(messages(good)).toEqual([]);
    if (good.ok) {
      expect(good.rows[0]?.languages).toEqual(["de", "en"]);
      expect(good.rows[1]?.languages).toEqual([]);
    }
    const bad = parseImportText(
      withAdmission(
        `${header}\nAda,ada@l.example,Berlin,DE,Car Accidents,de\nBo,bo@l.example,Paris,FR,Car Accidents,fr;xx;deu`,
      ),
      "csv",
    );
    expect(bad.ok).toBe(false);
    expect(messages(bad)).toEqual([
      'row 2, field languages: unknown language codes "xx", "deu"; use ISO 639-1 codes such as "en", "de", "ar"',
    ]);
    const json = parseImportText(
      JSON.stringify([
        {
          name: "J",
          email: "j@l.example",
          city: "Osaka",
          country: "JP",
          practiceAreas: ["Dog Bites"],
          languages: ["ja", "EN"],
          ...ADMISSION,
        },
      ]),
      "json",
    );
    expect(json.ok && json.rows[0]?.languages).toEqual(["ja", "en"]);
  });

  it("issue 28 §2: reads grammaticalGender (also a gender column, any case) and refuses other values", () => {
    const header = "name,email,city,country,practiceAreas,gender";
    const good = parseImportText(
      withAdmission(
        `${header}\nAda,ada@l.example,Berlin,DE,Car Accidents,Feminine\nBo,bo@l.example,Paris,FR,Car Accidents,\nCy,cy@l.example,Rome,IT,Car Accidents,neutral`,
      ),
      "csv",
    );
    expect(messages(good)).toEqual([]);
    if (good.ok) expect(good.rows.map((r) => r.grammaticalGender)).toEqual(["feminine", null, "neutral"]);
    const bad = parseImportText(
      withAdmission(`${header}\nAda,ada@l.example,Berlin,DE,Car Accidents,female`),
      "csv",
    );
    expect(messages(bad)).toEqual(["row 1, field gender: must be one of: feminine, masculine, neutral"]);
  });

  it("counts blank lines as rows so numbers stay stable, and reports short rows", () => {
    const result = parseImportText(`${HEADER}\n${GOOD}\n\nOnly,two\n`, "csv");
    expect(messages(result)).toEqual(["row 3: has 2 values but the header has 10 columns"]);
  });

  it("rejects unknown columns once, in the header", () => {
    const result = parseImportText(`${HEADER},shoeSize\n${GOOD},42\n`, "csv");
    expect(messages(result)).toEqual([
      expect.stringMatching(/^header, field shoeSize: unknown column; known columns: name, /),
    ]);
  });

  it("validates JSON rows: types, enums, traits, coordinates, unknown keys, with the array index as row", () => {
    const rows = [
      {
        name: "Ok",
        email: "ok@x.example",
        city: "Berlin",
        country: "DE",
        practiceAreas: ["Car Accidents"],
        ...ADMISSION,
      },
      {
        name: "Bad",
        email: "bad@x.example",
        city: "Berlin",
        country: "Germany",
        practiceAreas: [],
        experience: "4.5",
        ...ADMISSION,
      },
      {
        name: "Odd",
        email: "odd@x.example",
        city: "Oslo",
        country: "NOR",
        practiceAreas: "Slip & Fall",
        latitude: 59.9,
        communicationStyle: "telepathic",
        personalityTraits: { openness: 11 },
        favouriteColour: "blue",
        ...ADMISSION,
      },
      "not an object",
    ];
    const result = parseImportText(JSON.stringify(rows), "json");
    expect(messages(result)).toEqual([
      "row 2, field experience: must be a whole number of years",
      "row 2, field practiceAreas: needs at least one practice area",
      expect.stringMatching(/^row 3, field favouriteColour: unknown field/),
      "row 3, field longitude: is required when the other coordinate is given",
      "row 3, field personalityTraits: openness must be a whole number from 1 to 10",
      "row 3, field communicationStyle: must be one of: direct, empathetic, analytical, collaborative",
      "row 4: must be an object",
    ]);
  });

  it("reports a row repeating an earlier row's email (trimmed, any case), next to its other problems", () => {
    const text = withAdmission(
      [
        "name,E-mail,city,country,experience,practiceAreas",
        "Ada,ada@dup.example,Toronto,CA,4,Car Accidents",
        "Bo,bo@dup.example,Toronto,CA,4,Car Accidents",
        'Ada Again,"  ADA@Dup.Example ",Toronto,CA,4,Car Accidents',
        "Bo Again,Bo@DUP.example,Toronto,CA,81,Car Accidents",
        "Ada Third,ada@dup.example,Toronto,CA,4,Car Accidents",
        "Bad Email,ada@,Toronto,CA,4,Car Accidents",
      ].join("\n"),
    );
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([
      "row 3, field E-mail: same email as row 1",
      "row 4, field E-mail: same email as row 2",
      "row 4, field experience: must be at most 80",
      "row 5, field E-mail: same email as row 1",
      "row 6, field E-mail: must be an email address",
    ]);
    // Only the first row of each email is checked against the database.
    expect(result.identities).toEqual([
      { row: 1, field: "E-mail", email: "ada@dup.example" },
      { row: 2, field: "E-mail", email: "bo@dup.example" },
    ]);
    const json = parseImportText(
      JSON.stringify([
        {
          name: "A",
          email: "x@dup.example",
          city: "Lyon",
          country: "FR",
          practiceAreas: ["Dog Bites"],
          ...ADMISSION,
        },
        {
          name: "B",
          email: "X@DUP.EXAMPLE",
          city: "Lyon",
          country: "FR",
          practiceAreas: ["Dog Bites"],
          ...ADMISSION,
        },
      ]),
      "json",
    );
    expect(messages(json)).toEqual(["row 2, field email: same email as row 1"]);
    expect(emailIdentity("  Ada@Example.COM\t")).toBe("ada@example.com");
  });

  it("rejects ratings and review counts from elsewhere, row by row; empty or 0 is accepted and stored as 0 (issue 16 §1)", () => {
    const header = "name,email,city,country,practiceAreas,rating,reviews";
    const text = withAdmission(
      [
        header,
        "Empty,empty@r.example,Paris,FR,Dog Bites,,",
        "Zero,zero@r.example,Paris,FR,Dog Bites,0,0",
        "Zero Text,zerotext@r.example,Paris,FR,Dog Bites, 0.00 ,0",
        "Rated,rated@r.example,Paris,FR,Dog Bites,4.7,",
        "Counted,counted@r.example,Paris,FR,Dog Bites,,212",
        "Both,both@r.example,Paris,FR,Dog Bites,five,-1",
      ].join("\n"),
    );
    const result = parseImportText(text, "csv");
    // Validate-all-before-write: the three good rows are not returned either.
    expect(result.ok).toBe(false);
    expect(messages(result)).toEqual([
      "row 4, field rating: ratings come only from reviews verified on LexAtlas; leave it empty",
      "row 5, field reviews: review counts come only from reviews verified on LexAtlas; leave it empty",
      "row 6, field rating: ratings come only from reviews verified on LexAtlas; leave it empty",
      "row 6, field reviews: review counts come only from reviews verified on LexAtlas; leave it empty",
    ]);
    const fixed = parseImportText(text.split("\n").slice(0, 4).join("\n"), "csv");
    expect(messages(fixed)).toEqual([]);
    if (fixed.ok)
      expect(fixed.rows.map((r) => [r.rating, r.reviewCount])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);

    const base = { city: "Lyon", country: "FR", practiceAreas: ["Dog Bites"], ...ADMISSION };
    const json = parseImportText(
      JSON.stringify([
        { ...base, name: "A", email: "a@rj.example", rating: 0, reviewCount: 0 },
        { ...base, name: "B", email: "b@rj.example", rating: 4.5, reviewCount: 10 },
        { ...base, name: "C", email: "c@rj.example", rating: null, reviewCount: "" },
      ]),
      "json",
    );
    expect(messages(json)).toEqual([
      "row 2, field rating: ratings come only from reviews verified on LexAtlas; leave it empty",
      "row 2, field reviewCount: review counts come only from reviews verified on LexAtlas; leave it empty",
    ]);
  });

  it("resolves countries by name, alias or ISO code, accent- and case-insensitively", () => {
    for (const input of ["CA", "can", "Canada", " canada "]) expect(resolveCountry(input)?.code).toBe("CA");
    expect(resolveCountry("USA")).toEqual({ code: "US", name: "United States" });
    expect(resolveCountry("uk")).toEqual({ code: "GB", name: "United Kingdom" });
    expect(resolveCountry("Türkiye")?.code).toBe("TR");
    expect(resolveCountry("turkiye")?.code).toBe("TR");
    expect(resolveCountry("Atlantis")).toBeNull();
    expect(resolveCountry("XX")).toBeNull();
  });

  it("reports file-level problems", async () => {
    expect(messages(parseImportText("{not json", "json"))[0]).toMatch(/^file: not valid JSON/);
    expect(messages(parseImportText('{"a":1}', "json"))).toEqual([
      "file: must be a JSON array of lawyer objects",
    ]);
    expect(messages(parseImportText(`${HEADER}\n`, "csv"))).toEqual(["file: no rows to import"]);
    expect(messages(await parseImportFile("/nonexistent/lawyers.csv"))).toEqual([
      "file: /nonexistent/lawyers.csv: file not found",
    ]);
  });
});

describe(`import into the database (${TEST_ENGINE})`, () => {
  it("imports valid CSV and JSON rows in one transaction", async () => {
    const database = await openTestDatabase();
    try {
      const csv = await parseImportFile(SAMPLE_CSV);
      const json = await parseImportFile(SAMPLE_JSON);
      if (!csv.ok || !json.ok) throw new Error("sample files should be valid");
      expect(await insertLawyers(database.db, [...csv.rows, ...json.rows])).toBe(5);
      const { rows } = await database.db.execute<{
        name: string;
        country_code: string;
        practice_areas: string[];
      }>(sql`SELECT name, country_code, practice_areas FROM lawyers ORDER BY id`);
      expect(rows.map((r) => r.country_code)).toEqual(["CA", "US", "DE", "GB", "JP"]);
      expect(rows[2]?.name).toBe("Lena Müller");
      expect(rows[0]?.practice_areas).toEqual(["Car Accidents", "Motorcycle Accidents", "Wrongful Death"]);
      // Issue 15 §2 "Imports never set a check to verified by themselves": rows that say verified
      // or pending get one pending licence check; none is verified, none shows a tick.
      const checks = await database.db.execute<{ status: string; method: string; n: number }>(
        sql`SELECT status, method, count(*)::int AS n FROM verification_checks GROUP BY 1, 2`,
      );
      expect(checks.rows.every((c) => c.status === "pending" && c.method === "dataset_import")).toBe(true);
      const ticks = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM lawyers WHERE verified`,
      );
      expect(ticks.rows[0]?.n).toBe(0);
      // Every listing has its bar admission, and a pending licence check points at it.
      const admissions = await database.db.execute<{
        regulator: string;
        licence_number: string;
        region: string | null;
        checked: number;
      }>(
        sql`SELECT a.regulator, a.licence_number, a.region,
              (SELECT count(*)::int FROM verification_checks c WHERE c.admission_id = a.id) AS checked
            FROM bar_admissions a ORDER BY a.lawyer_id`,
      );
      expect(admissions.rows.map((a) => [a.regulator, a.licence_number, a.region])).toEqual([
        ["Law Society of Ontario", "LSO-00000-SAMPLE", "Ontario"],
        ["New York State Unified Court System", "0000001", "New York"],
        ["Rechtsanwaltskammer Berlin", "RAK-B-00000-SAMPLE", "Berlin"],
        ["Solicitors Regulation Authority", "SRA-000000-SAMPLE", "Greater London"],
        ["Japan Federation of Bar Associations", "JFBA-00000-SAMPLE", "Tokyo"],
      ]);
      expect(checks.rows.reduce((n, c) => n + c.n, 0)).toBe(
        admissions.rows.reduce((n, a) => n + a.checked, 0),
      );
    } finally {
      await database.close();
    }
  });
});

describe(`ratings of imported listings (${TEST_ENGINE}, issue 16 §1)`, () => {
  it("stores 0 and 0 for every imported listing and writes nothing for a file with a rating", async () => {
    const database = await openTestDatabase();
    try {
      const rated = parseImportText(
        withAdmission(
          "name,email,city,country,practiceAreas,rating,reviewCount\nA,a@ri.example,Paris,FR,Dog Bites,0,\nB,b@ri.example,Paris,FR,Dog Bites,4.9,120",
        ),
        "csv",
      );
      expect(messages(await importLawyers(database.db, rated))).toEqual([
        "row 2, field rating: ratings come only from reviews verified on LexAtlas; leave it empty",
        "row 2, field reviewCount: review counts come only from reviews verified on LexAtlas; leave it empty",
      ]);
      const none = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lawyers`);
      expect(none.rows[0]?.n).toBe(0);

      expect(await importLawyers(database.db, await parseImportFile(SAMPLE_CSV))).toEqual({
        ok: true,
        count: 3,
      });
      const { rows } = await database.db.execute<{ rating: string; review_count: number }>(
        sql`SELECT rating::text AS rating, review_count FROM lawyers ORDER BY id`,
      );
      expect(rows.map((r) => [Number(r.rating), r.review_count])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
    } finally {
      await database.close();
    }
  });

  it("recomputeRatings (the import's writer) sets the listed ids from their published reviews only", async () => {
    const database = await openTestDatabase();
    try {
      expect(await importLawyers(database.db, await parseImportFile(SAMPLE_CSV))).toEqual({
        ok: true,
        count: 3,
      });
      // A stale cache (as if written by something else) on all three listings.
      await database.db.execute(sql`UPDATE lawyers SET rating = 4.5, review_count = 9`);
      const { rows: ids } = await database.db.execute<{ id: number }>(
        sql`SELECT id FROM lawyers ORDER BY id`,
      );
      const [a, b, c] = ids.map((r) => r.id as number);
      await recomputeRatings(database.db, [a as number, c as number]);
      await recomputeRatings(database.db, []);
      const { rows } = await database.db.execute<{ id: number; rating: string; review_count: number }>(
        sql`SELECT id, rating::text AS rating, review_count FROM lawyers ORDER BY id`,
      );
      expect(rows.map((r) => [r.id, Number(r.rating), r.review_count])).toEqual([
        [a, 0, 0],
        [b, 4.5, 9],
        [c, 0, 0],
      ]);
    } finally {
      await database.close();
    }
  });
});

describe(`duplicates against the database (${TEST_ENGINE})`, () => {
  const count = async (db: Awaited<ReturnType<typeof openTestDatabase>>["db"]) => {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lawyers`);
    return rows[0]?.n;
  };

  it("refuses a second import of the sample: every row reported with the existing id, nothing written", async () => {
    const database = await openTestDatabase();
    try {
      const sample = await parseImportFile(SAMPLE_CSV);
      expect(await importLawyers(database.db, sample)).toEqual({ ok: true, count: 3 });
      const { rows: ids } = await database.db.execute<{ id: number }>(
        sql`SELECT id FROM lawyers ORDER BY id`,
      );
      const [a, b, c] = ids.map((r) => r.id);
      const again = await importLawyers(database.db, sample);
      expect(messages(again)).toEqual([
        `row 1, field email: already listed (lawyer id ${a})`,
        `row 2, field email: already listed (lawyer id ${b})`,
        `row 3, field email: already listed (lawyer id ${c})`,
      ]);
      expect(await importLawyers(database.db, sample, { dryRun: true })).toEqual(again);
      expect(await count(database.db)).toBe(3);

      // Case and whitespace variants are the same listing; a new email next to them is not written either.
      const variants = parseImportText(
        withAdmission(
          [
            "name,email,city,country,practiceAreas,experience",
            "Avery,  AVERY.Sample@Sample-Stone.example ,Toronto,CA,Car Accidents,4",
            "New Person,new@person.example,Toronto,CA,Car Accidents,4",
            "Lena,Lena.Mueller@KANZLEI-mueller.example,Berlin,DE,Car Accidents,81",
          ].join("\n"),
        ),
        "csv",
      );
      expect(messages(await importLawyers(database.db, variants))).toEqual([
        `row 1, field email: already listed (lawyer id ${a})`,
        `row 3, field email: already listed (lawyer id ${c})`,
        "row 3, field experience: must be at most 80",
      ]);
      expect(await count(database.db)).toBe(3);

      const fresh = parseImportText(
        withAdmission(
          "name,email,city,country,practiceAreas\nNew Person,new@person.example,Toronto,CA,Car Accidents",
        ),
        "csv",
      );
      expect(await importLawyers(database.db, fresh, { dryRun: true })).toEqual({ ok: true, count: 1 });
      expect(await count(database.db)).toBe(3);
      expect(await importLawyers(database.db, fresh)).toEqual({ ok: true, count: 1 });
      expect(await count(database.db)).toBe(4);
    } finally {
      await database.close();
    }
  });

  it("lets only one of two simultaneous imports of the same file through", async () => {
    const database = await openTestDatabase();
    try {
      const sample = await parseImportFile(SAMPLE_JSON);
      const outcomes = await Promise.all([
        importLawyers(database.db, sample),
        importLawyers(database.db, sample),
      ]);
      expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, count: 2 }]);
      expect(messages(outcomes.find((o) => !o.ok) as ImportOutcome)).toEqual([
        expect.stringMatching(/^row 1, field email: already listed \(lawyer id \d+\)$/),
        expect.stringMatching(/^row 2, field email: already listed \(lawyer id \d+\)$/),
      ]);
      expect(await count(database.db)).toBe(2);
    } finally {
      await database.close();
    }
  });

  it("finds listed emails by identity key, reporting the lowest id when the database repeats one", async () => {
    const database = await openTestDatabase();
    try {
      const sample = await parseImportFile(SAMPLE_JSON);
      if (!sample.ok) throw new Error("sample should be valid");
      const row = sample.rows[0];
      if (!row) throw new Error("sample has rows");
      await insertLawyers(database.db, [row, { ...row, email: ` ${row.email.toUpperCase()}` }], {
        refresh: false,
      });
      const { rows } = await database.db.execute<{ id: number }>(sql`SELECT min(id)::int AS id FROM lawyers`);
      const listed = await findListedEmails(database.db, [emailIdentity(row.email), "nobody@x.example"]);
      expect([...listed]).toEqual([[emailIdentity(row.email), rows[0]?.id]]);
      expect((await findListedEmails(database.db, [])).size).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe("npm run import (the script, spawned)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "lexatlas-import-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function run(args: string[], env: Record<string, string>) {
    const clean = { ...process.env };
    delete clean.DATABASE_URL;
    delete clean.DATA_DIR;
    return spawnSync(process.execPath, [path.join(root, "scripts/import.ts"), ...args], {
      env: { ...clean, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  }

  async function countIn(opts: { dataDir?: string; databaseUrl?: string }): Promise<number> {
    const database = await openDatabase(opts);
    try {
      const { rows } = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lawyers`);
      return rows[0]?.n ?? -1;
    } finally {
      await database.close();
    }
  }

  it("imports into a PGlite DATA_DIR, rejects a bad file writing nothing, and exits 75 when the folder is locked", async () => {
    const dataDir = path.join(dir, "data");
    const ok = run([SAMPLE_CSV], { DATA_DIR: dataDir });
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toMatch(/^Imported 3 lawyers from .*lawyers-sample\.csv in \d+ ms\.\n$/);
    expect(ok.status).toBe(0);

    const dry = run([SAMPLE_JSON, "--dry-run"], { DATA_DIR: dataDir });
    expect(dry.stdout).toContain("all 2 rows are valid; nothing was written (--dry-run)");
    expect(dry.status).toBe(0);

    // The same file again: every row is already listed, with or without --dry-run.
    for (const args of [[SAMPLE_CSV], [SAMPLE_CSV, "--dry-run"]]) {
      const twice = run(args, { DATA_DIR: dataDir });
      expect(twice.status).toBe(1);
      expect(twice.stdout).toBe("");
      expect(twice.stderr).toMatch(/lawyers-sample\.csv: 3 problems found; nothing was imported\.\n/);
      for (const n of [1, 2, 3])
        expect(twice.stderr).toContain(`row ${n}, field email: already listed (lawyer id ${n})`);
    }
    expect(await countIn({ dataDir })).toBe(3);

    // A dry run against a data folder that does not exist yet checks the file and creates nothing.
    const missing = path.join(dir, "no-data-yet");
    const dryFresh = run([SAMPLE_CSV, "--dry-run"], { DATA_DIR: missing });
    expect(dryFresh.status).toBe(0);
    expect(existsSync(missing)).toBe(false);

    const bad = path.join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify([
        {
          name: "Fine",
          email: "f@x.example",
          city: "Lyon",
          country: "FR",
          practiceAreas: ["Dog Bites"],
          rating: 4.8,
          ...ADMISSION,
        },
        {
          name: "Broken",
          email: "b@x.example",
          city: "Lyon",
          country: "FR",
          practiceAreas: ["Dog Bites"],
          experience: 81,
          ...ADMISSION,
        },
      ]),
    );
    const rejected = run([bad], { DATA_DIR: dataDir });
    expect(rejected.status).toBe(1);
    expect(rejected.stderr).toContain("2 problems found; nothing was imported.");
    expect(rejected.stderr).toContain(
      "row 1, field rating: ratings come only from reviews verified on LexAtlas; leave it empty",
    );
    expect(rejected.stderr).toContain("row 2, field experience: must be at most 80");
    expect(await countIn({ dataDir })).toBe(3);

    const usage = run([], { DATA_DIR: dataDir });
    expect(usage.status).toBe(64);
    expect(usage.stderr).toContain("Usage: npm run import -- FILE [--dry-run]");

    const holder = await openDatabase({ dataDir });
    try {
      const locked = run([SAMPLE_JSON], { DATA_DIR: dataDir });
      expect(locked.status).toBe(75);
      expect(locked.stderr).toContain("is in use by another LexAtlas process");
    } finally {
      await holder.close();
    }
    expect(await countIn({ dataDir })).toBe(3);
  });

  // Registered only on the PostgreSQL run (CI runs both), so no test shows as skipped.
  if (process.env.TEST_DATABASE_URL)
    it("imports into PostgreSQL given DATABASE_URL", async () => {
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = `lexatlas_import_${process.pid}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        const ok = run([SAMPLE_JSON], { DATABASE_URL: url.toString() });
        expect(ok.stderr).toBe("");
        expect(ok.status).toBe(0);
        expect(await countIn({ databaseUrl: url.toString() })).toBe(2);
        const twice = run([SAMPLE_JSON], { DATABASE_URL: url.toString() });
        expect(twice.status).toBe(1);
        expect(twice.stderr).toContain("2 problems found; nothing was imported.");
        expect(twice.stderr).toMatch(/row 1, field email: already listed \(lawyer id \d+\)/);
        expect(twice.stderr).toMatch(/row 2, field email: already listed \(lawyer id \d+\)/);
        expect(await countIn({ databaseUrl: url.toString() })).toBe(2);
      } finally {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      }
    });
});
