import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { DEMO_LISTINGS_TTL_MS, getDirectoryStats, hasDemoListings } from "./stats.ts";

function lawyer(over: Partial<typeof lawyers.$inferInsert>): typeof lawyers.$inferInsert {
  return {
    name: "Test Lawyer",
    email: "t@example.com",
    location: "Toronto, Ontario, Canada",
    country: "Canada",
    countryCode: "CA",
    city: "Toronto",
    ...over,
  };
}

describe(`about page statistics come from the data (${TEST_ENGINE})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers zeros and no average on an empty directory", async () => {
    expect(await getDirectoryStats(database.db)).toEqual({
      lawyers: 0,
      countries: 0,
      verified: 0,
      verifiedShare: 0,
      averageRating: null,
      ratedLawyers: 0,
      reviews: 0,
    });
  });

  it("counts lawyers, countries, verified share and the average rating of reviewed lawyers", async () => {
    await database.db.insert(lawyers).values([
      lawyer({ name: "A", rating: 4.5, reviewCount: 10, verificationStatus: "verified" }),
      lawyer({
        name: "B",
        country: "Germany",
        countryCode: "DE",
        city: "Berlin",
        location: "Berlin, Germany",
        rating: 3.9,
        reviewCount: 5,
        verified: false,
        verificationStatus: "pending",
      }),
      // unreviewed: counted as a lawyer, not in the average
      lawyer({ name: "C", rating: 0, reviewCount: 0, verificationStatus: "verified" }),
    ]);
    const stats = await getDirectoryStats(database.db);
    expect(stats.lawyers).toBe(3);
    expect(stats.countries).toBe(2);
    expect(stats.verified).toBe(2);
    expect(stats.verifiedShare).toBeCloseTo(2 / 3, 10);
    expect(stats.averageRating).toBe(4.2);
    expect(stats.ratedLawyers).toBe(2);
    expect(stats.reviews).toBe(15);
  });

  it("hasDemoListings: true only while a demo listing exists, remembered for a minute of the clock", async () => {
    const db = database.db;
    const t0 = 1_900_000_000_000;
    await db.delete(lawyers);
    expect(await hasDemoListings(db, t0)).toBe(false);
    const [demo] = await db
      .insert(lawyers)
      .values(lawyer({ name: "Demo Person", demo: true }))
      .returning();
    // Within the minute the earlier answer stands; after it, the new listing counts.
    expect(await hasDemoListings(db, t0 + DEMO_LISTINGS_TTL_MS - 1)).toBe(false);
    expect(await hasDemoListings(db, t0 + DEMO_LISTINGS_TTL_MS)).toBe(true);
    // Real listings alone are not demo data.
    await db.insert(lawyers).values(lawyer({ name: "Real Person" }));
    await db.delete(lawyers).where(eq(lawyers.id, demo?.id ?? -1));
    expect(await hasDemoListings(db, t0 + 2 * DEMO_LISTINGS_TTL_MS)).toBe(false);
  });
});
