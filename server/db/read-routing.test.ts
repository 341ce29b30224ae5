/**
 * Issue 18 §3 `DATABASE_READ_URL`: which database handle each service reads, on both engines
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL). Without a read URL everything uses the primary,
 * and PGlite ignores one. With a read handle, the handle is a SECOND database holding different
 * data (a stand-in for the replica, so the test can tell where each answer came from): searches,
 * facets, profiles, suggestions and the ranked matches come from it; the lawyer's own listing
 * (dashboard), every write and the assessment just written stay on the primary. The real
 * streaming replica, with its lag, is server/db/replica.test.ts (PostgreSQL only).
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEARCH } from "../../lib/search-params.ts";
import { testApi } from "../../tests/support/api.ts";
import { canadaCarAccidentAssessment } from "../../tests/support/assessments.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { awaitedDataVersion } from "../search/cache.ts";
import { insertFixtures } from "../search/fixtures.ts";
import { getSuggestions, refreshSearchData } from "../search/index.ts";
import { followPrimaryVersion, primaryDataVersion } from "../search/read-sync.ts";
import { createServices, type Services } from "../services.ts";
import { type Database, openDatabase } from "./client.ts";
import { clientPersonalities, lawyers, users } from "./schema.ts";

/** A temporary DATA_DIR (mail outbox, document keys) for the services of this file; removed after it. */
const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-read-routing-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = () => loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir });

/** An assessment for car accidents in Canada (fixture 1, Aaron Clarke, verified, matches it). */
const assessment = canadaCarAccidentAssessment;

describe(`read routing without DATABASE_READ_URL (${TEST_ENGINE})`, () => {
  it("PGlite ignores a read URL: its read handle is the primary's", async () => {
    const database = await openDatabase({
      dataDir: "memory://",
      readUrl: "postgresql://nobody@localhost:1/none",
    });
    try {
      expect(database.readDb).toBe(database.db);
    } finally {
      await database.close();
    }
  });

  it("everything uses the primary: readDb is the primary's handle and the directory reads it", async () => {
    const database = await openTestDatabase();
    try {
      expect(database.readDb).toBe(database.db);
      const services = createServices({
        clock: systemClock,
        db: database.db,
        config: config(),
        logger: createLogger("silent"),
      });
      expect(services.readDb).toBe(database.db);
      await insertFixtures(database.db);
      const found = await services.directory.searchLawyers({ ...DEFAULT_SEARCH, query: "Clarke" });
      expect(found.lawyers.map((l) => l.id)).toContain(1);
      await services.mailer.close();
    } finally {
      await database.close();
    }
  });
});

