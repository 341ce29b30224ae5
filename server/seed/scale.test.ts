/**
 * seed:scale (issue 18 §1) on both engines: the rows equal seedIfEmpty's for the same seed and
 * clock; an interrupted load shows nothing, resumes after its finished chunks and ends with
 * exactly the same rows; the refusals; the command's progress output and exit codes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Clock } from "../clock.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { seedIfEmpty } from "./index.ts";
import {
  loadScaleData,
  SCALE_GENERATOR_VERSION,
  ScaleInterruptedError,
  type ScaleProgress,
  ScaleRefusedError,
} from "./scale.ts";
import { parseScaleArgs, progressReporter, runSeedScale } from "./scale-cli.ts";
import { responseStats } from "./scale-rows.ts";

const COUNT = 1200;
const SEED = 4242;
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00.000Z") };
/** A stand-in for argon2id (the accounts' hash is not what is compared, and argon2 is slow). */
const hashPassword = async (p: string) => `test-hash:${p}`;

/** Everything a load writes, without the columns that differ by construction (ids, uuids, insert instants). */
async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const q = async (text: string) => (await database.db.execute(sql.raw(text))).rows;
  return {
    lawyers:
      await q(`SELECT id, name, firm, email, phone, location, country, country_code, state, city, latitude,
        longitude, time_zone, experience, rating::text, review_count, bio, practice_areas, languages, image_url,
        business_logo, business_address, website, google_reviews_url, working_hours, grammatical_gender, verified, verification_status,
        demo, hidden, median_first_response_hours, answered_within_24h_share, response_sample_size,
        personality_traits, communication_style, approach_style, client_focus, availability_level,
        case_complexity_preference, free_consultation, consultation_minutes, fee_models, specialist_titles,
        search_vector::text
        FROM lawyers ORDER BY id`),
    admissions:
      await q(`SELECT lawyer_id, country_code, region, regulator, licence_number, year_admitted, status
        FROM bar_admissions ORDER BY id`),
    checks: await q(`SELECT c.lawyer_id, a.lawyer_id AS admission_of, c.kind, c.status, c.method, c.source,
        c.source_url, c.checked_on::text, c.next_check_due::text, c.details, c.demo
        FROM verification_checks c LEFT JOIN bar_admissions a ON a.id = c.admission_id ORDER BY c.id`),
    discipline:
      await q(`SELECT lawyer_id, decided_on::text, outcome, regulator, source_url, lawyer_statement, demo
        FROM disciplinary_records ORDER BY id`),
    cases: await q(`SELECT lawyer_id, case_title, case_type, description, priority, client_name, client_email,
        client_phone, preferred_communication, status, locale, reminded_at, client_notified_at, accepted_at,
        engaged_at, created_at, updated_at, user_id IS NOT NULL AS by_client, tracking_token_hash
        FROM cases ORDER BY lawyer_id, created_at, case_title, status`),
    events:
      await q(`SELECT c.lawyer_id, c.created_at AS case_created, e.status, e.created_at FROM case_status_events e
        JOIN cases c ON c.id = e.case_id ORDER BY 1, 2, 4, 3`),
    reviews:
      await q(`SELECT r.lawyer_id, c.created_at AS case_created, r.rating, r.communication, r.responsiveness,
        r.outcome, r.title, r.text, r.status, r.moderation_reason, r.engaged_on::text, r.demo, r.created_at
        FROM reviews r JOIN cases c ON c.id = r.case_id ORDER BY 1, 2, r.created_at, r.title`),
    users: await q(`SELECT email, role, lawyer_id, first_name, last_name, business_name, business_phone,
        subscription_tier FROM users ORDER BY email`),
    lexicon: await q(`SELECT count(*)::int AS n FROM search_lexicon`),
  };
}

