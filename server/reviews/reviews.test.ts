/**
 * The review service's rules (issue 16 §1) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) with the injectable clock: the 14-day window to the millisecond, the
 * 30-day edit period, one review per engagement, the recompute of lawyers.rating/review_count
 * (the only writer), the moderators' decisions (publish, reject, remove with a policy reason;
 * audited in the same transaction; never for anyone but staff), the `reviews` queue, and the
 * link and personal-data rules of lib/review-input.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../lib/account.ts";
import { firstLink, hasContactData } from "../../lib/contact-details.ts";
import { REVIEW_EDIT_DAYS, REVIEW_MIN_DAYS_AFTER_ENGAGEMENT } from "../../lib/reviews.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { auditLog, cases, lawyers, reviews, users } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";
import { recomputeAllRatings } from "./recompute.ts";

const DAY = 86_400_000;
const clock = createTestClock("2026-05-04T08:00:00Z");
let database: Database;
let services: Services;
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices({
    db: database.db,
    config: loadConfig({
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "lexatlas-reviews-")),
    }),
    logger: createLogger("silent"),
    clock,
  });
});
afterAll(async () => {
  services?.mailer.close?.();
  await database?.close();
});

/** A user of `role` (a PublicUser the services accept), with a row in users. */
async function account(role: PublicUser["role"], lawyerId: number | null = null): Promise<PublicUser> {
  n += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `svc${n}@example.org`,
      password: "x",
      firstName: "Kim",
      lastName: "Ode",
      role,
      lawyerId,
      // On the test clock: an account created after the case was accepted holds a review (issue 27 §2).
      createdAt: clock.now(),
    })
    .returning();
  return { ...(row as object), role, lawyerId } as unknown as PublicUser;
}

/** A listing, its lawyer, and a signed-in client's case engaged now. */
async function engagedCase(country: Partial<typeof lawyers.$inferInsert> = {}) {
  n += 1;
  // The firm's own domain, not the client's example.org (that would hold the review: issue 27 §2).
  const lawyerId = await insertTestListing(database, `listing${n}@clarke-law.example`, country);
  const lawyer = await account("lawyer", lawyerId);
  const client = await account("user");
  const [row] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      userId: client.id,
      caseTitle: "A claim",
      caseType: "Car Accident",
      description: "d",
      clientName: "Dana Client",
      clientEmail: "dana@example.org",
      clientPhone: "+14165550199",
      status: "accepted",
      // Issue 27 §2: accepted means accepted for review (the state machine moves nothing else).
      acceptedAt: clock.now(),
    })
    .returning();
  const caseId = row?.id as string;
  await services.cases.changeStatus(caseId, { user: lawyer, trackingToken: null }, "engaged");
  return { lawyerId, lawyer, client, caseId, viewer: { user: client, trackingToken: null } };
}

const body = (rating = 4, text = "Careful, patient and honest about what the claim was worth.") => ({
  rating,
  ratings: { communication: 4, responsiveness: 5, outcome: rating },
  title: "Patient and honest",
  text,
});
const ratingOf = async (id: number) =>
  (
    await database.db
      .select({ r: lawyers.rating, c: lawyers.reviewCount })
      .from(lawyers)
      .where(eq(lawyers.id, id))
  )[0];

