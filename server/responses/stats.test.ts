/**
 * Response statistics of issue 16 §3 against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with the test clock: the 90-day window's boundary, nulls below five items,
 * the median of odd and even counts, the 24 h share, unanswered items (left out while younger than
 * 24 h, counted late at their age after), accept and decline (issue 17 §2) and profile-message
 * replies as responses — a lawyer's message in a case's thread is not one,
 * and the cached columns the daily refresh writes only when they change.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_MIN_SAMPLE, RESPONSE_WINDOW_DAYS } from "../../lib/response-times.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import {
  caseMessages,
  caseStatusEvents,
  cases,
  customerMessages,
  lawyers,
  messageReplies,
  users,
} from "../db/schema.ts";
import { computeResponseStats, refreshResponseStats } from "./stats.ts";
import { median, responseTrend } from "./trend.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const NOW = new Date("2026-06-01T12:00:00Z");
const clock = createTestClock(NOW);
const H = 3_600_000;
const D = 24 * H;

let n = 0;
async function newLawyer(): Promise<number> {
  n++;
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: `Ana Stats ${n}`,
      email: `stats${n}@firm.example`,
      location: "Lisbon",
      country: "Portugal",
      countryCode: "PT",
      city: "Lisbon",
    })
    .returning({ id: lawyers.id });
  return (row as { id: number }).id;
}

/**
 * A case sent to `lawyerId` at NOW − `ageMs`, answered `afterMs` later by `how` (issue 17 §2: the
 * lawyer accepts it for review or declines it), or never when afterMs is null. Every case also
 * gets a lawyer's thread message 30 minutes after arrival, which never counts as the response.
 */
async function addCase(
  lawyerId: number,
  ageMs: number,
  afterMs: number | null,
  how: "accept" | "decline" = "accept",
): Promise<string> {
  const at = new Date(NOW.getTime() - ageMs);
  const [c] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      caseTitle: "Fall at work",
      caseType: "Workplace Injuries",
      description: "I fell from a ladder at work.",
      clientName: "Rui",
      clientEmail: "rui@example.com",
      clientPhone: "+351 21 000 0000",
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: cases.id });
  const id = (c as { id: string }).id;
  await database.db.insert(caseStatusEvents).values({ caseId: id, status: "pending", createdAt: at });
  // A client message is never a response.
  await database.db.insert(caseMessages).values({
    caseId: id,
    authorRole: "client",
    body: "Any news?",
    createdAt: new Date(at.getTime() + 1000),
  });
  // Issue 17 §2: a lawyer's message before the answer is not the first response.
  await database.db.insert(caseMessages).values({
    caseId: id,
    authorRole: "lawyer",
    body: "Hello",
    createdAt: new Date(at.getTime() + 1_800_000),
  });
  if (afterMs !== null) {
    const when = new Date(at.getTime() + afterMs);
    const status = how === "accept" ? "accepted" : "declined";
    await database.db
      .update(cases)
      .set(how === "accept" ? { status, acceptedAt: when } : { status, declinedAt: when })
      .where(eq(cases.id, id));
    await database.db.insert(caseStatusEvents).values({ caseId: id, status, createdAt: when });
  }
  return id;
}

