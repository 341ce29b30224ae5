/**
 * Migration 0033_repair_case_states (issue 27 §1): cases that reached another status without an
 * accept (the two-stage intake bypass: decline, then PATCH /status) go back to what the lawyer
 * decided — declined if declined, else pending — without the engaged/closed stamps; cases that were
 * accepted are untouched. The migrations before it are applied from a copy of the folder whose
 * journal stops there, the rows inserted, then the real folder applied (as phones-e164.test.ts).
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { migrateTo, migrationsFolderBefore } from "../../tests/support/migrations.ts";
import { type Database, MIGRATIONS_DIR } from "./client.ts";

const TAG = "0033_repair_case_states";

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

  it("puts cases moved without an accept back to declined or pending; accepted cases keep their state", async () => {
    const { db } = database;
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO lawyers (name, email, phone, location, country, country_code, city, practice_areas)
      VALUES ('Ada', 'ada@test.example', '+4930901820', 'Berlin, Germany', 'Germany', 'DE', 'Berlin', ARRAY['Car Accidents'])
      RETURNING id`);
    const lawyerId = inserted.rows[0]?.id as number;
    const at = "2026-11-01T10:00:00Z";
    const row = (
      title: string,
      status: string,
      stamps: { accepted?: boolean; declined?: boolean; engaged?: boolean; closed?: boolean },
    ) => sql`(${lawyerId}, ${title}, 'Car Accident', 'A description', 'Cy', 'cy@test.example', '+4930901821',
      ${status}, ${stamps.accepted ? at : null}::timestamptz, ${stamps.declined ? at : null}::timestamptz,
      ${stamps.engaged ? at : null}::timestamptz, ${stamps.closed ? at : null}::timestamptz)`;
    await db.execute(sql`
      INSERT INTO cases (lawyer_id, case_title, case_type, description, client_name, client_email, client_phone,
        status, accepted_at, declined_at, engaged_at, closed_at) VALUES
        ${row("declined then reviewing", "reviewing", { declined: true })},
        ${row("declined then engaged", "engaged", { declined: true, engaged: true })},
        ${row("pending pushed to closed", "closed", { engaged: true, closed: true })},
        ${row("still pending", "pending", {})},
        ${row("still declined", "declined", { declined: true })},
        ${row("accepted and engaged", "engaged", { accepted: true, engaged: true })},
        ${row("accepted then declined", "declined", { accepted: true, declined: true })}`);

    await migrateTo(database, MIGRATIONS_DIR);

    const after = await db.execute<{
      case_title: string;
      status: string;
      engaged: boolean;
      closed: boolean;
    }>(
      sql`SELECT case_title, status, engaged_at IS NOT NULL AS engaged, closed_at IS NOT NULL AS closed FROM cases`,
    );
    const byTitle = Object.fromEntries(
      after.rows.map((r) => [r.case_title, [r.status, r.engaged, r.closed]]),
    );
    expect(byTitle).toEqual({
      "declined then reviewing": ["declined", false, false],
      "declined then engaged": ["declined", false, false],
      "pending pushed to closed": ["pending", false, false],
      "still pending": ["pending", false, false],
      "still declined": ["declined", false, false],
      "accepted and engaged": ["engaged", true, false],
      "accepted then declined": ["declined", false, false],
    });
  });
});
