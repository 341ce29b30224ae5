/**
 * Migration 0034_specialist_titles (issue 28 §2): listings get `specialist_titles` (an empty list
 * for every existing row), `specialist_title` becomes a check kind (a check and a request of that
 * kind are accepted, an unknown kind is still refused), and the demo records stored before it read
 * in the page's language: their sources lose the English "(demo record)" suffix, the insurer and
 * school their "(demo)", a demo discipline record's outcome and statement become catalog
 * references; real (non-demo) rows are untouched. The migrations before it are applied from a copy
 * of the folder whose journal stops there, the rows inserted, then the real folder applied (as
 * repair-case-states.test.ts).
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { migrateTo, migrationsFolderBefore } from "../../tests/support/migrations.ts";
import { type Database, MIGRATIONS_DIR } from "./client.ts";

const TAG = "0034_specialist_titles";

describe(`migration ${TAG} (${TEST_ENGINE})`, () => {
  let database: Database;
  let before: string;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    before = migrationsFolderBefore(TAG);
    await migrateTo(database, before);
  });
  afterAll(async () => {
    await database?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it("adds the titles and the check kind, and rewrites only the demo records' stored English", async () => {
    const { db } = database;
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO lawyers (name, email, phone, location, country, country_code, city, practice_areas, demo)
      VALUES ('Ada', 'ada@test.example', '+4930901820', 'Berlin, Germany', 'Germany', 'DE', 'Berlin', ARRAY['Car Accidents'], true)
      RETURNING id`);
    const id = inserted.rows[0]?.id as number;
    await db.execute(sql`
      INSERT INTO verification_checks (lawyer_id, kind, status, source, details, demo) VALUES
        (${id}, 'licence', 'verified', 'Rechtsanwaltskammer (Bundesweites Amtliches Anwaltsverzeichnis) (demo record)', NULL, true),
        (${id}, 'insurance', 'verified', 'Insurance certificate (demo record)', '{"carrier": "Lawyers Mutual (demo)", "cover": "1,000,000"}', true),
        (${id}, 'education', 'verified', 'Degree certificate (demo record)', '{"school": "City Law School (demo)", "degree": "LLB / JD", "year": 2001}', true),
        (${id}, 'licence', 'verified', 'A real register (demo record)', NULL, false)`);
    await db.execute(sql`
      INSERT INTO disciplinary_records (lawyer_id, decided_on, outcome, regulator, lawyer_statement, demo) VALUES
        (${id}, '2020-01-01', 'Reprimand', 'RAK', 'The matter concerned a missed filing deadline in one file; our procedures were changed afterwards. (demo record)', true),
        (${id}, '2021-01-01', 'Reprimand', 'RAK', 'My own words.', false)`);

    await migrateTo(database, MIGRATIONS_DIR);

    const lawyer = await db.execute<{ specialist_titles: unknown }>(
      sql`SELECT specialist_titles FROM lawyers WHERE id = ${id}`,
    );
    expect(lawyer.rows[0]?.specialist_titles).toEqual([]);
    const checks = await db.execute<{
      kind: string;
      source: string;
      details: Record<string, unknown> | null;
      demo: boolean;
    }>(sql`SELECT kind, source, details, demo FROM verification_checks WHERE lawyer_id = ${id} ORDER BY id`);
    expect(checks.rows.map((c) => c.source)).toEqual([
      "Rechtsanwaltskammer (Bundesweites Amtliches Anwaltsverzeichnis)",
      "Counsel Indemnity Mutual",
      "City Law School",
      "A real register (demo record)",
    ]);
    expect(checks.rows[1]?.details).toEqual({ carrier: "Counsel Indemnity Mutual", cover: "1,000,000" });
    expect(checks.rows[2]?.details?.school).toBe("City Law School");
    const records = await db.execute<{ outcome: string; lawyer_statement: string; demo: boolean }>(
      sql`SELECT outcome, lawyer_statement, demo FROM disciplinary_records WHERE lawyer_id = ${id} ORDER BY decided_on`,
    );
    expect(records.rows).toEqual([
      {
        outcome: "profile:verification.demoDiscipline.reprimand",
        lawyer_statement: "profile:verification.demoStatement.missedDeadline",
        demo: true,
      },
      { outcome: "Reprimand", lawyer_statement: "My own words.", demo: false },
    ]);

    await db.execute(sql`
      INSERT INTO verification_checks (lawyer_id, kind, status, source, details)
      VALUES (${id}, 'specialist_title', 'pending', 'Rechtsanwaltskammer Berlin', '{"title": "Fachanwalt für Verkehrsrecht"}')`);
    await db.execute(sql`
      INSERT INTO verification_requests (lawyer_id, kinds, created_at)
      VALUES (${id}, ARRAY['specialist_title'], now())`);
    await expect(
      db.execute(
        sql`INSERT INTO verification_checks (lawyer_id, kind, status) VALUES (${id}, 'hobby', 'pending')`,
      ),
    ).rejects.toThrow();
  });
});