describe(`review window and edits (${TEST_ENGINE})`, () => {
  it("opens at engagement + 14 days exactly, once per engagement, editable until + 30 days exactly", async () => {
    await clock.rewinding(async () => {
      const s = await engagedCase();
      expect(
        (await services.reviews.eligibility(s.caseId, { user: s.lawyer, trackingToken: null }))?.state,
      ).toBe("lawyer");
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY - 1);
      expect((await services.reviews.eligibility(s.caseId, s.viewer))?.state).toBe("too_early");
      await expect(services.reviews.create(s.caseId, s.viewer, body(), "10.0.0.1")).rejects.toMatchObject({
        status: 403,
      });
      clock.advance(1);
      expect((await services.reviews.eligibility(s.caseId, s.viewer))?.state).toBe("open");
      const created = await services.reviews.create(s.caseId, s.viewer, body(), "10.0.0.1");
      expect(created.status).toBe("published");
      await expect(services.reviews.create(s.caseId, s.viewer, body(5), "10.0.0.1")).rejects.toMatchObject({
        status: 409,
      });
      await expect(
        services.reviews.create(s.caseId, { user: s.lawyer, trackingToken: null }, body(), "10.0.0.1"),
      ).rejects.toMatchObject({ status: 403 });
      const stranger = await account("user");
      await expect(
        services.reviews.create(s.caseId, { user: stranger, trackingToken: null }, body(), "10.0.0.1"),
      ).rejects.toMatchObject({ status: 404 });
      expect(
        await services.reviews.eligibility(s.caseId, { user: stranger, trackingToken: null }),
      ).toBeNull();
      clock.advance(REVIEW_EDIT_DAYS * DAY);
      expect((await services.reviews.update(s.caseId, s.viewer, body(2), "10.0.0.1")).rating).toBe(2);
      expect(await ratingOf(s.lawyerId)).toEqual({ r: 2, c: 1 });
      clock.advance(1);
      const state = await services.reviews.eligibility(s.caseId, s.viewer);
      expect(state?.state).toBe("reviewed");
      expect(state?.review?.editable).toBe(false);
      await expect(services.reviews.update(s.caseId, s.viewer, body(5), "10.0.0.1")).rejects.toMatchObject({
        status: 409,
      });
    });
  });
});