async function lawyerCount(database: Database): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lawyers`);
  return Number(rows[0]?.n);
}

describe(`seed:scale (${TEST_ENGINE})`, { timeout: 300_000 }, () => {
  let reference: Record<string, unknown[]>;

  beforeAll(async () => {
    const database = await openTestDatabase();
    try {
      await seedIfEmpty(database.db, {
        count: COUNT,
        seed: SEED,
        clock,
        hashPassword,
        logger: createLogger("silent"),
      });
      reference = await snapshot(database);
    } finally {
      await database.close();
    }
  }, 300_000);

  it("writes the same rows as seedIfEmpty for the same seed and clock (generator in a worker)", async () => {
    const database = await openTestDatabase();
    try {
      const result = await loadScaleData(database.db, {
        lawyers: COUNT,
        seed: SEED,
        chunkSize: 500,
        clock,
        hashPassword,
      });
      expect(result).toMatchObject({
        lawyers: COUNT,
        alreadyLoaded: false,
        resumedChunks: 0,
        writtenChunks: 3,
      });
      const got = await snapshot(database);
      // Listings, verification, demo reviews and response cases (thousands of rows) equal the demo loader's.
      expect((got.cases as unknown[]).length).toBeGreaterThan(COUNT);
      expect(got).toEqual(reference);
      // Staging is gone and the state says done.
      const { rows } = await database.db.execute<{ status: string; tables: number }>(
        sql`SELECT status, (SELECT count(*)::int FROM pg_tables WHERE tablename LIKE 'seed_scale_%' AND tablename <> 'seed_scale_state') AS tables FROM seed_scale_state`,
      );
      expect(rows[0]).toEqual({ status: "done", tables: 0 });
      // The same command again does nothing; another count or seed is refused.
      expect(
        (await loadScaleData(database.db, { lawyers: COUNT, seed: SEED, chunkSize: 500, clock }))
          .alreadyLoaded,
      ).toBe(true);
      await expect(
        loadScaleData(database.db, { lawyers: COUNT + 1, seed: SEED, chunkSize: 500 }),
      ).rejects.toThrow(/finished seed:scale load of 1,200 listings \(seed 4242\)/);
      // The serial sequences continue after the explicit ids.
      const { rows: next } = await database.db.execute<{ id: number }>(
        sql`INSERT INTO lawyers (name, email, location, country, country_code, city) VALUES ('X', 'x@x.example', 'X', 'X', 'XX', 'X') RETURNING id`,
      );
      expect(Number(next[0]?.id)).toBe(COUNT + 1);
    } finally {
      await database.close();
    }
  });

  it("shows nothing until the final step, resumes an interrupted load after its finished chunks, and ends with the same rows", async () => {
    const database = await openTestDatabase();
    try {
      const controller = new AbortController();
      const seen: ScaleProgress[] = [];
      await expect(
        loadScaleData(database.db, {
          lawyers: COUNT,
          seed: SEED,
          chunkSize: 300,
          clock,
          hashPassword,
          worker: false,
          signal: controller.signal,
          onProgress: (p) => {
            seen.push(p);
            if (p.phase === "chunks" && p.chunksDone === 2) controller.abort();
          },
        }),
      ).rejects.toThrow(ScaleInterruptedError);
      expect(seen.map((p) => p.chunksDone)).toEqual([0, 1, 2]);
      expect(await lawyerCount(database)).toBe(0);
      const { rows } = await database.db.execute<{ chunks: number; staged: number }>(
        sql`SELECT (SELECT count(*)::int FROM seed_scale_chunks) AS chunks, (SELECT count(*)::int FROM seed_scale_lawyers) AS staged`,
      );
      expect(rows[0]).toEqual({ chunks: 2, staged: 600 });
      // A later clock must not matter: the resumed load keeps the instant recorded at its start.
      const notices: string[] = [];
      const later: Clock = { now: () => new Date("2027-01-01T00:00:00.000Z") };
      const result = await loadScaleData(database.db, {
        lawyers: COUNT,
        seed: SEED,
        chunkSize: 300,
        clock: later,
        hashPassword,
        worker: false,
        onNotice: (m) => notices.push(m),
      });
      expect(result).toMatchObject({ resumedChunks: 2, writtenChunks: 2 });
      expect(notices).toEqual([
        "Resuming the load of 1,200 listings (seed 4242) after chunk 2 of 4 (the generator first replays the finished chunks without writing them).",
      ]);
      expect(await snapshot(database)).toEqual(reference);
    } finally {
      await database.close();
    }
  });

  it("restarts an unfinished load of other parameters, and refuses listings it did not make", async () => {
    const database = await openTestDatabase();
    try {
      const controller = new AbortController();
      await expect(
        loadScaleData(database.db, {
          lawyers: 400,
          seed: 1,
          chunkSize: 100,
          worker: false,
          signal: controller.signal,
          onProgress: (p) => p.chunksDone === 1 && controller.abort(),
        }),
      ).rejects.toThrow(ScaleInterruptedError);
      const notices: string[] = [];
      const result = await loadScaleData(database.db, {
        lawyers: 300,
        seed: 2,
        chunkSize: 100,
        worker: false,
        onNotice: (m) => notices.push(m),
      });
      expect(notices).toEqual([
        `Discarding the unfinished load of 400 listings (seed 1, chunk 100, version ${SCALE_GENERATOR_VERSION}): starting over with 300 (seed 2).`,
      ]);
      expect(result).toMatchObject({ resumedChunks: 0, writtenChunks: 3 });
      expect(await lawyerCount(database)).toBe(300);
    } finally {
      await database.close();
    }
    const seeded = await openTestDatabase();
    try {
      await seedIfEmpty(seeded.db, { count: 50, logger: createLogger("silent") });
      await expect(loadScaleData(seeded.db, { lawyers: 100, worker: false })).rejects.toThrow(
        new ScaleRefusedError(
          "The database already has 50 listings that seed:scale did not make; seed:scale loads only into a database without listings.",
        ),
      );
      expect(await lawyerCount(seeded)).toBe(50);
    } finally {
      await seeded.close();
    }
  });

  it("refuses PGlite above 100,000 listings", async () => {
    const pglite = await openDatabase({ dataDir: "memory://" });
    try {
      await expect(loadScaleData(pglite.db, { lawyers: 100_001 })).rejects.toThrow(
        /PGlite takes at most 100,000 listings; set DATABASE_URL/,
      );
      expect(await lawyerCount(pglite)).toBe(0);
    } finally {
      await pglite.close();
    }
  });
});

/** A writable that keeps what was written, as a terminal or not. */
function sink(isTTY = false): Writable & { text: () => string; isTTY: boolean } {
  const parts: string[] = [];
  const w = new Writable({
    write(chunk, _enc, done) {
      parts.push(String(chunk));
      done();
    },
  }) as Writable & { text: () => string; isTTY: boolean; columns: number };
  w.isTTY = isTTY;
  w.columns = 200;
  w.text = () => parts.join("");
  return w;
}

describe("seed:scale command", { timeout: 300_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "seed-scale-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("parses its arguments and answers 64 for bad ones", async () => {
    expect(parseScaleArgs(["--lawyers", "1_000_000"])).toEqual({ lawyers: 1_000_000, seed: 20261121 });
    expect(parseScaleArgs(["--lawyers=5", "--seed=7"])).toEqual({ lawyers: 5, seed: 7 });
    expect(parseScaleArgs([])).toEqual({ error: "--lawyers N is required" });
    expect(parseScaleArgs(["--lawyers", "-3"])).toEqual({
      error: "--lawyers must be an integer from 1 to 100000000",
    });
    const err = sink();
    expect(await runSeedScale(["--lawyers"], {}, { out: sink(), err })).toBe(64);
    expect(err.text()).toBe("--lawyers needs a value\nUsage: npm run seed:scale -- --lawyers N [--seed S]\n");
  });

  it("prints one plain line per chunk and phase when stdout is not a terminal, and loads into DATA_DIR", async () => {
    const out = sink();
    const err = sink();
    const env = { DATA_DIR: path.join(dir, "data"), NODE_ENV: "test" };
    const code = await runSeedScale(
      ["--lawyers", "250", "--chunk-size", "100"],
      env,
      { out, err },
      { worker: false },
    );
    expect(err.text()).toBe("");
    expect(code).toBe(0);
    const lines = out
      .text()
      .trim()
      .split("\n")
      .map((l) => l.replace(/ in [\d.]+ s: .*/, " in …").replace(/\d+ s$/, "T s"));
    expect(lines).toEqual([
      "seed:scale 0/250 listings (0%), chunk 0/3, T s",
      "seed:scale 100/250 listings (40%), chunk 1/3, T s",
      "seed:scale 200/250 listings (80%), chunk 2/3, T s",
      "seed:scale 250/250 listings (100%), chunk 3/3, T s",
      "seed:scale moving into the directory (one transaction), T s",
      "seed:scale ANALYZE, T s",
      "seed:scale refreshing the search data, T s",
      "seed:scale done, T s",
      "Loaded 250 listings (seed 20261121) in …",
      expect.stringMatching(
        /^Final step: drop indexes and keys [\d.]+ s, insert lawyers [\d.]+ s, .*index lawyers_search_vector_idx \(GIN\) [\d.]+ s, .*commit [\d.]+ s\.$/,
      ),
    ]);
    // Again: nothing to do. Another count: refused with exit code 1.
    const again = sink();
    expect(
      await runSeedScale(
        ["--lawyers", "250", "--chunk-size", "100"],
        env,
        { out: again, err },
        { worker: false },
      ),
    ).toBe(0);
    expect(again.text()).toContain("already holds this load (250 listings, seed 20261121): nothing to do.");
    const refused = sink();
    expect(await runSeedScale(["--lawyers", "300"], env, { out: sink(), err: refused })).toBe(1);
    expect(refused.text()).toMatch(/finished seed:scale load of 250 listings/);
  });

  it("draws a progress bar on a terminal", () => {
    const out = sink(true);
    const reporter = progressReporter({ out, err: sink() });
    reporter.onProgress({ phase: "chunks", lawyersDone: 0, lawyers: 1000, chunksDone: 0, chunks: 4 });
    reporter.onProgress({ phase: "chunks", lawyersDone: 500, lawyers: 1000, chunksDone: 2, chunks: 4 });
    reporter.stop();
    expect(out.text()).toMatch(/seed:scale \[[█░]+\] 50% \| 500\/1000 listings \| writing chunks/);
  });
});

describe("responseStats", () => {
  it("follows the stats rule: window, 24 h deadline, unanswered at their age, median of an even count", () => {
    const now = Date.parse("2026-11-20T00:00:00Z");
    const h = 3_600_000;
    const items = [
      { arrived: now - 10 * h, responded: now - 8 * h }, // 2 h
      { arrived: now - 50 * h, responded: now - 20 * h }, // 30 h
      { arrived: now - 30 * h, responded: null }, // unanswered, 30 h old: counted at 30 h
      { arrived: now - 5 * h, responded: null }, // unanswered, younger than 24 h: left out
      { arrived: now - 100 * 24 * h, responded: now - 99 * 24 * h }, // outside the window
      { arrived: now - 3 * h, responded: now - 2 * h }, // 1 h
      { arrived: now - 40 * h, responded: now - 36 * h }, // 4 h
    ];
    expect(responseStats(items, now)).toEqual({
      medianFirstResponseHours: 4,
      answeredWithin24hShare: 0.6,
      sampleSize: 5,
    });
    expect(responseStats(items.slice(0, 2), now)).toEqual({
      medianFirstResponseHours: null,
      answeredWithin24hShare: null,
      sampleSize: 2,
    });
  });
});
