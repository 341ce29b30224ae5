import { readFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toE164 } from "../../lib/phone.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { managedSql } from "../listings/managed.ts";
import { createLogger } from "../logger.ts";
import { createDemoAccounts, DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { DEMO_RESPONDER_PASSWORD, DEMO_RESPONSE_CLIENT_EMAIL } from "./demo-responses.ts";
import { importLawyers, parseImportText } from "./import.ts";
import { seedIfEmpty } from "./index.ts";

type AccountRow = {
  email: string;
  password: string;
  role: string;
  lawyer_id: number | null;
  listing_email: string | null;
  listing_name: string | null;
  first_name: string;
  last_name: string;
  subscription_tier: string;
  subscription_status: string;
  period_days: number | null;
  business_name: string | null;
  business_phone: string | null;
  listing_firm: string | null;
  listing_phone: string | null;
  published_reviews: number | null;
};

describe(`demo accounts (${TEST_ENGINE})`, () => {
  let database: Database;
  let accounts: Map<string, AccountRow>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedIfEmpty(database.db, {
      count: 200,
      logger: createLogger("silent"),
      hashPassword: (password) => hash(password, { memoryCost: 1024, timeCost: 1 }),
    });
    const { rows } = await database.db.execute<AccountRow>(sql`
      SELECT u.email, u.password, u.role, u.lawyer_id, l.email AS listing_email, l.name AS listing_name,
             u.first_name, u.last_name, u.subscription_tier, u.subscription_status,
             extract(day FROM u.subscription_end_date - u.subscription_start_date)::int AS period_days,
             u.business_name, u.business_phone, l.firm AS listing_firm, l.phone AS listing_phone,
             (SELECT count(*)::int FROM reviews r WHERE r.lawyer_id = l.id AND r.status = 'published')
               AS published_reviews
      FROM users u LEFT JOIN lawyers l ON l.id = u.lawyer_id
      WHERE u.password <> ${DEMO_RESPONDER_PASSWORD}`);
    accounts = new Map(rows.map((r) => [r.email, r]));
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates a client, a linked lawyer and a premium lawyer with the README's passwords", async () => {
    expect([...accounts.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const demo of DEMO_ACCOUNTS) {
      const row = accounts.get(demo.email);
      expect(row?.role).toBe(demo.role);
      expect(await verify(row?.password ?? "", demo.password)).toBe(true);
    }
    const client = accounts.get("client@demo.lexatlas.example");
    expect(client?.lawyer_id).toBeNull();
    expect(client?.subscription_tier).toBe("free");
  });

  it("manages exactly the demo listings that answered a demo case, with accounts nobody can sign in to (issue 28 §4)", async () => {
    const { rows } = await database.db.execute<{
      id: number;
      answered: boolean;
      managed: boolean;
      responder: boolean;
    }>(sql`
      SELECT l.id,
        EXISTS (SELECT 1 FROM cases c WHERE c.lawyer_id = l.id AND c.accepted_at IS NOT NULL
          AND c.client_email = ${DEMO_RESPONSE_CLIENT_EMAIL}) AS answered,
        ${managedSql(sql`l.id`)} AS managed,
        EXISTS (SELECT 1 FROM users u WHERE u.lawyer_id = l.id AND u.password = ${DEMO_RESPONDER_PASSWORD}) AS responder
      FROM lawyers l`);
    const responders = rows.filter((r) => r.responder);
    expect(responders.length).toBeGreaterThan(50);
    expect(rows.filter((r) => !r.managed).length).toBeGreaterThan(20);
    for (const r of rows) {
      if (r.answered) expect(r.managed, `listing ${r.id}`).toBe(true);
      if (r.responder) expect(r.answered, `listing ${r.id}`).toBe(true);
    }
    expect(await verifyPassword(DEMO_RESPONDER_PASSWORD, DEMO_RESPONDER_PASSWORD)).toBe(false);
    expect(await verifyPassword(DEMO_RESPONDER_PASSWORD, "")).toBe(false);
  });

  it("links each lawyer account to its own verified listing, whose contact email becomes the account's", () => {
    const lawyer = accounts.get("lawyer@demo.lexatlas.example");
    const premium = accounts.get("premium@demo.lexatlas.example");
    expect(lawyer?.lawyer_id).toBeTypeOf("number");
    expect(premium?.lawyer_id).toBeTypeOf("number");
    expect(lawyer?.lawyer_id).not.toBe(premium?.lawyer_id);
    expect(lawyer?.listing_email).toBe(lawyer?.email);
    expect(`${lawyer?.first_name} ${lawyer?.last_name}`).toBe(lawyer?.listing_name);
    expect(lawyer?.business_name).toBe(lawyer?.listing_firm);
    // The account keeps the listing's phone in E.164 (issue 14 §2).
    expect(lawyer?.business_phone).toBe(toE164(lawyer?.listing_phone ?? ""));
    expect(lawyer?.business_phone).toMatch(/^\+\d+$/);
    expect(lawyer?.subscription_tier).toBe("free");
    expect(premium?.subscription_tier).toBe("premium");
    expect(premium?.subscription_status).toBe("active");
    expect(premium?.period_days).toBe(30);
  });

  it("gives the premium lawyer a listing with published demo reviews, for its Analytics tab (issue 16 §3)", () => {
    const premium = accounts.get("premium@demo.lexatlas.example");
    expect(premium?.published_reviews).toBeGreaterThan(0);
  });

  it("skips verified US listings without reviews for the premium account, never the free lawyer's first one", async () => {
    const fresh = await openTestDatabase();
    try {
      const row = (name: string, reviewCount: number) => ({
        name,
        email: `${name.toLowerCase().replace(/ /g, ".")}@example.org`,
        location: "Austin, Texas, United States",
        country: "United States",
        countryCode: "US",
        city: "Austin",
        verified: true,
        verificationStatus: "verified",
        reviewCount,
        rating: reviewCount > 0 ? 4.5 : 0,
      });
      const ids = (
        await fresh.db
          .insert(lawyers)
          .values([row("First Unreviewed", 0), row("Second Unreviewed", 0), row("Third Reviewed", 3)])
          .returning({ id: lawyers.id })
      ).map((r) => r.id);
      await fresh.db.transaction((tx) =>
        createDemoAccounts(tx, (password) => hash(password, { memoryCost: 1024, timeCost: 1 })),
      );
      const { rows } = await fresh.db.execute<{ email: string; lawyer_id: number | null }>(
        sql`SELECT email, lawyer_id FROM users ORDER BY email`,
      );
      const linked = new Map(rows.map((r) => [r.email, r.lawyer_id]));
      expect(linked.get("lawyer@demo.lexatlas.example")).toBe(ids[0]);
      expect(linked.get("premium@demo.lexatlas.example")).toBe(ids[2]);
    } finally {
      await fresh.close();
    }
  });

  it("never creates accounts for an imported database", async () => {
    const imported = await openTestDatabase();
    try {
      const parsed = parseImportText(
        readFileSync(path.resolve(import.meta.dirname, "../../docs/samples/lawyers-sample.json"), "utf8"),
        "json",
      );
      expect(parsed.ok).toBe(true);
      expect((await importLawyers(imported.db, parsed)).ok).toBe(true);
      const { rows } = await imported.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await imported.close();
    }
  });
});
