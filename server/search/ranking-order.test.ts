/**
 * The search orders by lib/ranking.ts (issue 16 §2: /how-ranking-works states these constants):
 * for every sort and every relevance case, each page's results are in the order
 * compareByOrder(searchOrder(...)) gives, and "Why this lawyer?" names the factors of that order.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL, over the search fixtures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { compareByOrder, type RelevanceFactor, type SortValues, searchOrder } from "../../lib/ranking.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { insertFixtures } from "./fixtures.ts";
import { searchLawyers } from "./index.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
});
afterAll(async () => {
  await database?.close();
});

const TORONTO = "43.6532,-79.3832";

/** The values of lib/ranking.ts sort keys for one result (numbers only: text order is the database's collation). */
function values(l: LawyerDTO): SortValues {
  const words = l.why?.find((f): f is Extract<RelevanceFactor, { kind: "words" }> => f.kind === "words");
  return {
    relevanceLevel: words?.level ?? null,
    distance: l.distanceKm ?? null,
    rating: l.rating,
    reviewCount: l.reviewCount,
    experience: l.experience,
    responseTime: l.responseStats.medianFirstResponseHours,
    id: l.id,
  };
}

/** Asserts each neighbour pair of `list` is in `order` (ties beyond numeric keys allowed only for text sorts). */
function expectOrdered(list: LawyerDTO[], order: ReturnType<typeof searchOrder>, label: string) {
  const numeric = order.filter((k) => !["name", "country", "city"].includes(k.key));
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1] as LawyerDTO;
    const b = list[i] as LawyerDTO;
    if (numeric.length === order.length)
      expect(compareByOrder(order, values(a), values(b)), `${label} #${i}`).toBeLessThan(0);
  }
}

describe(`search order follows lib/ranking.ts (${TEST_ENGINE}, issue 16 §2)`, () => {
  const cases: [Record<string, string>, string, boolean, boolean][] = [
    [{ query: "car accident" }, "relevance", true, false],
    [{ query: "accident" }, "relevance", true, false],
    [{ query: "patients" }, "relevance", true, false],
    [{ query: "car accident", near: TORONTO }, "relevance", true, true],
    [{}, "relevance", false, false],
    [{ sort: "rating" }, "rating", false, false],
    [{ sort: "experience" }, "experience", false, false],
    [{ sort: "reviews" }, "reviews", false, false],
    [{ sort: "response" }, "response", false, false],
    [{ query: "car accident", sort: "rating" }, "rating", true, false],
  ];
  for (const [p, sort, text, near] of cases) {
    it(`${JSON.stringify(p)} is in the order of searchOrder(${sort})`, async () => {
      const r = await searchLawyers(database.db, SearchParamsSchema.parse({ pageSize: "48", ...p }));
      expect(r.lawyers.length).toBeGreaterThan(1);
      expectOrdered(r.lawyers, searchOrder(sort as "relevance", text, near), JSON.stringify(p));
    });
  }

  it("near without text is nearest first, the only key", async () => {
    const r = await searchLawyers(database.db, SearchParamsSchema.parse({ near: TORONTO, pageSize: "48" }));
    expect(searchOrder("relevance", false, true)).toEqual([{ key: "distance", direction: "asc" }]);
    const d = r.lawyers.map((l) => l.distanceKm ?? Number.NaN);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });
});

describe(`"Why this lawyer?" of search results (${TEST_ENGINE}, issue 16 §2)`, () => {
  it("names the practice area the words matched, the distance and the rating, in the order's sequence", async () => {
    const r = await searchLawyers(
      database.db,
      SearchParamsSchema.parse({ query: "car accident", near: TORONTO, pageSize: "48" }),
    );
    const first = r.lawyers[0] as LawyerDTO;
    expect(first.why).toEqual([
      { kind: "words", level: 1, field: "practiceArea", value: "Car Accidents" },
      { kind: "distance", km: first.distanceKm },
      { kind: "rating", rating: first.rating, reviewCount: first.reviewCount },
    ]);
  });

  it("says when the words matched only the bio (level 3)", async () => {
    const r = await searchLawyers(
      database.db,
      SearchParamsSchema.parse({ query: "accident", pageSize: "48" }),
    );
    const levels = r.lawyers.map((l) => (l.why?.[0] as { level?: number } | undefined)?.level);
    expect(new Set(levels)).toEqual(new Set([1, 3]));
    const bio = await searchLawyers(database.db, SearchParamsSchema.parse({ query: "patients" }));
    expect(bio.lawyers.length).toBeGreaterThan(0);
    expect(bio.lawyers.every((l) => l.why?.[0]?.kind === "words" && l.why[0].field === "bio")).toBe(true);
    for (const l of r.lawyers) {
      const w = l.why?.[0] as Extract<RelevanceFactor, { kind: "words" }>;
      if (w.level === 3) expect(w.field).toBe("bio");
      if (w.field === "practiceArea") expect(l.practiceAreas).toContain(w.value);
    }
  });

  it("adds verifiedOnly under the verified filter, and nothing for other sorts", async () => {
    const v = await searchLawyers(database.db, SearchParamsSchema.parse({ verified: "true" }));
    expect(v.lawyers.every((l) => l.why?.at(-1)?.kind === "verifiedOnly")).toBe(true);
    const rating = await searchLawyers(
      database.db,
      SearchParamsSchema.parse({ query: "car accident", sort: "rating" }),
    );
    expect(rating.lawyers.every((l) => l.why === undefined)).toBe(true);
  });
});
