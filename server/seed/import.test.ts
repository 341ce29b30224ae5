import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { openTestDatabase, TEST_ENGINE } from "../testing/db.ts";
import { resolveCountry } from "./countries.ts";
import { formatImportIssue, type ImportResult, parseImportFile, parseImportText } from "./import.ts";
import { insertLawyers } from "./insert.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SAMPLE_CSV = path.join(root, "docs/samples/lawyers-sample.csv");
const SAMPLE_JSON = path.join(root, "docs/samples/lawyers-sample.json");

const HEADER = "name,email,phone,city,state,country,rating,practiceAreas";
const GOOD = 'Ada Test,ada@test.example,+1 416 555 0100,Toronto,Ontario,CA,4.5,"Car Accidents; dog bites"';

function messages(result: ImportResult): string[] {
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

  it("turns a CSV row into a lawyer: country resolved, phone formatted, areas split and canonical", () => {
    const result = parseImportText(`${HEADER}\n${GOOD}\n`, "csv");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[0]).toMatchObject({
      name: "Ada Test",
      country: "Canada",
      countryCode: "CA",
      state: "Ontario",
      location: "Toronto, Ontario, Canada",
      phone: "+1 416 555 0100",
      rating: 4.5,
      experience: 0,
      practiceAreas: ["Car Accidents", "Dog Bites"],
      verified: true,
      verificationStatus: "verified",
    });
  });

  it("matches column names loosely (snake_case, spaces, case)", () => {
    const text = `Name,EMAIL,City,Country,practice_areas,business_address,verification_status\nBo,bo@x.example,Paris,France,Mass Torts,"1 Rue, Paris",pending\n`;
    const result = parseImportText(text, "csv");
    expect(messages(result)).toEqual([]);
    if (result.ok) {
      expect(result.rows[0]).toMatchObject({
        businessAddress: "1 Rue, Paris",
        verificationStatus: "pending",
        verified: false,
      });
    }
  });

  it("reports every bad row with its 1-based row number (header not counted) and field", () => {
    const text = [
      HEADER,
      GOOD,
      "Bad Rating,b@test.example,,Toronto,Ontario,Canada,5.5,Car Accidents",
      "No Country,c@test.example,,Atlantis,,Atlantis,4,Car Accidents",
      "Bad Area,d@test.example,,Toronto,Ontario,CA,4,Car Accidents;Space Law",
      "Bad Phone,e@test.example,+44 20 7946 0321,Toronto,Ontario,CA,4,Car Accidents",
      ",not-an-email,,Toronto,Ontario,CA,four,",
    ].join("\n");
    const result = parseImportText(text, "csv");
    expect(result.ok).toBe(false);
    expect(messages(result)).toEqual([
      "row 2, field rating: must be from 0 to 5",
      'row 3, field country: unknown country "Atlantis"; use an English name or an ISO code such as "CA"',
      expect.stringMatching(/^row 4, field practiceAreas: unknown practice area "Space Law"/),
      "row 5, field phone: is not a valid phone number for Canada",
      "row 6, field name: is required",
      "row 6, field email: must be an email address",
      "row 6, field rating: must be a number",
      expect.stringMatching(/^row 6, field practiceAreas: /),
    ]);
  });

  it("counts blank lines as rows so numbers stay stable, and reports short rows", () => {
    const result = parseImportText(`${HEADER}\n${GOOD}\n\nOnly,two\n`, "csv");
    expect(messages(result)).toEqual(["row 3: has 2 values but the header has 8 columns"]);
  });

  it("rejects unknown columns once, in the header", () => {
    const result = parseImportText(`${HEADER},shoeSize\n${GOOD},42\n`, "csv");
    expect(messages(result)).toEqual([
      expect.stringMatching(/^header, field shoeSize: unknown column; known columns: name, /),
    ]);
  });

  it("validates JSON rows: types, enums, traits, coordinates, unknown keys, with the array index as row", () => {
    const rows = [
      { name: "Ok", email: "ok@x.example", city: "Berlin", country: "DE", practiceAreas: ["Car Accidents"] },
      {
        name: "Bad",
        email: "bad@x.example",
        city: "Berlin",
        country: "Germany",
        practiceAreas: [],
        rating: "4.555",
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
      },
      "not an object",
    ];
    const result = parseImportText(JSON.stringify(rows), "json");
    expect(messages(result)).toEqual([
      "row 2, field rating: must have at most 2 decimals",
      "row 2, field practiceAreas: needs at least one practice area",
      expect.stringMatching(/^row 3, field favouriteColour: unknown field/),
      "row 3, field longitude: is required when the other coordinate is given",
      "row 3, field personalityTraits: openness must be a whole number from 1 to 10",
      "row 3, field communicationStyle: must be one of: direct, empathetic, analytical, collaborative",
      "row 4: must be an object",
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

    const bad = path.join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify([
        { name: "Fine", email: "f@x.example", city: "Lyon", country: "FR", practiceAreas: ["Dog Bites"] },
        {
          name: "Broken",
          email: "b@x.example",
          city: "Lyon",
          country: "FR",
          practiceAreas: ["Dog Bites"],
          rating: 9,
        },
      ]),
    );
    const rejected = run([bad], { DATA_DIR: dataDir });
    expect(rejected.status).toBe(1);
    expect(rejected.stderr).toContain("1 problem found; nothing was imported.");
    expect(rejected.stderr).toContain("row 2, field rating: must be from 0 to 5");
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
      } finally {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      }
    });
});