describe("response statistics (issue 16 §3)", () => {
  it("answers nulls below the minimum sample and figures from the fifth case", async () => {
    const id = await newLawyer();
    for (let i = 0; i < RESPONSE_MIN_SAMPLE - 1; i++) await addCase(id, 5 * D, 2 * H);
    let s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s).toEqual({ medianFirstResponseHours: null, answeredWithin24hShare: null, sampleSize: 4 });
    await addCase(id, 5 * D, 2 * H);
    s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s).toEqual({ medianFirstResponseHours: 2, answeredWithin24hShare: 1, sampleSize: 5 });
  });

  it("takes the middle of an odd count and the mean of the two middles of an even count", async () => {
    const id = await newLawyer();
    for (const h of [1, 2, 3, 10, 30]) await addCase(id, 10 * D, h * H);
    let s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s?.medianFirstResponseHours).toBe(3);
    expect(s?.answeredWithin24hShare).toBe(0.8); // 30 h is late
    await addCase(id, 10 * D, 4.5 * H);
    s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s?.medianFirstResponseHours).toBe(3.8); // (3 + 4.5) / 2 = 3.75 -> 3.8
    expect(s?.sampleSize).toBe(6);
    expect(s?.answeredWithin24hShare).toBe(0.833);
  });

  it("counts a case of exactly 90 days and leaves out one a second older", async () => {
    const id = await newLawyer();
    for (let i = 0; i < 4; i++) await addCase(id, 3 * D, 1 * H);
    await addCase(id, RESPONSE_WINDOW_DAYS * D + 1000, 50 * H); // outside
    let s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s?.sampleSize).toBe(4);
    await addCase(id, RESPONSE_WINDOW_DAYS * D, 50 * H); // exactly on the boundary: in
    s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s?.sampleSize).toBe(5);
    expect(s?.answeredWithin24hShare).toBe(0.8);
  });

  it("counts a decline as a response, exactly 24 h as within, and unanswered cases honestly", async () => {
    const id = await newLawyer();
    await addCase(id, 4 * D, 24 * H, "decline"); // exactly 24 h: within
    await addCase(id, 4 * D, 6 * H, "decline");
    await addCase(id, 4 * D, 8 * H);
    await addCase(id, 4 * D, null); // unanswered for 96 h: late, counted at its age
    await addCase(id, 3 * D, null); // unanswered for 72 h
    await addCase(id, 10 * H, null); // unanswered but younger than 24 h: not counted yet
    const s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s).toEqual({ medianFirstResponseHours: 24, answeredWithin24hShare: 0.6, sampleSize: 5 });
  });

  it("ignores a response written after the clock's instant", async () => {
    const id = await newLawyer();
    for (let i = 0; i < 5; i++) await addCase(id, 2 * D, 1 * H);
    await addCase(id, 2 * H, 3 * H); // its reply is "in the future" of NOW: young and unanswered
    const s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s?.sampleSize).toBe(5);
  });

  it("counts profile messages and their first reply (message_replies)", async () => {
    const id = await newLawyer();
    const [u] = await database.db
      .insert(users)
      .values({
        email: `owner-stats${id}@firm.example`,
        password: "x",
        firstName: "A",
        lastName: "B",
        role: "lawyer",
        lawyerId: id,
      })
      .returning({ id: users.id });
    for (const h of [1, 1, 1, 1, 48]) {
      const at = new Date(NOW.getTime() - 5 * D);
      const [m] = await database.db
        .insert(customerMessages)
        .values({
          lawyerId: id,
          customerName: "C",
          customerEmail: "c@example.com",
          subject: "S",
          message: "M",
          createdAt: at,
        })
        .returning({ id: customerMessages.id });
      await database.db.insert(messageReplies).values({
        messageId: (m as { id: string }).id,
        userId: (u as { id: string }).id,
        reply: "R",
        createdAt: new Date(at.getTime() + h * H),
      });
    }
    const s = (await computeResponseStats(database.db, clock, [id])).get(id);
    expect(s).toEqual({ medianFirstResponseHours: 1, answeredWithin24hShare: 0.8, sampleSize: 5 });
  });

  it("caches the figures on the listing, rewrites only changes, and resets a listing whose items left the window", async () => {
    const id = await newLawyer();
    for (let i = 0; i < 5; i++) await addCase(id, 80 * D, 5 * H);
    const first = await refreshResponseStats(database.db, clock, [id]);
    expect(first.changed).toBe(1);
    const read = async () =>
      (
        await database.db
          .select({
            m: lawyers.medianFirstResponseHours,
            s: lawyers.answeredWithin24hShare,
            n: lawyers.responseSampleSize,
          })
          .from(lawyers)
          .where(eq(lawyers.id, id))
      )[0];
    expect(await read()).toEqual({ m: 5, s: 1, n: 5 });
    expect((await refreshResponseStats(database.db, clock)).changed).toBeGreaterThanOrEqual(0);
    expect((await refreshResponseStats(database.db, clock, [id])).changed).toBe(0);
    await clock.rewinding(async () => {
      clock.advance(11 * D); // the five cases are now 91 days old
      await refreshResponseStats(database.db, clock);
      expect(await read()).toEqual({ m: null, s: null, n: 0 });
    });
  });

  it("draws the weekly trend of the last 12 weeks by week of arrival (analytics)", async () => {
    const id = await newLawyer();
    // NOW is Monday 2026-06-01 12:00 UTC: this week starts today.
    await addCase(id, 7 * D, 2 * H); // Monday 2026-05-25: previous week
    await addCase(id, 7 * D, 30 * H);
    await addCase(id, 6 * D, 4 * H);
    await addCase(id, 2 * H, null); // this week, young and unanswered: not counted
    await addCase(id, 200 * D, 1 * H); // long before the 12 weeks
    const weeks = await responseTrend(database.db, clock, id);
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ weekStart: "2026-06-01", count: 0, medianHours: null, within24hShare: null });
    expect(weeks[10]).toEqual({ weekStart: "2026-05-25", count: 3, medianHours: 4, within24hShare: 0.667 });
    expect(weeks[0]?.weekStart).toBe("2026-03-16");
    expect(median([5, 1, 3, 2])).toBe(2.5);
  });
});
