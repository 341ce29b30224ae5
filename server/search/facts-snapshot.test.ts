/**
 * Issue 29: the search facts persist to a file per data version and load at start (facts.ts
 * saveFactsSnapshot / loadFactsSnapshot / warmSearchFacts). On PGlite, or PostgreSQL with
 * TEST_DATABASE_URL: a saved and loaded copy answers every generated search exactly as the built
 * one; a copy of another data version or database is not used; a truncated or corrupt file is
 * refused with a warning and rebuilt; and while a build runs, searches and facets are answered
 * by the database.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database, Db } from "../db/client.ts";
import { setProcessLogger } from "../logger.ts";
import { dataVersion, syncDataVersion } from "./cache.ts";
import { facetsFromFacts } from "./facets.ts";
import { dropFacts, factsSnapshotSaved, getFacts, warmSearchFacts } from "./facts.ts";
import { factsCount, factsGroupPage, factsRatingPage } from "./facts-count.ts";
import { factsFilter } from "./facts-filter.ts";
import { type Facts, subjectOf } from "./facts-layout.ts";
import { factsSnapshotPath, loadFactsSnapshot, saveFactsSnapshot } from "./facts-snapshot.ts";
import { insertFixtures } from "./fixtures.ts";
import { getFacets, invalidateSearchCaches, searchLawyers } from "./index.ts";
import { databaseKey } from "./snapshot-file.ts";
import { understand } from "./understand.ts";

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
  dir = mkdtempSync(path.join(tmpdir(), "facts-snapshot-"));
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Generated search parameters over the fixtures' subjects, places, areas, languages and fees. */
const paramsArb = fc
  .record(
    {
      query: fc.constantFrom(
        "car accident",
        "medical malpractice",
        "wrongful death",
        "slip and fall",
        "lawyer",
      ),
      location: fc.constantFrom("CA", "Toronto", "Ontario", "United States", "Germany", "Torronto"),
      practiceAreas: fc.subarray([...PRACTICE_AREAS], { maxLength: 2 }).map((a) => a.join(",")),
      languages: fc.subarray(["en", "fr", "de", "es"], { maxLength: 2 }).map((a) => a.join(",")),
      verified: fc.constant("true"),
      freeConsultation: fc.constant("true"),
      feeModel: fc.constantFrom(...FEE_KINDS),
      experience: fc.constantFrom("5", "10"),
      rating: fc.constantFrom("4", "4.5"),
      near: fc.constant("43.6532,-79.3832"),
      radiusKm: fc.constantFrom("50", "600"),
    },
    { requiredKeys: [] },
  )
  .map((raw) => {
    const fields = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ""));
    if (!fields.near) delete fields.radiusKm; // a radius needs a point (the schema's rule)
    return SearchParamsSchema.parse(fields);
  });

/** Everything a request reads from the facts: facets, total, the rating page and the subject page. */
async function answers(db: Db, f: Facts, params: ReturnType<typeof SearchParamsSchema.parse>) {
  const u = await understand(db, params);
  const test = factsFilter(f, params, u);
  if (!test) return null;
  const g = subjectOf(u);
  return {
    facets: facetsFromFacts(f, params, u),
    total: factsCount(f, test),
    ratingPage: factsRatingPage(f, test, 0, 24, "CA"),
    groupPage: g >= 0 ? factsGroupPage(f, g, test, 0, 24, "CA") : null,
  };
}

