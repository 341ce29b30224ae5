/**
 * Issue 18 §3 against a REAL streaming replica: a second PostgreSQL cluster on a private Unix
 * socket, made from the TEST_DATABASE_URL server with pg_basebackup (tests/support/replica.ts),
 * and the app's services over primary + replica (openDatabase with `readUrl`, as
 * DATABASE_READ_URL does). PostgreSQL only (`describe.runIf(TEST_DATABASE_URL)`): PGlite is one
 * embedded database in this process and has no replication, so there is nothing to replicate to.
 *
 * Replay is paused on the replica (`pg_wal_replay_pause()`), which is exactly what lag looks like
 * to the application: while paused, public search, profiles, facets and matching answer the
 * replica's (old) data, which proves they read the replica; the lawyer's own listing (dashboard,
 * edit page) and the assessment just saved answer the new data from the primary; once replay
 * resumes, search shows the edit within a bounded time, and the search caches never settle on
 * the stale version. A write routed to the replica fails (read-only). When the replica stops,
 * reads fall back to the primary with a warning.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEARCH } from "../../lib/search-params.ts";
import { testApi } from "../../tests/support/api.ts";
import { canadaCarAccidentAssessment } from "../../tests/support/assessments.ts";
import { type StreamingReplica, startStreamingReplica } from "../../tests/support/replica.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { awaitedDataVersion, syncDataVersion } from "../search/cache.ts";
import { insertFixtures } from "../search/fixtures.ts";
import { searchLawyers } from "../search/index.ts";
import { followPrimaryVersion, primaryDataVersion } from "../search/read-sync.ts";
import { createServices, type Services } from "../services.ts";
import { type Database, openDatabase } from "./client.ts";
import { replicaState } from "./read-replica.ts";
import { lawyers, users } from "./schema.ts";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const dbName = `lexatlas_test_replica_${process.pid}`;
/** A temporary DATA_DIR (mail outbox, document keys) for the services; removed after the file. */
const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-replica-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** An assessment for car accidents in Canada (fixture 1, Aaron Clarke, verified, matches it). */
const assessment = canadaCarAccidentAssessment;