describe(`moderation and the rating cache (${TEST_ENGINE})`, () => {
  it("publishes, rejects and removes with a reason, audited, recomputing the rating in the same transaction", async () => {
    await clock.rewinding(async () => {
      const a = await engagedCase();
      const moderator = await account("moderator");
      const admin = await account("admin");
      // A second engagement with the same lawyer.
      const [second] = await database.db
        .insert(cases)
        .values({
          lawyerId: a.lawyerId,
          userId: a.client.id,
          caseTitle: "Second",
          caseType: "Car Accident",
          description: "d",
          clientName: "Dana Client",
          clientEmail: "dana@example.org",
          clientPhone: "+14165550199",
          status: "accepted",
          acceptedAt: clock.now(),
        })
        .returning();
      await services.cases.changeStatus(
        second?.id as string,
        { user: a.lawyer, trackingToken: null },
        "engaged",
      );
      clock.advance(15 * DAY);
      const one = await services.reviews.create(a.caseId, a.viewer, body(5), "10.0.0.2");
      // A national Canadian number (the listing's country) is found too: held pending.
      const held = await services.reviews.create(
        second?.id as string,
        a.viewer,
        body(1, "Her assistant gave my number 416 555 0123 to the other side without asking me."),
        "10.0.0.2",
      );
      expect(held.status).toBe("pending");
      expect(await ratingOf(a.lawyerId)).toEqual({ r: 5, c: 1 });
      const queue = await services.staff.queues(50);
      expect(queue.reviews.map((i) => i.id)).toContain(held.id);
      expect(queue.reviews.map((i) => i.id)).not.toContain(one.id);
      // Oldest first by the time each entered the queue (not by title: "A…" sorts before "Patient…").
      await clock.rewinding(async () => {
        const third = await engagedCase();
        clock.advance(15 * DAY);
        const reported = await services.reviews.create(
          third.caseId,
          third.viewer,
          { ...body(2), title: "A slow start" },
          "10.0.0.5",
        );
        await services.reviews.report(reported.id, third.lawyer, {
          reason: "off_topic",
          details: "About the other driver, not our service.",
        });
        const ids = (await services.staff.queues(50)).reviews.map((i) => i.id);
        expect(ids.indexOf(held.id)).toBeGreaterThanOrEqual(0);
        expect(ids.indexOf(held.id)).toBeLessThan(ids.indexOf(reported.id));
      });

      // Nobody but staff decides; the client and the lawyer get 403.
      for (const actor of [a.client, a.lawyer])
        await expect(
          services.reviews.decide(actor, held.id, { decision: "publish" }, { ip: "10.0.0.3" }),
        ).rejects.toMatchObject({ status: 403 });
      await expect(services.reviews.moderation(a.client, held.id)).rejects.toMatchObject({ status: 403 });
      // Reject needs a policy reason; "negative" is not one.
      await expect(
        services.reviews.decide(
          moderator,
          held.id,
          { decision: "reject", reason: "negative" },
          { ip: "10.0.0.3" },
        ),
      ).rejects.toMatchObject({ status: 400 });
      // Publishing the pending one moves the average to 3.
      await services.reviews.decide(moderator, held.id, { decision: "publish" }, { ip: "10.0.0.3" });
      expect(await ratingOf(a.lawyerId)).toEqual({ r: 3, c: 2 });
      await expect(
        services.reviews.decide(moderator, held.id, { decision: "publish" }, { ip: "10.0.0.3" }),
      ).rejects.toMatchObject({ status: 409 });
      // The lawyer reports the 5-star one; it stays published and enters the queue.
      await services.reviews.report(one.id, a.lawyer, {
        reason: "conflict_of_interest",
        details: "Written by my cousin, not a client.",
      });
      expect(await ratingOf(a.lawyerId)).toEqual({ r: 3, c: 2 });
      expect((await services.staff.queues(50)).reviews.map((i) => i.id)).toContain(one.id);
      const view = await services.reviews.moderation(admin, one.id);
      expect(view?.reports).toHaveLength(1);
      await services.reviews.decide(
        admin,
        one.id,
        { decision: "remove", reason: "conflict_of_interest" },
        { ip: "10.0.0.4" },
      );
      expect(await ratingOf(a.lawyerId)).toEqual({ r: 1, c: 1 });
      expect((await services.staff.queues(50)).reviews.map((i) => i.id)).not.toContain(one.id);
      expect((await services.reviews.moderation(admin, one.id))?.reports[0]?.status).toBe("resolved");
      // The removed review cannot be edited back into view.
      await expect(services.reviews.update(a.caseId, a.viewer, body(5), "10.0.0.2")).rejects.toMatchObject({
        status: 409,
      });
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, "review")))
        .orderBy(asc(auditLog.id));
      const mine = audits.filter((e) => e.subjectId === one.id || e.subjectId === held.id);
      expect(mine.map((e) => [e.action, e.reason])).toEqual([
        ["review.published", null],
        ["review.removed", "conflict_of_interest"],
      ]);
      expect(mine[1]?.before).toMatchObject({ status: "published" });
      expect(mine[1]?.after).toMatchObject({ status: "removed", resolvedReports: 1 });
      // Public figures: only the published one counts.
      expect(await services.reviews.summary(a.lawyerId)).toEqual({
        average: 1,
        count: 1,
        distribution: [1, 0, 0, 0, 0],
      });
    });
  });

  it("recomputeAllRatings is the cache of the published reviews for every listing", async () => {
    const s = await engagedCase();
    await database.db.update(lawyers).set({ rating: 4.4, reviewCount: 99 }).where(eq(lawyers.id, s.lawyerId));
    await recomputeAllRatings(database.db);
    expect(await ratingOf(s.lawyerId)).toEqual({ r: 0, c: 0 });
    expect(await database.db.select().from(reviews).where(eq(reviews.lawyerId, s.lawyerId))).toHaveLength(0);
  });
});

describe("text rules (lib/contact-details.ts; the properties are in lib/contact-details.test.ts)", () => {
  it("finds links but not ordinary prose, and contact data of third parties", () => {
    for (const t of [
      "see https://x.io",
      "www.example.com",
      "visit clarke-law.com now",
      "ftp://files.example",
    ])
      expect(firstLink(t), t).not.toBeNull();
    for (const t of [
      "e.g. the settlement",
      "It took 3.5 months.",
      "Mr. Clarke was kind.",
      "mail me@example.org",
    ])
      expect(firstLink(t), t).toBeNull();
    expect(hasContactData("call +44 20 7946 0958 please")).toBe(true);
    expect(hasContactData("call 030 901820 please", "DE")).toBe(true);
    expect(hasContactData("write to a.b@c.example")).toBe(true);
    expect(hasContactData("It took 12 months and 3 hearings, settled for 40000.", "US")).toBe(false);
  });
});
