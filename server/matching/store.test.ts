/**
 * The compact matching store of issue 18 §1 (docs/matching.md "Implementation and performance",
 * "Cold start") against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * SQL-encoded build holds exactly what the former row-by-row build derived from each row; the
 * file copy reads back identical and ranks identically; a request during the build at start gets
 * the model's answer; invalidateMatchStore follows a listing change without a drop.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import { type Assessment, newSessionId } from "../../lib/personality.ts";
import { assessmentAnswerArbitraries } from "../../tests/support/assessments.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { syncDataVersion } from "../search/cache.ts";
import { lawyerColumns, toLawyerDTO } from "../search/dto.ts";
import { databaseKey } from "../search/snapshot-file.ts";
import { generateLawyers, type NewLawyer } from "../seed/generate.ts";
import { insertLawyers } from "../seed/insert.ts";
import { buildMatchStore } from "./build-match-store.ts";
import {
  dropMatchStore,
  getMatchStore,
  invalidateMatchStore,
  rankCandidates,
  verifiedListing,
  warmMatchStore,
} from "./candidates.ts";
import { matchLawyers } from "./index.ts";
import { COMBOS, comboCodes, type MatchStore } from "./match-store.ts";
import {
  clampTrait,
  compareRank,
  coversCaseType,
  experienceBase,
  MATCH_LIMIT,
  scoreTenths,
  speaksPreferred,
} from "./model.ts";
import { loadMatchSnapshot, saveMatchSnapshot, snapshotPath } from "./snapshot.ts";

let database: Database;
let tmp: string;

beforeAll(async () => {
  database = await openTestDatabase();
  tmp = mkdtempSync(path.join(os.tmpdir(), "lexatlas-match-store-"));
  await insertLawyers(database.db, generateLawyers(600, 11), { refresh: false });
  const ids = (await database.db.select({ id: lawyers.id }).from(lawyers).where(verifiedListing)).map(
    (r) => r.id,
  );
  // Edge cases the row-by-row build handled: nothing known, odd ratings, a rating in hundredths,
  // many languages, none.
  await database.db
    .update(lawyers)
    .set({
      personalityTraits: null,
      communicationStyle: null,
      approachStyle: null,
      clientFocus: null,
      availabilityLevel: null,
      caseComplexityPreference: null,
    })
    .where(eq(lawyers.id, ids[0] as number));
  await database.db
    .update(lawyers)
    .set({
      personalityTraits: {
        openness: 7.6,
        conscientiousness: 0,
        extraversion: 11,
        agreeableness: "5",
        neuroticism: 3,
      } as never,
    })
    .where(eq(lawyers.id, ids[1] as number));
  await database.db
    .update(lawyers)
    .set({ rating: 4.67, experience: 45, languages: ["de", "fr", "ja"] })
    .where(eq(lawyers.id, ids[2] as number));
  await database.db
    .update(lawyers)
    .set({ languages: [], experience: 0, rating: 0 })
    .where(eq(lawyers.id, ids[3] as number));
});
afterAll(async () => {
  await database?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const assessmentArb = (countries: string[]): fc.Arbitrary<Assessment> =>
  fc.record({
    sessionId: fc.constant(newSessionId()),
    ...assessmentAnswerArbitraries(),
    country: fc.option(fc.constantFrom(...countries), { nil: undefined }),
    language: fc.option(fc.constantFrom("en", "de", "fr", "ja", "ko"), { nil: undefined }),
  });

/** The model by brute force over every verified listing (the reference of matching.test.ts). */
async function bruteForce(a: Assessment) {
  const all = (await database.db.select(lawyerColumns).from(lawyers).where(verifiedListing)).map(toLawyerDTO);
  const key = (l: LawyerDTO, overall: number) => ({
    speaks: speaksPreferred(a, l),
    overall,
    rating: l.rating,
    reviewCount: l.reviewCount,
    id: l.id,
  });
  return all
    .filter((l) => coversCaseType(l.practiceAreas, a.caseType) && (!a.country || l.countryCode === a.country))
    .map((l) => ({ l, t: scoreTenths(a, l) }))
    .sort((x, y) => compareRank(key(x.l, x.t.overall), key(y.l, y.t.overall)))
    .slice(0, MATCH_LIMIT)
    .map(({ l, t }) => ({ id: l.id, overall: t.overall / 10 }));
}

const codeOf = (list: readonly string[], v: string | null) => (v === null ? -1 : list.indexOf(v));

