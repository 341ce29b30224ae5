/**
 * The register import of issue 15 §2 against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): rows in the NYS Attorney Registrations format match listings' admissions
 * by number and family name (accents and case ignored), "Currently registered" verifies the
 * licence check with the file as source, other statuses lapse it, mismatches and unmatched rows
 * are reported and change nothing, every change is audited, a rerun changes nothing, a bad row
 * or a failed write leaves everything as it was, and the command prints its report. The sample
 * in docs/samples matches the demo data as docs/import.md says.
 */
import { copyFile, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { auditLog, barAdmissions, lawyers, verificationChecks } from "../db/schema.ts";
import { generateLawyers } from "../seed/generate.ts";
import { recomputeVerification } from "./recompute.ts";
import { runRegisterImport } from "./register-cli.ts";
import {
  familyNameMatches,
  importRegisterRows,
  parseNextRegistration,
  parseRegisterCsv,
  type RegisterRow,
} from "./register-import.ts";

const NY = "New York State Unified Court System, Attorney Registration";
const SAMPLE = path.resolve("docs/samples/ny-attorney-registrations-sample.csv");
const HEADER =
  "Registration Number,First Name,Middle Name,Last Name,Suffix,Company Name,Street 1,Street 2,City,State,Zip,Zip Plus Four,Country,County,Phone Number,Email Address,Year Admitted,Judicial Department of Admission,Law School,Status,Next Registration";
const line = (number: string, first: string, last: string, status: string, next: string) =>
  `${number},${first},,${last},,,1 Example St,,New York,NY,10001,,United States,New York,,,2010,1,LAW SCHOOL,${status},${next}`;

const clock = createTestClock("2026-11-20T10:00:00Z");

async function listing(
  db: Database["db"],
  name: string,
  number: string,
  check: "pending" | "verified" | null,
  regulator = NY,
): Promise<{ lawyerId: number; admissionId: number }> {
  const [l] = await db
    .insert(lawyers)
    .values({
      name,
      email: "x@firm.example",
      location: "New York",
      country: "United States",
      countryCode: "US",
      city: "New York",
    })
    .returning({ id: lawyers.id });
  const lawyerId = (l as { id: number }).id;
  const [a] = await db
    .insert(barAdmissions)
    .values({ lawyerId, countryCode: "US", region: "New York", regulator, licenceNumber: number })
    .returning({ id: barAdmissions.id });
  const admissionId = (a as { id: number }).id;
  if (check) {
    await db.insert(verificationChecks).values({
      lawyerId,
      admissionId,
      kind: "licence",
      status: check,
      method: check === "verified" ? "register_lookup" : null,
      source: NY,
      checkedOn: check === "verified" ? "2026-01-10" : null,
      nextCheckDue: check === "verified" ? "2027-01-10" : null,
    });
    await recomputeVerification(db, lawyerId, clock);
  }
  return { lawyerId, admissionId };
}

async function licence(db: Database["db"], admissionId: number) {
  return db
    .select()
    .from(verificationChecks)
    .where(and(eq(verificationChecks.admissionId, admissionId), eq(verificationChecks.kind, "licence")));
}

async function cache(db: Database["db"], id: number) {
  const [r] = await db
    .select({ verified: lawyers.verified, status: lawyers.verificationStatus })
    .from(lawyers)
    .where(eq(lawyers.id, id));
  return r;
}

function rows(text: string): RegisterRow[] {
  const parsed = parseRegisterCsv(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.rows;
}

describe("parseRegisterCsv", () => {
  it("reads the sample export and its months", async () => {
    const parsed = parseRegisterCsv(await readFile(SAMPLE, "utf8"));
    expect(parsed.ok && parsed.rows.length).toBe(8);
    expect(parseNextRegistration("Jun 2017")).toBe("2017-06-30");
    expect(parseNextRegistration("Feb 2028")).toBe("2028-02-29");
    expect(parseNextRegistration("Foo 2017")).toBeNull();
    expect(familyNameMatches("Óscar Núñez-O'Brien", "NUNEZ-O'BRIEN")).toBe(true);
    expect(familyNameMatches("Linwood Gutmann", "HARTMANN")).toBe(false);
    expect(familyNameMatches("Ann Bergman", "BERG")).toBe(false);
  });

  it("names every bad row by number, and a missing column", () => {
    const bad = parseRegisterCsv(
      [
        HEADER,
        line("1001", "A", "ONE", "Currently registered", "Jun 2027"),
        line("", "B", "TWO", "Currently registered", ""),
        line("1003", "C", "", "Currently registered", "Junly 2027"),
        line("1001", "D", "FOUR", "Delinquent", ""),
      ].join("\n"),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.map((i) => i.row)).toEqual([2, 3, 3, 4]);
    expect(bad.issues[0]?.message).toBe("Registration Number is empty");
    expect(bad.issues[3]?.message).toBe("repeats the Registration Number of row 1");
    const noStatus = parseRegisterCsv("Registration Number,First Name,Last Name,Next Registration\n1,A,B,");
    expect(noStatus).toEqual({
      ok: false,
      issues: [{ row: null, message: "the header lacks the column(s) Status" }],
    });
  });

  it("the sample matches the demo data: five demo admissions, one name mismatch, two unknown numbers", async () => {
    const demo = generateLawyers(5600).filter((l) => l.verification?.admission?.regulator === NY);
    const sample = rows(await readFile(SAMPLE, "utf8"));
    const found = sample.map((r) => {
      const l = demo.find((d) => d.verification?.admission?.licenceNumber === r.registrationNumber);
      return l ? (familyNameMatches(l.name, r.lastName) ? "match" : "mismatch") : "none";
    });
    expect(found).toEqual(["match", "match", "match", "match", "match", "mismatch", "none", "none"]);
  });
});

describe(`importRegisterRows (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("verifies, lapses, reports mismatches and unmatched rows, audits, and a rerun changes nothing", async () => {
    const db = database.db;
    const grimes = await listing(db, "Lela Grimes", "223258", "pending");
    const nunez = await listing(db, "Óscar Núñez", "5555555", null);
    const ocie = await listing(db, "Ocie Krajcik-Abbott", "291501", "verified");
    const gutmann = await listing(db, "Linwood Gutmann", "931102", "pending");
    const elsewhere = await listing(db, "Jordan Example", "9900001", "pending", "State Bar of California");
    const text = [
      HEADER,
      line("223258", "LELA", "GRIMES", "Currently registered", "Mar 2027"),
      line("5555555", "OSCAR", "NUNEZ", "Currently registered", "Jun 2017"),
      line("291501", "OCIE", "KRAJCIK-ABBOTT", "Delinquent", "Feb 2026"),
      line("931102", "LINWOOD", "HARTMANN", "Currently registered", "May 2027"),
      line("9900001", "JORDAN", "EXAMPLE", "Currently registered", "Jun 2027"),
    ].join("\n");
    const opts = {
      regulator: ` ${NY.toUpperCase()} `,
      file: "/tmp/ny-export.csv",
      fileDate: "2026-11-15",
      clock,
    };
    const report = await importRegisterRows(db, rows(text), opts);
    expect(report).toMatchObject({ rows: 5, verified: 2, lapsed: 1, unchanged: 0 });
    expect(report.unmatched).toEqual([
      { row: 5, registrationNumber: "9900001", registerName: "JORDAN EXAMPLE" },
    ]);
    expect(report.mismatched).toEqual([
      {
        row: 4,
        registrationNumber: "931102",
        registerName: "LINWOOD HARTMANN",
        lawyerId: gutmann.lawyerId,
        listingName: "Linwood Gutmann",
      },
    ]);

    const source = `${NY.toUpperCase()} (register export ny-export.csv, 2026-11-15)`;
    expect(await licence(db, grimes.admissionId)).toMatchObject([
      {
        status: "verified",
        method: "dataset_import",
        source,
        sourceUrl: "https://iapps.courts.state.ny.us/attorneyservices/search",
        checkedOn: "2026-11-15",
        nextCheckDue: "2027-03-31",
        checkedBy: null,
      },
    ]);
    // A Next Registration not after the file's date: due a year after the file.
    expect(await licence(db, nunez.admissionId)).toMatchObject([
      { status: "verified", nextCheckDue: "2027-11-15" },
    ]);
    expect(await licence(db, ocie.admissionId)).toMatchObject([
      { status: "lapsed", nextCheckDue: null, source },
    ]);
    expect(await licence(db, gutmann.admissionId)).toMatchObject([{ status: "pending" }]);
    expect(await licence(db, elsewhere.admissionId)).toMatchObject([{ status: "pending" }]);
    expect(await cache(db, grimes.lawyerId)).toEqual({ verified: true, status: "verified" });
    expect(await cache(db, nunez.lawyerId)).toEqual({ verified: true, status: "verified" });
    expect(await cache(db, ocie.lawyerId)).toEqual({ verified: false, status: "unverified" });
    expect(await cache(db, gutmann.lawyerId)).toEqual({ verified: false, status: "pending" });

    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "verification.register_import"));
    expect(audit).toHaveLength(3);
    expect(audit.find((a) => a.subjectId === String(grimes.lawyerId))).toMatchObject({
      actorRole: "system",
      actorUserId: null,
      before: { status: "pending" },
      after: { status: "verified", nextCheckDue: "2027-03-31" },
    });
    expect(audit.find((a) => a.subjectId === String(nunez.lawyerId))?.before).toBeNull();

    const again = await importRegisterRows(db, rows(text), opts);
    expect(again).toMatchObject({ verified: 0, lapsed: 0, unchanged: 3 });
    expect(
      await db.select().from(auditLog).where(eq(auditLog.action, "verification.register_import")),
    ).toHaveLength(3);
  });

  it("a failing write rolls back every row before it", async () => {
    const db = database.db;
    const first = await listing(db, "Avery Stone", "7000001", "pending");
    const second = await listing(db, "Blake Frost", "7000002", null);
    await db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_check() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.admission_id = ${second.admissionId} THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`),
    );
    await db.execute(
      sql.raw(
        "CREATE TRIGGER test_refuse_check BEFORE INSERT ON verification_checks FOR EACH ROW EXECUTE FUNCTION test_refuse_check()",
      ),
    );
    try {
      const text = [
        HEADER,
        line("7000001", "AVERY", "STONE", "Currently registered", "Jun 2027"),
        line("7000002", "BLAKE", "FROST", "Currently registered", "Jun 2027"),
      ].join("\n");
      await expect(
        importRegisterRows(db, rows(text), { regulator: NY, file: "f.csv", fileDate: "2026-11-15", clock }),
      ).rejects.toThrow();
      expect(await licence(db, first.admissionId)).toMatchObject([{ status: "pending" }]);
      expect(await cache(db, first.lawyerId)).toEqual({ verified: false, status: "pending" });
      const audit = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(first.lawyerId)));
      expect(audit).toHaveLength(0);
    } finally {
      await db.execute(sql.raw("DROP TRIGGER test_refuse_check ON verification_checks"));
      await db.execute(sql.raw("DROP FUNCTION test_refuse_check()"));
    }
  });
});

