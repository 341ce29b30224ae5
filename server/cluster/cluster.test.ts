/**
 * The pieces several instances rely on (issue 18 §2), on both engines: the job lock and the
 * once-a-day record (server/cluster/jobs.ts), the listing notifications (notifications.ts: a write
 * to lawyers reaches the listener with the new data version, which the handle then knows without
 * waiting for its poll) and the per-machine state check (state.ts). Two processes at once are
 * tested in two-instances.test.ts (PostgreSQL only).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import { dataVersion, syncDataVersion } from "../search/cache.ts";
import { runDailyOnce, withJobLock } from "./jobs.ts";
import { startListingNotifications } from "./notifications.ts";
import { perMachineState } from "./state.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The connection string of the test database's pool (PostgreSQL), for the listening connection. */
function urlOf(db: Database["db"]): string | undefined {
  const pool = (db as unknown as { $client: unknown }).$client;
  return pool instanceof pg.Pool ? (pool.options.connectionString as string) : undefined;
}

describe(`job lock and daily record (${TEST_ENGINE})`, () => {
  it("runs the job under the lock and releases it, also when the job throws", async () => {
    expect(await withJobLock(database.db, "responseSweep", async () => 7)).toEqual({ ran: true, value: 7 });
    await expect(
      withJobLock(database.db, "responseSweep", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    // Released: the next run gets it.
    expect(await withJobLock(database.db, "responseSweep", async () => "again")).toEqual({
      ran: true,
      value: "again",
    });
  });

  it("runs the daily job once per day, records nothing for a failed run, and runs by hand with force", async () => {
    const clock = createTestClock("2030-05-01T08:00:00Z");
    let runs = 0;
    const job = async () => {
      runs += 1;
      return runs;
    };
    await expect(
      runDailyOnce(database.db, clock, async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    expect(await runDailyOnce(database.db, clock, job)).toEqual({
      status: "ran",
      day: "2030-05-01",
      value: 1,
    });
    expect(await runDailyOnce(database.db, clock, job)).toEqual({ status: "done", day: "2030-05-01" });
    expect((await runDailyOnce(database.db, clock, job, { force: true })).status).toBe("ran");
    clock.advance(24 * 3_600_000);
    expect(await runDailyOnce(database.db, clock, job)).toEqual({
      status: "ran",
      day: "2030-05-02",
      value: 3,
    });
    // A clock moved back never lowers the recorded day.
    clock.advance(-2 * 24 * 3_600_000);
    expect((await runDailyOnce(database.db, clock, job)).status).toBe("done");
  });
});

describe(`listing notifications (${TEST_ENGINE})`, () => {
  it("hears a write to lawyers with the new data version and makes the handle know it at once", async () => {
    const heard: (number | null)[] = [];
    const listener = await startListingNotifications({
      dbs: [database.db],
      kind: database.kind,
      databaseUrl: urlOf(database.db),
      onChange: (v) => heard.push(v),
    });
    try {
      expect(listener.connected).toBe(true);
      await syncDataVersion(database.db);
      const before = dataVersion(database.db);
      await insertTestListing(database, "notify.test@example.org");
      const { rows } = await database.db.execute<{ version: string }>(
        sql`SELECT version FROM search_state WHERE id = 1`,
      );
      const version = Number(rows[0]?.version);
      expect(version).toBeGreaterThan(before);
      const until = performance.now() + 2000;
      while (!heard.includes(version) && performance.now() < until)
        await new Promise((r) => setTimeout(r, 10));
      expect(heard).toContain(version);
      // Known without waiting for the once-a-second poll.
      expect(dataVersion(database.db)).toBe(version);
    } finally {
      await listener.stop();
    }
    expect(listener.connected).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "listing notifications after a lost connection (postgres)",
  () => {
    /**
     * PostgreSQL only: PGlite has no separate listening connection that could be lost (its listen
     * runs inside the process), so there is nothing to reconnect.
     */
    it("reconnects with backoff and treats the data as changed", async () => {
      const heard: (number | null)[] = [];
      const listener = await startListingNotifications({
        dbs: [database.db],
        kind: "postgres",
        databaseUrl: urlOf(database.db),
        onChange: (v) => heard.push(v),
        backoff: { minMs: 20, maxMs: 100 },
      });
      try {
        await database.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lexatlas-listen' AND datname = current_database()`,
        );
        const until = performance.now() + 3000;
        while (!(heard.includes(null) && listener.connected) && performance.now() < until)
          await new Promise((r) => setTimeout(r, 10));
        expect(heard).toContain(null);
        expect(listener.connected).toBe(true);
        // And it listens again.
        await insertTestListing(database, "notify.again@example.org");
        const until2 = performance.now() + 2000;
        while (!heard.some((v) => typeof v === "number") && performance.now() < until2)
          await new Promise((r) => setTimeout(r, 10));
        expect(heard.some((v) => typeof v === "number")).toBe(true);
      } finally {
        await listener.stop();
      }
    });
  },
);

describe("per-machine state (issue 18 §2)", () => {
  it("names each key file and the local store when the database is PostgreSQL, nothing on PGlite", () => {
    expect(perMachineState({})).toEqual([]);
    const all = perMachineState({ DATABASE_URL: "postgresql://db/lexatlas" });
    expect(all.map((i) => i.variable)).toEqual(["DOCUMENT_MASTER_KEY", "STAFF_SECRET_KEY", "S3_BUCKET"]);
    expect(
      perMachineState({
        DATABASE_URL: "postgresql://db/lexatlas",
        DOCUMENT_MASTER_KEY: "k",
        STAFF_SECRET_KEY: "s",
        S3_BUCKET: "b",
      }),
    ).toEqual([]);
  });
});