describe(`read routing with a read handle (${TEST_ENGINE})`, () => {
  let primary: Database;
  let replica: Database;
  let services: Services;
  let server: TestServer;
  const api = testApi(() => server, { signUpDefaults: { role: "lawyer" } });

  beforeAll(async () => {
    [primary, replica] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    await Promise.all([insertFixtures(primary.db), insertFixtures(replica.db)]);
    // The stand-in replica differs: lawyer 1 has another name, and there is a 13th listing.
    await replica.db.update(lawyers).set({ name: "Aaron Replicaton" }).where(eq(lawyers.id, 1));
    await replica.db.insert(lawyers).values({
      name: "Zed Onlyreplica",
      firm: "Onlyreplica Law",
      email: "zed@example.test",
      phone: "+12125550101",
      location: "Ottawa, Ontario, Canada",
      country: "Canada",
      countryCode: "CA",
      state: "Ontario",
      city: "Ottawa",
      practiceAreas: ["Dog Bites"],
    });
    await refreshSearchData(replica.db);
    services = createServices({
      clock: systemClock,
      db: primary.db,
      readDb: replica.db,
      config: config(),
      logger: createLogger("silent"),
    });
    server = await startTestServer(primary.db, { readDb: replica.db });
  });
  afterAll(async () => {
    await server?.close();
    await services?.mailer.close();
    await primary?.close();
    await replica?.close();
  });

  it("the directory (search, facets, profile, suggestions) reads the read handle", async () => {
    expect(services.readDb).toBe(replica.db);
    const search = await services.directory.searchLawyers({ ...DEFAULT_SEARCH, query: "Replicaton" });
    expect(search.lawyers.map((l) => l.id)).toEqual([1]);
    expect((await services.directory.getLawyer(1))?.name).toBe("Aaron Replicaton");
    expect((await services.directory.getFacets(DEFAULT_SEARCH)).total).toBe(13);
    // Ottawa is a place only the read handle's listings have (search_places).
    expect(await services.directory.getSuggestions("Ottaw", "en")).toContain("Ottawa, Canada");
    expect(await getSuggestions(primary.db, "Ottaw", "en")).not.toContain("Ottawa, Canada");
    expect(await services.directory.getDirectoryStats()).toMatchObject({ lawyers: 13 });
  });

  it("matching writes and reads the assessment on the primary and ranks lawyers from the read handle", async () => {
    const a = assessment();
    expect(await services.matching.saveAssessment(a)).toBe("created");
    const onPrimary = await primary.db
      .select({ id: clientPersonalities.id })
      .from(clientPersonalities)
      .where(eq(clientPersonalities.sessionId, a.sessionId));
    expect(onPrimary).toHaveLength(1);
    const onReplica = await replica.db.execute(sql`SELECT 1 FROM client_personalities`);
    expect(onReplica.rows).toHaveLength(0);
    // Read back at once from the primary (the stand-in replica never has it), ranked from the replica.
    const matches = await services.matching.getMatches(a.sessionId);
    expect(matches?.map((m) => m.lawyer.name)).toContain("Aaron Replicaton");
    expect(matches?.map((m) => m.lawyer.name)).not.toContain("Aaron Clarke");
  });

  it("the lawyer's own listing (dashboard, edit page) and its edit stay on the primary", async () => {
    const owner = await api.signUp();
    await primary.db.update(users).set({ lawyerId: 1 }).where(eq(users.id, owner.user.id));
    const view = await services.listings.ownerView(owner.user);
    expect(view.kind === "linked" && view.listing.name).toBe("Aaron Clarke");
    const put = await api.call("PUT", "/api/listing", {
      token: owner.token,
      body: { firm: "Clarke Primary Law" },
    });
    expect(put.status, put.text).toBe(200);
    const [row] = await primary.db.select({ firm: lawyers.firm }).from(lawyers).where(eq(lawyers.id, 1));
    expect(row?.firm).toBe("Clarke Primary Law");
    const [other] = await replica.db.select({ firm: lawyers.firm }).from(lawyers).where(eq(lawyers.id, 1));
    expect(other?.firm).toBe("Clarke Injury Law");
    expect((await api.call("GET", "/api/listing", { token: owner.token })).body.listing.firm).toBe(
      "Clarke Primary Law",
    );
  });

  it("the API: /api/lawyers reads the read handle; /api/personality saves on the primary and answers its matches at once", async () => {
    const search = await api.call("GET", "/api/lawyers/search?query=Onlyreplica");
    expect(search.body.map((l: { name: string }) => l.name)).toEqual(["Zed Onlyreplica"]);
    expect((await api.call("GET", "/api/lawyers/1")).body.name).toBe("Aaron Replicaton");
    expect((await api.call("GET", "/api/lawyers/facets")).body.total).toBe(13);
    const a = assessment();
    const saved = await api.call("POST", "/api/personality/assessment", {
      body: { ...a, personalityTraits: JSON.stringify(a.personalityTraits) },
    });
    expect(saved.status, saved.text).toBe(201);
    const matches = await api.call("GET", `/api/personality/matches/${a.sessionId}`);
    expect(matches.status, matches.text).toBe(200);
    expect(matches.body.map((m: { lawyer: { name: string } }) => m.lawyer.name)).toContain(
      "Aaron Replicaton",
    );
  });

  it("a read handle behind an announced version keeps answering its own data and follows it once it arrives (bounded)", async () => {
    const before = await primaryDataVersion(replica.db); // the stand-in's own search_state.version
    let settled = false;
    const following = followPrimaryVersion(replica.db, before + 1).then((ok) => {
      settled = true;
      return ok;
    });
    await new Promise((r) => setTimeout(r, 250));
    expect(settled).toBe(false);
    expect(awaitedDataVersion(replica.db)).toBe(before + 1);
    // The "replica" replays the write: the trigger bumps its version, the follower settles.
    await replica.db.update(lawyers).set({ name: "Zed Followed" }).where(eq(lawyers.name, "Zed Onlyreplica"));
    expect(await following).toBe(true);
    expect(awaitedDataVersion(replica.db)).toBeNull();
    const found = await services.directory.searchLawyers({ ...DEFAULT_SEARCH, query: "Followed" });
    expect(found.lawyers.map((l) => l.name)).toEqual(["Zed Followed"]);
    // Bounded: a version never replayed is given up after maxMs, and no longer awaited.
    expect(await followPrimaryVersion(replica.db, before + 1_000_000, { maxMs: 150, dropFacts: false })).toBe(
      false,
    );
    expect(awaitedDataVersion(replica.db)).toBeNull();
  });
});
