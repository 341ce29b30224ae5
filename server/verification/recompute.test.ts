/**
 * recomputeVerification against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the `verified` cache follows the licence checks in every state (issue 15 §2), a verified check
 * past its due date stops the tick on the test clock's day, and the read model agrees with the
 * cache (lib/verification.ts licenceStatus is the same rule as the SQL).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers, verificationChecks } from "../db/schema.ts";
import { readVerification } from "./read.ts";
import { recomputeOverdueVerifications, recomputeVerification, recomputeVerifications } from "./recompute.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const clock = createTestClock("2026-06-01T12:00:00Z");

async function newLawyer(): Promise<number> {
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: "Avery Test",
      email: "a@t.example",
      location: "Toronto",
      country: "Canada",
      countryCode: "CA",
      city: "Toronto",
    })
    .returning({ id: lawyers.id });
  return (row as { id: number }).id;
}

async function cache(id: number) {
  const [r] = await database.db
    .select({ verified: lawyers.verified, status: lawyers.verificationStatus })
    .from(lawyers)
    .where(eq(lawyers.id, id));
  return r;
}

type Status = "unverified" | "pending" | "verified" | "lapsed" | "rejected";
async function addCheck(id: number, status: Status, nextCheckDue: string | null = null, kind = "licence") {
  await database.db.insert(verificationChecks).values({
    lawyerId: id,
    kind,
    status,
    nextCheckDue,
    method: "register_lookup",
    source: "Law Society of Ontario",
  });
}

describe(`recomputeVerification (${TEST_ENGINE})`, () => {
  it("a new listing is unverified, without checks too", async () => {
    const id = await newLawyer();
    expect(await cache(id)).toEqual({ verified: false, status: "unverified" });
    await recomputeVerification(database.db, id, clock);
    expect(await cache(id)).toEqual({ verified: false, status: "unverified" });
    expect((await readVerification(database.db, id, clock)).verification.status).toBe("unverified");
  });

  it.each([
    ["unverified", { verified: false, status: "unverified" }, "unverified"],
    ["pending", { verified: false, status: "pending" }, "pending"],
    ["verified", { verified: true, status: "verified" }, "verified"],
    ["lapsed", { verified: false, status: "unverified" }, "lapsed"],
    ["rejected", { verified: false, status: "unverified" }, "rejected"],
  ] as const)("one licence check %s gives the cache %o and the status %s", async (state, expected, shown) => {
    const id = await newLawyer();
    await addCheck(id, state, "2027-06-01");
    await recomputeVerification(database.db, id, clock);
    expect(await cache(id)).toEqual(expected);
    expect((await readVerification(database.db, id, clock)).verification.status).toBe(shown);
  });

  it("only licence checks decide: a verified insurance check alone gives no tick", async () => {
    const id = await newLawyer();
    await addCheck(id, "verified", "2027-01-01", "insurance");
    await recomputeVerification(database.db, id, clock);
    expect(await cache(id)).toEqual({ verified: false, status: "unverified" });
  });

  it("the best licence check wins: verified over rejected, pending over lapsed", async () => {
    const a = await newLawyer();
    await addCheck(a, "rejected");
    await addCheck(a, "verified", "2027-01-01");
    const b = await newLawyer();
    await addCheck(b, "lapsed");
    await addCheck(b, "pending");
    await recomputeVerifications(database.db, clock, [a, b]);
    expect(await cache(a)).toEqual({ verified: true, status: "verified" });
    expect(await cache(b)).toEqual({ verified: false, status: "pending" });
  });

  it("past next_check_due on the clock, a verified licence loses its tick and reads lapsed", async () => {
    const id = await newLawyer();
    await addCheck(id, "verified", "2026-06-01");
    await recomputeVerification(database.db, id, clock);
    expect(await cache(id)).toEqual({ verified: true, status: "verified" });
    const later = createTestClock("2026-06-02T00:00:01Z");
    await recomputeOverdueVerifications(database.db, later);
    expect(await cache(id)).toEqual({ verified: false, status: "unverified" });
    const read = await readVerification(database.db, id, later);
    expect(read.verification.status).toBe("lapsed");
    expect(read.verification.checks[0]?.status).toBe("lapsed");
    // Moving back (a renewed check would do the same) gives the tick again.
    await recomputeVerifications(database.db, clock);
    expect(await cache(id)).toEqual({ verified: true, status: "verified" });
  });

  it("a verified check without a due date stays verified", async () => {
    const id = await newLawyer();
    await addCheck(id, "verified", null);
    await recomputeVerification(database.db, id, createTestClock("2040-01-01T00:00:00Z"));
    expect(await cache(id)).toEqual({ verified: true, status: "verified" });
  });
});
