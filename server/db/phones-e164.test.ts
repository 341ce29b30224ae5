/**
 * Migration 0014_phones_e164 (issue 14 §2 "stored as E.164"): rows written before it, with
 * phones in international display form, are rewritten to E.164 on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). The migrations before it are applied first from a copy of the folder
 * whose journal stops there, the rows are inserted, then the real folder is applied.
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { migrateTo, migrationsFolderBefore } from "../../tests/support/migrations.ts";
import { type Database, MIGRATIONS_DIR } from "./client.ts";

const TAG = "0014_phones_e164";

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

  it("keeps only '+' and digits of international phones; other text stays as it was", async () => {
    const { db } = database;
    const listing = (name: string, phone: string) =>
      sql`(${name}, ${`${name}@test.example`}, ${phone}, 'Berlin, Germany', 'Germany', 'DE', 'Berlin', ARRAY['Car Accidents'])`;
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO lawyers (name, email, phone, location, country, country_code, city, practice_areas) VALUES
        ${listing("display", "+49 30 1234567")}, ${listing("nanp", "+1 (416) 555-0100")},
        ${listing("trunk", "+49 (0)30 1234567")}, ${listing("e164", "+4930901820")},
        ${listing("national", "030 1234567")}, ${listing("none", "")}, ${listing("ext", "+1 416 555 0100 ext. 12")}
      RETURNING id`);
    const lawyerId = inserted.rows[0]?.id as number;
    await db.execute(sql`
      INSERT INTO users (email, password, first_name, last_name, role, business_phone)
      VALUES ('lawyer@test.example', 'x', 'Ada', '', 'lawyer', '+81 3-1234-5678')`);
    await db.execute(sql`
      INSERT INTO customer_messages (lawyer_id, customer_name, customer_email, customer_phone, subject, message)
      VALUES (${lawyerId}, 'Bo', 'bo@test.example', '+44 20 7946 0018', 'Hi', 'Hello')`);
    await db.execute(sql`
      INSERT INTO cases (lawyer_id, case_title, case_type, description, client_name, client_email, client_phone)
      VALUES (${lawyerId}, 'Crash', 'Car Accidents', 'Rear-ended', 'Cy', 'cy@test.example', '+971 4 345 6789')`);
    await db.execute(sql`
      INSERT INTO contact_messages (name, email, phone, subject, category, message)
      VALUES ('Di', 'di@test.example', '+33 6 12 34 56 78', 'Hello', 'General Inquiry', 'Hi')`);

    await migrateTo(database, MIGRATIONS_DIR);

    const phones = await db.execute<{ name: string; phone: string }>(
      sql`SELECT name, phone FROM lawyers ORDER BY id`,
    );
    expect(Object.fromEntries(phones.rows.map((r) => [r.name, r.phone]))).toEqual({
      display: "+49301234567",
      nanp: "+14165550100",
      trunk: "+49301234567",
      e164: "+4930901820",
      national: "030 1234567",
      none: "",
      ext: "+1 416 555 0100 ext. 12",
    });
    const one = async (query: ReturnType<typeof sql>) =>
      Object.values((await db.execute(query)).rows[0] ?? {})[0];
    expect(await one(sql`SELECT business_phone FROM users`)).toBe("+81312345678");
    expect(await one(sql`SELECT customer_phone FROM customer_messages`)).toBe("+442079460018");
    expect(await one(sql`SELECT client_phone FROM cases`)).toBe("+97143456789");
    expect(await one(sql`SELECT phone FROM contact_messages`)).toBe("+33612345678");
  });
});