describe(`search facts snapshot (${TEST_ENGINE})`, () => {
  it("round-trips: the loaded copy answers every generated search like the built one", async () => {
    const db = database.db;
    const built = await getFacts(db);
    const key = await databaseKey(db);
    const file = path.join(dir, "round-trip.bin");
    await saveFactsSnapshot(file, key, built);
    const loaded = loadFactsSnapshot(file, key, built.version);
    expect(loaded.facts).not.toBeNull();
    const copy = loaded.facts as Facts;
    const { at: _a, ...builtRest } = built;
    const { at: _b, ...copyRest } = copy;
    expect(copyRest).toEqual(builtRest);
    await fc.assert(
      fc.asyncProperty(paramsArb, async (params) => {
        expect(await answers(db, copy, params)).toEqual(await answers(db, built, params));
      }),
      { numRuns: 60 },
    );
  });

  it("does not use a copy of another data version or another database", async () => {
    const db = database.db;
    const built = await getFacts(db);
    const key = await databaseKey(db);
    const file = path.join(dir, "stale.bin");
    await saveFactsSnapshot(file, key, built);
    const stale = loadFactsSnapshot(file, key, built.version + 1);
    expect(stale).toMatchObject({ facts: null, kind: "refused" });
    expect(stale.facts === null && stale.reason).toMatch(/data version/);
    expect(loadFactsSnapshot(file, `${key}-other`, built.version)).toMatchObject({ facts: null });
    expect(loadFactsSnapshot(path.join(dir, "none.bin"), key, built.version)).toMatchObject({
      facts: null,
      kind: "missing",
    });
  });

  it("at start, loads the copy of the current version and answers from it without building", async () => {
    const other = await openTestDatabase();
    try {
      await insertFixtures(other.db);
      const snapshotDir = mkdtempSync(path.join(tmpdir(), "facts-warm-"));
      // First start: no file, the build runs and is saved.
      expect(await warmSearchFacts(other.db, { snapshotDir })).toBe(false);
      const built = await getFacts(other.db);
      await factsSnapshotSaved(other.db);
      const file = factsSnapshotPath(snapshotDir, await databaseKey(other.db));
      expect(readFileSync(file).length).toBeGreaterThan(0);
      // A second process: a fresh handle on the same database (WeakMaps are per handle).
      const again = await openSecondHandle(other);
      try {
        expect(await warmSearchFacts(again.db, { snapshotDir })).toBe(true);
        const f = await getFacts(again.db);
        expect(f.n).toBe(built.n);
        expect([...f.ids]).toEqual([...built.ids]);
        // A write moves the version on: the file is stale and not used; a build replaces it.
        await again.db.execute(sql`UPDATE lawyers SET rating = 3.1 WHERE id = (SELECT min(id) FROM lawyers)`);
        invalidateSearchCaches(again.db);
        const rebuilt = await getFacts(again.db);
        expect(rebuilt.version).toBe(await syncDataVersion(again.db));
        await factsSnapshotSaved(again.db);
        expect(loadFactsSnapshot(file, await databaseKey(again.db), rebuilt.version).facts).not.toBeNull();
      } finally {
        await again.close();
      }
      rmSync(snapshotDir, { recursive: true, force: true });
    } finally {
      await other.close();
    }
  });

  it.each([
    ["truncated", (file: string) => truncateSync(file, Math.floor(readFileSync(file).length / 2))],
    [
      "corrupt",
      (file: string) => {
        const bytes = readFileSync(file);
        const at = bytes.length - 9;
        bytes[at] = (bytes[at] as number) ^ 0xff;
        writeFileSync(file, bytes);
      },
    ],
  ])("ignores a %s file with a warning, rebuilds and saves a good one", async (_kind, damage) => {
    const db = database.db;
    const snapshotDir = mkdtempSync(path.join(tmpdir(), "facts-damaged-"));
    await warmSearchFacts(db, { snapshotDir });
    const good = await getFacts(db);
    await factsSnapshotSaved(db);
    const key = await databaseKey(db);
    const file = factsSnapshotPath(snapshotDir, key);
    damage(file);
    expect(loadFactsSnapshot(file, key, good.version).facts).toBeNull();
    const lines: { msg: string; reason?: string; level: number }[] = [];
    setProcessLogger(pino({ level: "warn" }, { write: (s: string) => void lines.push(JSON.parse(s)) }));
    try {
      dropFacts(db);
      const rebuilt = await getFacts(db);
      expect(rebuilt.n).toBe(good.n);
      await factsSnapshotSaved(db);
    } finally {
      setProcessLogger(pino({ level: "silent" }));
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: "search facts: snapshot not used, building" }),
    );
    expect(lines.map((l) => l.reason).join(" ")).toMatch(/truncated|checksum/);
    expect(loadFactsSnapshot(file, key, good.version).facts).not.toBeNull();
    rmSync(snapshotDir, { recursive: true, force: true });
  });

  it("answers searches and facets from the database while the first build runs", async () => {
    const other = await openTestDatabase();
    try {
      await insertFixtures(other.db);
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const gated = holdFactsBuild(other.db, gate);
      const snapshotDir = mkdtempSync(path.join(tmpdir(), "facts-warmup-"));
      expect(await warmSearchFacts(gated, { snapshotDir })).toBe(false);
      const params = SearchParamsSchema.parse({ query: "car accident", location: "CA" });
      const during = await searchLawyers(gated, params);
      const facetsDuring = await getFacets(gated, params);
      expect(during.total).toBeGreaterThan(0);
      expect(facetsDuring.total).toBe(during.total);
      release();
      await getFacts(gated);
      invalidateSearchCaches(gated);
      const after = await searchLawyers(gated, params);
      expect(after.total).toBe(during.total);
      expect((await getFacets(gated, params)).countries).toEqual(facetsDuring.countries);
      expect(dataVersion(gated)).toBeGreaterThanOrEqual(0);
      rmSync(snapshotDir, { recursive: true, force: true });
    } finally {
      await other.close();
    }
  });
});

/**
 * A handle on `db` whose facts build (the chunked read of lawyers, facts.ts build) waits for
 * `gate`; every other statement runs at once. Stands in for a long build at 1,000,000 listings.
 */
function holdFactsBuild(db: Db, gate: Promise<void>): Db {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver);
      return async (query: Parameters<Db["execute"]>[0]) => {
        if (dialect.sqlToQuery(query).sql.includes("WHERE NOT hidden AND id >")) await gate;
        return target.execute(query);
      };
    },
  });
}

/** Another connection to the same test database (a second process's handle). */
async function openSecondHandle(first: Database): Promise<{ db: Db; close(): Promise<void> }> {
  if (TEST_ENGINE === "pglite") {
    // PGlite is one in-process engine: a Proxy is a distinct handle (its own WeakMap entries).
    const db = new Proxy(first.db, {});
    return { db, close: async () => {} };
  }
  const { openDatabase } = await import("../db/client.ts");
  const res = await first.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${res.rows[0]?.name}`;
  const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 2, migrate: false });
  return { db: second.db, close: () => second.close() };
}