describe("npm run import:register", () => {
  it("prints the report, refuses a file with a bad row without writing, and needs --regulator", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "lexatlas-register-"));
    const env = { DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" };
    try {
      const setup = await openDatabase({ dataDir: env.DATA_DIR });
      const grimes = await listing(setup.db, "Lela Grimes", "223258", "pending");
      await setup.close();

      const file = path.join(dir, "ny.csv");
      await copyFile(SAMPLE, file);
      await utimes(file, new Date("2026-11-18T12:00:00Z"), new Date("2026-11-18T12:00:00Z"));
      const out: string[] = [];
      const err: string[] = [];
      const io = { env, clock, out: (l: string) => out.push(l), err: (l: string) => err.push(l) };

      expect(await runRegisterImport([file], io)).toBe(64);
      expect(err.pop()).toContain("--regulator is required");

      const bad = path.join(dir, "bad.csv");
      await writeFile(
        bad,
        [
          HEADER,
          line("223258", "LELA", "GRIMES", "Currently registered", "Mar 2027"),
          line("12/34", "B", "TWO", "Currently registered", ""),
        ].join("\n"),
      );
      expect(await runRegisterImport(["--regulator", NY, bad], io)).toBe(1);
      expect(err).toEqual([
        `${bad}: 1 problem found; nothing was imported.`,
        'row 2: Registration Number "12/34" is not a number',
      ]);
      let check = await openDatabase({ dataDir: env.DATA_DIR });
      expect(await licence(check.db, grimes.admissionId)).toMatchObject([{ status: "pending" }]);
      await check.close();

      expect(await runRegisterImport(["--regulator", NY, file], io)).toBe(0);
      expect(out).toEqual([
        `${file}: 8 rows; 1 verified, 0 lapsed, 0 unchanged; 7 unmatched, 0 name mismatches.`,
        "Unmatched rows (no listing's admission under this regulator has the number):",
        "  row 2: 400120 ROSSIE DICKENS",
        "  row 3: 542198 MARQUES ROMAGUERA-RODRIGUEZ",
        "  row 4: 272320 GRETCHEN BRAUN",
        "  row 5: 291501 OCIE KRAJCIK-ABBOTT",
        "  row 6: 931102 LINWOOD HARTMANN",
        "  row 7: 9900001 JORDAN EXAMPLE",
        "  row 8: 9900002 CASEY SAMPLE",
      ]);
      check = await openDatabase({ dataDir: env.DATA_DIR });
      expect(await licence(check.db, grimes.admissionId)).toMatchObject([
        { status: "verified", checkedOn: "2026-11-18", source: `${NY} (register export ny.csv, 2026-11-18)` },
      ]);
      await check.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