/** Polls `check` every 50 ms until it answers true or `ms` pass; answers the elapsed ms or null. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

describe.runIf(adminUrl)("read replica: a real streaming replica (postgres)", () => {
  let replica: StreamingReplica | undefined;
  let database: Database;
  let services: Services;
  let server: TestServer;
  let control: pg.Client; // to the test database on the replica: pause/resume replay
  const logLines: string[] = [];
  const api = testApi(() => server, { signUpDefaults: { role: "lawyer" } });

  /** Pauses WAL replay on the replica and waits until it is paused. */
  async function pauseReplay() {
    await control.query("SELECT pg_wal_replay_pause()");
    const paused = await within(5000, async () => {
      const { rows } = await control.query<{ s: string }>("SELECT pg_get_wal_replay_pause_state() AS s");
      return rows[0]?.s === "paused";
    });
    expect(paused, "replay did not pause").not.toBeNull();
  }

  beforeAll(async () => {
    replica = await startStreamingReplica(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const logger = createLogger("warn", { write: (line: string) => void logLines.push(line) });
    // As server/main.ts opens it with DATABASE_READ_URL: migrations run on the primary only.
    database = await openDatabase({
      databaseUrl: url.toString(),
      readUrl: replica.url(dbName),
      poolSize: 4,
      logger,
    });
    await insertFixtures(database.db);
    // The replica has replayed the new database, its migrations and the fixtures.
    const caughtUp = await within(20_000, async () => {
      try {
        const r = await database.readDb.execute<{ n: string }>(sql`SELECT count(*) AS n FROM lawyers`);
        return Number(r.rows[0]?.n) === 12;
      } catch {
        return false; // the database is not there yet (3D000)
      }
    });
    expect(caughtUp, `the replica did not replay the test database\n${replica.log()}`).not.toBeNull();
    control = await replica.client(dbName);
    services = createServices({
      clock: systemClock,
      db: database.db,
      readDb: database.readDb,
      config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      logger,
    });
    server = await startTestServer(database.db, { readDb: database.readDb });
  }, 600_000);

  afterAll(async () => {
    await control?.query("SELECT pg_wal_replay_resume()").catch(() => {});
    await server?.close();
    await services?.mailer.close();
    await database?.close();
    await replica?.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 120_000);

  it("the read handle is the hot standby; a write routed there fails (read-only) and is not retried on the primary", async () => {
    const onRead = await database.readDb.execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`);
    const onPrimary = await database.db.execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`);
    expect(onRead.rows[0]?.r).toBe(true);
    expect(onPrimary.rows[0]?.r).toBe(false);
    await expect(
      database.readDb.update(lawyers).set({ name: "Never Written" }).where(eq(lawyers.id, 2)),
    ).rejects.toMatchObject({ cause: { code: "25006" } }); // read_only_sql_transaction
    const [row] = await database.db.select({ name: lawyers.name }).from(lawyers).where(eq(lawyers.id, 2));
    expect(row?.name).toBe("Beatrice Müller");
    expect(replicaState(database.readDb)).toBe("up");
  });

  it("lag: while replay is paused, public search, profile, facets and matching answer the replica's old data; the dashboard and a fresh assessment the primary's new data; after resume search catches up", async () => {
    const owner = await api.signUp();
    await database.db.update(users).set({ lawyerId: 1 }).where(eq(users.id, owner.user.id));
    const dogBites = async () =>
      (await services.directory.getFacets(DEFAULT_SEARCH)).practiceAreas.find((f) => f.value === "Dog Bites")
        ?.count ?? 0;
    // Warm every cache on the replica's current version.
    expect(
      (await api.call("GET", "/api/lawyers/search?query=Clarke")).body.map((l: { id: number }) => l.id),
    ).toContain(1);
    const dogBitesBefore = await dogBites();

    await pauseReplay();
    const put = await api.call("PUT", "/api/listing", {
      token: owner.token,
      body: { name: "Aaron Pausedworth", practiceAreas: ["Dog Bites"] },
    });
    expect(put.status, put.text).toBe(200);
    const primaryVersion = await primaryDataVersion(database.db);

    // The lawyer sees the edit at once: dashboard/edit page read the primary.
    expect((await api.call("GET", "/api/listing", { token: owner.token })).body.listing.name).toBe(
      "Aaron Pausedworth",
    );
    const view = await services.listings.ownerView(owner.user);
    expect(view.kind === "linked" && view.listing.name).toBe("Aaron Pausedworth");

    // Public reads come from the replica, which has not replayed the edit.
    await new Promise((r) => setTimeout(r, 300)); // several catch-up polls while paused
    expect((await api.call("GET", "/api/lawyers/1")).body.name).toBe("Aaron Clarke");
    expect((await services.directory.getLawyer(1))?.name).toBe("Aaron Clarke");
    expect((await api.call("GET", "/api/lawyers/search?query=Pausedworth")).body).toEqual([]);
    expect(
      (await services.directory.searchLawyers({ ...DEFAULT_SEARCH, query: "Clarke" })).lawyers[0]?.name,
    ).toBe("Aaron Clarke");
    expect(await dogBites()).toBe(dogBitesBefore);
    // The caches do not settle: the primary's version is still awaited, the replica's is older.
    expect(awaitedDataVersion(database.readDb)).toBe(primaryVersion);
    expect(await syncDataVersion(database.readDb)).toBeLessThan(primaryVersion);

    // Matching: the assessment is written and read back on the primary at once; the ranking reads
    // the replica, where lawyer 1 still covers car accidents under the old name.
    const a = assessment();
    const saved = await api.call("POST", "/api/personality/assessment", {
      body: { ...a, personalityTraits: JSON.stringify(a.personalityTraits) },
    });
    expect(saved.status, saved.text).toBe(201);
    const during = await api.call("GET", `/api/personality/matches/${a.sessionId}`);
    expect(during.status, during.text).toBe(200);
    expect(during.body.map((m: { lawyer: { name: string } }) => m.lawyer.name)).toContain("Aaron Clarke");

    await control.query("SELECT pg_wal_replay_resume()");
    const caughtUp = await within(10_000, async () => {
      const r = await api.call("GET", "/api/lawyers/search?query=Pausedworth");
      return r.body.some((l: { id: number }) => l.id === 1);
    });
    expect(caughtUp, "search did not show the edit within 10 s of resuming replay").not.toBeNull();
    expect((await api.call("GET", "/api/lawyers/1")).body.name).toBe("Aaron Pausedworth");
    expect(await dogBites()).toBe(dogBitesBefore + 1);
    expect(awaitedDataVersion(database.readDb)).toBeNull();
    const after = await api.call("GET", `/api/personality/matches/${a.sessionId}`);
    expect(after.body.map((m: { lawyer: { id: number } }) => m.lawyer.id)).not.toContain(1);
  });

  it("lag of a change another instance announced: the read handle follows the announced version until the replica has replayed it (bounded)", async () => {
    await pauseReplay();
    // Another instance's write: nothing in this process knows of it but the announced version.
    await database.db.update(lawyers).set({ name: "Bruno Announced" }).where(eq(lawyers.id, 2));
    const version = await primaryDataVersion(database.db);
    let settled = false;
    const following = followPrimaryVersion(database.readDb, version).then((ok) => {
      settled = true;
      return ok;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(settled).toBe(false);
    expect(awaitedDataVersion(database.readDb)).toBe(version);
    const stale = await searchLawyers(database.readDb, { ...DEFAULT_SEARCH, query: "Announced" });
    expect(stale.lawyers).toEqual([]);

    await control.query("SELECT pg_wal_replay_resume()");
    expect(await following).toBe(true);
    const fresh = await searchLawyers(database.readDb, { ...DEFAULT_SEARCH, query: "Announced" });
    expect(fresh.lawyers.map((l) => l.id)).toEqual([2]);
    // Bounded: a version the replica never reaches is given up after maxMs.
    expect(
      await followPrimaryVersion(database.readDb, version + 1_000_000, { maxMs: 200, dropFacts: false }),
    ).toBe(false);
    expect(awaitedDataVersion(database.readDb)).toBeNull();
  });

  it("replica down: reads fall back to the primary with one warning (readiness stays on the primary)", async () => {
    await replica?.halt();
    const profile = await api.call("GET", "/api/lawyers/2");
    expect(profile.status).toBe(200);
    expect(profile.body.name).toBe("Bruno Announced");
    expect((await api.call("GET", "/api/lawyers/search?query=Announced")).status).toBe(200);
    expect(replicaState(database.readDb)).toBe("down");
    const warnings = logLines.filter((l) => l.includes("read replica unavailable"));
    expect(warnings).toHaveLength(1);
    const onRead = await database.readDb.execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`);
    expect(onRead.rows[0]?.r).toBe(false); // answered by the primary
  });
});