describe(`matching store (${TEST_ENGINE})`, () => {
  it("holds every verified listing's attributes exactly as the row-by-row build derived them", async () => {
    const s = await buildMatchStore(database.db, 0);
    const rows = await database.db
      .select({
        id: lawyers.id,
        countryCode: lawyers.countryCode,
        practiceAreas: lawyers.practiceAreas,
        experience: lawyers.experience,
        rating: lawyers.rating,
        reviewCount: lawyers.reviewCount,
        personalityTraits: lawyers.personalityTraits,
        communicationStyle: lawyers.communicationStyle,
        approachStyle: lawyers.approachStyle,
        clientFocus: lawyers.clientFocus,
        availabilityLevel: lawyers.availabilityLevel,
        caseComplexityPreference: lawyers.caseComplexityPreference,
        languages: lawyers.languages,
      })
      .from(lawyers)
      .where(verifiedListing);
    expect(s.n).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(300);
    const at = new Map<number, number>();
    for (let i = 0; i < s.n; i++) at.set(s.ids[i] as number, i);
    for (const r of rows) {
      const i = at.get(r.id) as number;
      expect(i, `row of lawyer ${r.id}`).toBeDefined();
      let mask = 0;
      for (const a of r.practiceAreas)
        if (PRACTICE_AREAS.includes(a as never)) mask |= 1 << PRACTICE_AREAS.indexOf(a as never);
      expect(s.areas[i]).toBe(mask);
      expect(s.areaCount[i]).toBe(
        new Set(r.practiceAreas.filter((a) => PRACTICE_AREAS.includes(a as never))).size,
      );
      expect(s.countries[s.country[i] as number]).toBe(r.countryCode);
      const traits = PERSONALITY_TRAITS.map((t) => {
        const v = clampTrait(r.personalityTraits?.[t]);
        return Number.isNaN(v) ? 0 : Math.round(v);
      });
      expect([...s.traits.subarray(i * 8, i * 8 + 8)]).toEqual(traits);
      expect(comboCodes(s.combo[i] as number)).toEqual([
        codeOf(STYLES.communicationStyle, r.communicationStyle) + 1,
        codeOf(STYLES.approachStyle, r.approachStyle) + 1,
        codeOf(STYLES.clientFocus, r.clientFocus) + 1,
        codeOf(STYLES.availabilityLevel, r.availabilityLevel) + 1,
        codeOf(STYLES.caseComplexityPreference, r.caseComplexityPreference) + 1,
      ]);
      expect(s.experienceBase[i]).toBe(experienceBase(r.experience, Number(r.rating)));
      expect((s.rating[i] as number) / 100).toBe(Number(r.rating));
      expect(s.reviewCount[i]).toBe(r.reviewCount);
      for (const [l, bits] of s.speakers)
        expect(((bits[i >>> 5] as number) >>> (i & 31)) & 1, `${r.id} speaks ${l}`).toBe(
          r.languages.includes(l) ? 1 : 0,
        );
      for (const l of r.languages) expect(s.speakers.has(l)).toBe(true);
    }
    // Groups: combination then country, with the largest experience of each.
    const K = s.countries.length;
    expect(s.groupStart.length).toBe(COMBOS * K + 1);
    expect(s.groupStart[COMBOS * K]).toBe(s.n);
    for (let g = 0; g < COMBOS * K; g++) {
      let max = 0;
      for (let i = s.groupStart[g] as number; i < (s.groupStart[g + 1] as number); i++) {
        expect((s.combo[i] as number) * K + (s.country[i] as number)).toBe(g);
        max = Math.max(max, s.experienceBase[i] as number);
      }
      expect(s.groupMaxExperience[g]).toBe(max);
    }
  });

  it("reads its file copy back identical, ranks identically from it, and ignores another database's file", async () => {
    const s = await buildMatchStore(database.db, 7);
    const key = await databaseKey(database.db);
    const file = snapshotPath(tmp, key);
    await saveMatchSnapshot(file, key, s);
    const back = loadMatchSnapshot(file, key) as MatchStore;
    expect(back).not.toBeNull();
    expect(back.version).toBe(7);
    for (const [k, v] of Object.entries(s)) {
      const w = (back as unknown as Record<string, unknown>)[k];
      if (ArrayBuffer.isView(v)) expect([...(w as Uint8Array)], k).toEqual([...(v as Uint8Array)]);
    }
    expect([...back.speakers.keys()].sort()).toEqual([...s.speakers.keys()].sort());
    for (const [l, bits] of s.speakers) expect([...(back.speakers.get(l) as Uint32Array)]).toEqual([...bits]);
    expect(back.countries).toEqual(s.countries);
    for (const a of fc.sample(assessmentArb(s.countries), { numRuns: 40, seed: 3 }))
      expect(rankCandidates(back, a, a.country, 20)).toEqual(rankCandidates(s, a, a.country, 20));
    expect(loadMatchSnapshot(file, `${key}-other`)).toBeNull();
    expect(loadMatchSnapshot(path.join(tmp, "missing.bin"), key)).toBeNull();
  });

  it("answers a match request that arrives while the store is built at start with the model's answer", async () => {
    const s = await getMatchStore(database.db);
    dropMatchStore(database.db);
    let ready = false;
    const warming = warmMatchStore(database.db).then(() => {
      ready = true;
    });
    for (const a of fc.sample(assessmentArb(s.countries), { numRuns: 6, seed: 5 })) {
      const request = matchLawyers(database.db, a);
      const got = await request;
      expect(got.map((m) => ({ id: m.lawyerId, overall: m.overallScore }))).toEqual(await bruteForce(a));
    }
    await warming;
    expect(ready).toBe(true);
  });

  it("asked while nothing is built: the first request waits for the build under way and does not start a second", async () => {
    dropMatchStore(database.db);
    const warming = warmMatchStore(database.db);
    const [first, second] = await Promise.all([getMatchStore(database.db), getMatchStore(database.db)]);
    await warming;
    expect(first).toBe(second);
    expect(await getMatchStore(database.db)).toBe(first);
  });

  it("a listing added while the store builds is taken by the build queued after it, which every invalidation shares", async () => {
    const s = await getMatchStore(database.db);
    const a: Assessment = {
      ...(fc.sample(assessmentArb(s.countries), { numRuns: 1, seed: 13 })[0] as Assessment),
      caseType: "Workplace Injury",
      country: undefined,
      language: undefined,
    };
    dropMatchStore(database.db);
    const warming = warmMatchStore(database.db);
    const [inserted] = await database.db
      .insert(lawyers)
      .values({
        ...(generateLawyers(1, 78)[0] as NewLawyer),
        email: "during.build@example.test",
        name: "During Build",
        practiceAreas: ["Workplace Injury"],
        verified: true,
        verificationStatus: "verified",
        experience: 25,
        rating: 5,
        reviewCount: 1000,
        personalityTraits: { ...a.personalityTraits },
        communicationStyle: a.communicationPreference,
        approachStyle: a.approachPreference,
        clientFocus: a.priorityFocus,
        availabilityLevel: a.timePreference,
        caseComplexityPreference: a.caseComplexity,
      })
      .returning({ id: lawyers.id });
    await Promise.all([invalidateMatchStore(database.db), invalidateMatchStore(database.db), warming]);
    const after = await getMatchStore(database.db);
    expect(after.version).toBe(await syncDataVersion(database.db));
    expect(rankCandidates(after, a, undefined, 1)[0]?.id).toBe(inserted?.id);
    expect(
      (await matchLawyers(database.db, a)).map((m) => ({ id: m.lawyerId, overall: m.overallScore })),
    ).toEqual(await bruteForce(a));
  });

  it("follows a listing change after invalidateMatchStore, without a drop; the file copy answers at start and is replaced", async () => {
    const dir = path.join(tmp, "data");
    dropMatchStore(database.db);
    await warmMatchStore(database.db, { snapshotDir: dir });
    const key = await databaseKey(database.db);
    const file = snapshotPath(dir, key);
    for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    const saved = loadMatchSnapshot(file, key) as MatchStore;
    expect(saved.version).toBe((await getMatchStore(database.db)).version);

    const s = await getMatchStore(database.db);
    const a: Assessment = {
      ...(fc.sample(assessmentArb(s.countries), { numRuns: 1, seed: 9 })[0] as Assessment),
      caseType: "Product Liability",
      country: undefined,
      language: undefined,
    };
    const template = generateLawyers(1, 77)[0] as NewLawyer;
    const [inserted] = await database.db
      .insert(lawyers)
      .values({
        ...template,
        email: "store.perfect@example.test",
        name: "Store Perfect",
        practiceAreas: ["Product Liability"],
        verified: true,
        verificationStatus: "verified",
        experience: 25,
        rating: 5,
        reviewCount: 1000,
        personalityTraits: { ...a.personalityTraits },
        communicationStyle: a.communicationPreference,
        approachStyle: a.approachPreference,
        clientFocus: a.priorityFocus,
        availabilityLevel: a.timePreference,
        caseComplexityPreference: a.caseComplexity,
      })
      .returning({ id: lawyers.id });
    // The version check is trusted for a second: without the invalidation the old copy answers.
    expect((await getMatchStore(database.db)).version).toBe(s.version);
    await invalidateMatchStore(database.db);
    const after = await getMatchStore(database.db);
    expect(after.version).toBe(await syncDataVersion(database.db));
    expect(after.version).toBeGreaterThan(s.version);
    const got = await matchLawyers(database.db, a);
    expect(got[0]).toMatchObject({ lawyerId: inserted?.id, overallScore: 10 });
    expect(got.map((m) => ({ id: m.lawyerId, overall: m.overallScore }))).toEqual(await bruteForce(a));

    // A new process (here: the store dropped) starts from the older file copy, which answers at
    // once; the background build of the current data then lists the new lawyer.
    expect(loadMatchSnapshot(file, key)?.version).toBeLessThan(after.version);
    dropMatchStore(database.db);
    await warmMatchStore(database.db, { snapshotDir: dir });
    await invalidateMatchStore(database.db);
    expect((await matchLawyers(database.db, a))[0]?.lawyerId).toBe(inserted?.id);
  });
});
