/**
 * The daily monitoring job of issue 15 §2 against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), moved through time with the test clock: 31 days before a due date nothing
 * happens, 30 days before the owner gets one reminder in their language (and no second one that
 * day or later), on the due day the check still holds, the day after it lapses (audited, tick
 * off, in the re-check queue), twice the same day changes nothing; licence checks without a due
 * date lapse a year after they were made; insurance lapses at its expiry without touching the
 * tick; a moderator's re-check closes the queue item; `npm run jobs:daily` prints its summary.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../lib/account.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { toPublicUser } from "../accounts/users.ts";
import type { Database } from "../db/client.ts";
import { auditLog, lawyers, users, verificationChecks, verificationReminders } from "../db/schema.ts";
import type { MailMessage } from "../email/mailer.ts";
import { runDailyVerificationJob } from "./daily.ts";
import { runDailyJobCli } from "./jobs-cli.ts";
import { readVerification } from "./read.ts";
import { decideRecheck, readRecheck, recheckQueueProvider } from "./recheck.ts";
import { recomputeVerification } from "./recompute.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const clock = createTestClock("2026-06-01T08:00:00Z");
const sent: MailMessage[] = [];
const mailer = {
  send: async (m: MailMessage) => {
    sent.push(m);
  },
};
const run = () =>
  runDailyVerificationJob({ db: database.db, clock, mailer, emailLinkOrigin: "https://lexatlas.test" });

let n = 0;
async function newListing(
  owner: { locale: string } | null = { locale: "en" },
): Promise<{ id: number; email: string | null }> {
  n++;
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: `Dana Ruiz ${n}`,
      email: `dana${n}@firm.example`,
      location: "New York",
      country: "United States",
      countryCode: "US",
      city: "New York",
    })
    .returning({ id: lawyers.id });
  const id = (row as { id: number }).id;
  if (!owner) return { id, email: null };
  const email = `owner${n}@firm.example`;
  await database.db.insert(users).values({
    email,
    password: "x",
    firstName: "Dana",
    lastName: "Ruiz",
    role: "lawyer",
    lawyerId: id,
    locale: owner.locale,
  });
  return { id, email };
}

async function addCheck(
  lawyerId: number,
  kind: string,
  nextCheckDue: string | null,
  checkedOn: string | null = "2025-07-15",
): Promise<number> {
  const [row] = await database.db
    .insert(verificationChecks)
    .values({
      lawyerId,
      kind,
      status: "verified",
      method: "register_lookup",
      source: "New York State Unified Court System, Attorney Registration",
      checkedOn,
      nextCheckDue,
    })
    .returning({ id: verificationChecks.id });
  await recomputeVerification(database.db, lawyerId, clock);
  return (row as { id: number }).id;
}

async function cache(id: number) {
  const [r] = await database.db
    .select({ verified: lawyers.verified, status: lawyers.verificationStatus })
    .from(lawyers)
    .where(eq(lawyers.id, id));
  return r;
}

async function check(id: number) {
  const [r] = await database.db.select().from(verificationChecks).where(eq(verificationChecks.id, id));
  return r;
}

async function audits(lawyerId: number, action: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, String(lawyerId)), eq(auditLog.action, action)));
}

async function queueIds(): Promise<string[]> {
  return (await recheckQueueProvider(database.db, clock)(1000)).map((i) => i.id);
}

async function moderator(): Promise<PublicUser> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `mod${++n}@lexatlas.test`,
      password: "x",
      firstName: "Mo",
      lastName: "Derator",
      role: "moderator",
    })
    .returning();
  return toPublicUser(row as NonNullable<typeof row>);
}

describe(`runDailyVerificationJob (${TEST_ENGINE})`, () => {
  it("31 days before, 30 days before, twice, due day, after and twice again", async () => {
    const listing = await newListing({ locale: "de" });
    const checkId = await addCheck(listing.id, "licence", "2026-07-15");

    clock.set("2026-06-14T06:00:00Z"); // 31 days before: nothing
    sent.length = 0;
    let s = await run();
    expect(s.lapsed).toBe(0);
    expect(sent.filter((m) => m.to === listing.email)).toHaveLength(0);
    expect(await queueIds()).not.toContain(String(checkId));

    clock.set("2026-06-15T06:00:00Z"); // 30 days before: one reminder, in German, and queued
    s = await run();
    const mine = sent.filter((m) => m.to === listing.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe("Ihre LexAtlas-Prüfung (Zulassung) ist am 2026-07-15 fällig");
    expect(mine[0]?.text).toContain(`Dana Ruiz ${n}`);
    expect(mine[0]?.text).toContain("https://lexatlas.test/de/dashboard/listing");
    const item = (await recheckQueueProvider(database.db, clock)(1000)).find((i) => i.id === String(checkId));
    expect(item).toMatchObject({
      kind: "rechecks",
      // The listing's name; the overview adds the check's name in the page's language.
      title: `Dana Ruiz ${n}`,
      checkKind: "licence",
      href: `/admin/rechecks/${checkId}`,
      subjectId: String(listing.id),
    });
    expect(s.queued).toBeGreaterThanOrEqual(1);

    s = await run(); // twice the same day: nothing new
    expect(s).toMatchObject({ lapsed: 0, reminders: 0 });
    clock.set("2026-07-01T06:00:00Z"); // later in the window: still no second email
    await run();
    expect(sent.filter((m) => m.to === listing.email)).toHaveLength(1);
    expect(
      await database.db
        .select()
        .from(verificationReminders)
        .where(eq(verificationReminders.checkId, checkId)),
    ).toHaveLength(1);

    clock.set("2026-07-15T23:59:00Z"); // due day: still verified
    s = await run();
    expect((await check(checkId))?.status).toBe("verified");
    expect(await cache(listing.id)).toEqual({ verified: true, status: "verified" });

    clock.set("2026-07-16T00:01:00Z"); // the day after: lapsed, audited, tick off, still queued
    s = await run();
    expect(s.lapsed).toBeGreaterThanOrEqual(1);
    expect(await check(checkId)).toMatchObject({ status: "lapsed", nextCheckDue: "2026-07-15" });
    expect(await cache(listing.id)).toEqual({ verified: false, status: "unverified" });
    expect((await readVerification(database.db, listing.id, clock)).verification.status).toBe("lapsed");
    const lapsedAudit = await audits(listing.id, "verification.lapsed");
    expect(lapsedAudit).toHaveLength(1);
    expect(lapsedAudit[0]).toMatchObject({
      actorRole: "system",
      actorUserId: null,
      before: { checkId, status: "verified", nextCheckDue: "2026-07-15" },
      after: { checkId, status: "lapsed" },
    });
    expect(await queueIds()).toContain(String(checkId));

    s = await run(); // twice: nothing changes, no email
    expect(s).toMatchObject({ lapsed: 0, reminders: 0 });
    expect(await audits(listing.id, "verification.lapsed")).toHaveLength(1);
    expect(sent.filter((m) => m.to === listing.email)).toHaveLength(1);
  });

  it("a licence check without a due date lapses a year after it was made; insurance lapses at expiry, tick unaffected", async () => {
    clock.set("2026-06-01T08:00:00Z");
    const a = await newListing();
    const licence = await addCheck(a.id, "licence", null, "2025-06-01");
    const b = await newListing();
    await addCheck(b.id, "licence", "2027-01-01");
    const insurance = await addCheck(b.id, "insurance", "2026-05-31");
    await run();
    expect((await check(licence))?.status).toBe("verified"); // due 2026-06-01: today
    expect((await check(insurance))?.status).toBe("lapsed");
    expect(await cache(b.id)).toEqual({ verified: true, status: "verified" });
    clock.set("2026-06-02T08:00:00Z");
    await run();
    expect(await check(licence)).toMatchObject({ status: "lapsed", nextCheckDue: "2026-06-01" });
    expect(await cache(a.id)).toEqual({ verified: false, status: "unverified" });
  });

  it("an unclaimed listing gets no email but is queued; checks of one listing due the same day share one email", async () => {
    clock.set("2026-08-01T08:00:00Z");
    const unclaimed = await newListing(null);
    const lone = await addCheck(unclaimed.id, "licence", "2026-08-20");
    const claimed = await newListing({ locale: "ja" });
    await addCheck(claimed.id, "licence", "2026-08-25");
    await addCheck(claimed.id, "discipline", "2026-08-25");
    sent.length = 0;
    const s = await run();
    expect(s.reminders).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([claimed.email]);
    expect(sent[0]?.subject).toContain("弁護士登録");
    expect(sent[0]?.subject).toContain("懲戒歴");
    expect(await queueIds()).toContain(String(lone));
    expect((await readRecheck(database.db, lone))?.listingName).toBe(`Dana Ruiz ${n - 1}`);
  });

  it("a failed email is counted and sent on the next run", async () => {
    clock.set("2026-09-01T08:00:00Z");
    const listing = await newListing();
    await addCheck(listing.id, "licence", "2026-09-10");
    const failing = {
      send: async () => {
        throw new Error("relay down");
      },
    };
    const first = await runDailyVerificationJob({
      db: database.db,
      clock,
      mailer: failing,
      emailLinkOrigin: "https://lexatlas.test",
    });
    expect(first.reminderFailures).toBe(1);
    sent.length = 0;
    const second = await run();
    expect(second.reminders).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([listing.email]);
  });

  it("a moderator re-confirms a lapsed check (tick back, out of the queue) or confirms a lapse; others may not", async () => {
    clock.set("2026-10-01T08:00:00Z");
    const listing = await newListing();
    const checkId = await addCheck(listing.id, "licence", "2026-09-01");
    await run();
    expect(await queueIds()).toContain(String(checkId));
    const mod = await moderator();
    const lawyer = { ...mod, role: "lawyer" as const };
    await expect(
      decideRecheck(
        database.db,
        clock,
        lawyer,
        checkId,
        { outcome: "lapsed", reason: "no" },
        { ip: "1.2.3.4" },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      decideRecheck(
        database.db,
        clock,
        mod,
        checkId,
        {
          outcome: "verified",
          method: "register_lookup",
          source: "NY register",
          sourceUrl: "javascript:alert(1)",
          checkedOn: "2026-10-02",
          nextCheckDue: "2026-09-30",
          reason: "Checked the register",
        },
        { ip: "1.2.3.4" },
      ),
    ).rejects.toMatchObject({
      status: 400,
      fieldMessages: expect.objectContaining({
        sourceUrl: expect.any(String),
        checkedOn: expect.any(String),
        nextCheckDue: expect.any(String),
      }),
    });
    await expect(
      decideRecheck(
        database.db,
        clock,
        mod,
        999_999,
        { outcome: "lapsed", reason: "gone" },
        { ip: "1.2.3.4" },
      ),
    ).rejects.toMatchObject({ status: 404 });

    await decideRecheck(
      database.db,
      clock,
      mod,
      checkId,
      {
        outcome: "verified",
        method: "register_lookup",
        source: "New York State Unified Court System, Attorney Registration",
        sourceUrl: "https://iapps.courts.state.ny.us/attorneyservices/search",
        checkedOn: "2026-10-01",
        nextCheckDue: "2027-10-01",
        reason: "Currently registered on the register",
      },
      { ip: "1.2.3.4" },
    );
    expect(await check(checkId)).toMatchObject({
      status: "verified",
      checkedBy: mod.id,
      nextCheckDue: "2027-10-01",
    });
    expect(await cache(listing.id)).toEqual({ verified: true, status: "verified" });
    expect(await queueIds()).not.toContain(String(checkId));
    const [audit] = await audits(listing.id, "verification.rechecked");
    expect(audit).toMatchObject({
      actorUserId: mod.id,
      actorRole: "moderator",
      ip: "1.2.3.4",
      reason: "Currently registered on the register",
      before: { status: "lapsed" },
      after: { status: "verified", nextCheckDue: "2027-10-01" },
    });

    await decideRecheck(
      database.db,
      clock,
      mod,
      checkId,
      { outcome: "lapsed", reason: "Struck off" },
      { ip: "1.2.3.4" },
    );
    expect(await check(checkId)).toMatchObject({ status: "lapsed", nextCheckDue: null });
    expect(await cache(listing.id)).toEqual({ verified: false, status: "unverified" });
    expect(await queueIds()).not.toContain(String(checkId));
    expect(await audits(listing.id, "verification.rechecked")).toHaveLength(2);
  });
});

describe("npm run jobs:daily", () => {
  it("prints its summary and refuses arguments", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "lexatlas-jobs-"));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const env = { DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" };
      expect(await runDailyJobCli(["--now"], { env, out: (l) => out.push(l), err: (l) => err.push(l) })).toBe(
        64,
      );
      const code = await runDailyJobCli([], { env, clock, out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(err).toEqual(["Usage: npm run jobs:daily"]);
      expect(code).toBe(0);
      // Issue 16 §3: the same command refreshes the response figures and runs the response sweep.
      expect(out).toEqual([
        "0 lapsed, 0 reminders, 0 queued",
        "response times: 0 listings updated, 0 lawyer reminders, 0 client notices",
        // Issue 17 §5: and applies retention.
        "retention: 0 unaccepted cases deleted, 0 closed cases' documents deleted (0 files), 0 contact messages deleted",
        // Issue 17 §4: then the data-rights step.
        "data rights: 0 accounts erased, 0 exports expired",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("startDailyJobTimer", () => {
  it("runs at start and then once per day of the clock, retrying a failed run", async () => {
    const { startDailyJobTimer } = await import("./daily.ts");
    const timerClock = createTestClock("2026-06-01T08:00:00Z");
    let runs = 0;
    let fail = false;
    const timer = startDailyJobTimer({
      clock: timerClock,
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        if (fail) throw new Error("database down");
      },
    });
    try {
      await timer.tick(); // the start-up run is under way or done
      expect(runs).toBe(1);
      timerClock.set("2026-06-01T23:00:00Z");
      await timer.tick();
      expect(runs).toBe(1);
      timerClock.set("2026-06-02T00:30:00Z");
      fail = true;
      await timer.tick();
      expect(runs).toBe(2);
      fail = false;
      await timer.tick(); // the failed day is tried again
      expect(runs).toBe(3);
      await timer.tick();
      expect(runs).toBe(3);
    } finally {
      timer.stop();
    }
  });
});
