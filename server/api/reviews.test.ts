/**
 * Issue 16 §1 "Engagement-verified reviews" against the real server and database: the `engaged`
 * status and its date, the close-time invitation email (captured by a real SMTP server), the
 * review window on the injectable clock (403 before engagement + 14 days, 201 at exactly 14 days),
 * one review per engagement (409), the 30-day edit period, links refused, third parties' contact
 * data held for moderation, the public list's contract with X-Total-Count and its sorts, the
 * lawyer's `rating`/`reviewCount` following published reviews, the lawyer's one reply and report,
 * and the authorisation matrix of every new route (stranger, client, the case's client, lawyer,
 * other lawyer).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_EDIT_DAYS, REVIEW_MIN_DAYS_AFTER_ENGAGEMENT } from "../../lib/reviews.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

const DAY = 86_400_000;
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const clock = createTestClock("2026-03-02T10:00:00Z");
const api = testApi(() => server, { emailPrefix: "reviews" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" }, clock });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/**
 * A listing and the lawyer account that manages it. The listing's address is at the firm's own
 * domain, not the clients' example.org (a client at the firm's domain holds a review: issue 27 §2).
 */
async function lawyerWithListing(name = "Aaron Clarke") {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email.replace("@example.org", "@clarke-law.example"), {
    name,
  });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** A visitor's case sent to `lawyerId`, with its tracking token from the submission email. */
async function visitorCase(lawyerId: number, locale?: string) {
  const clientEmail = freshEmail("client");
  const r = await call("POST", "/api/cases", {
    body: casePayload(lawyerId, { clientEmail, clientName: "Dana Visitor" }),
    ...(locale ? { headers: { "Accept-Language": locale } } : {}),
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.case.id as string;
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail) && m.text.includes(`/cases/${id}?token=`),
  );
  const token = new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] as string;
  return { id, token, clientEmail };
}

const goodReview = {
  rating: 4,
  ratings: { communication: 5, responsiveness: 4, outcome: 3 },
  title: "Clear advice and steady work",
  text: "She explained every step of the claim and answered within a day each time I wrote.",
};

/** The status change by `token`'s account; a pending case is accepted for review first (issue 17 §2; 404/409 ignored). */
const setStatus = async (caseId: string, token: string, status: string) => {
  await call("POST", `/api/cases/${caseId}/accept`, { token, body: { noConflict: true } });
  return call("POST", `/api/cases/${caseId}/status`, { token, body: { status } });
};
const review = (
  method: string,
  caseId: string,
  opts: { caseToken?: string; token?: string; body?: unknown; ip?: string },
) =>
  call(method, `/api/cases/${caseId}/review`, {
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
    headers: opts.caseToken ? { "X-Case-Token": opts.caseToken } : {},
    body: opts.body ?? goodReview,
  });

describe(`engaged status and the invitation (${TEST_ENGINE})`, () => {
  it("records the engagement date, keeps it when closed, and invites the client once on the first close", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const c = await visitorCase(lawyer.lawyerId, "de");
      const engaged = await setStatus(c.id, lawyer.token, "engaged");
      expect(engaged.status, engaged.text).toBe(200);
      expect(engaged.body.case.engagedAt).toBe(clock.now().toISOString());
      const engagedAt = engaged.body.case.engagedAt;
      clock.advance(3 * DAY);
      const closed = await setStatus(c.id, lawyer.token, "closed");
      expect(closed.body.case.status).toBe("closed");
      expect(closed.body.case.engagedAt).toBe(engagedAt);
      const invite = await smtp.waitFor(
        (m) => m.to.includes(c.clientEmail) && m.subject.includes("Erfahrung"),
      );
      expect(invite.text).toContain(`/de/cases/${c.id}`);
      // The review opens 14 days after the engagement: 16 March 2026, written in German.
      expect(invite.text).toContain("16. März 2026");
      // Reopening and closing again sends no second invitation.
      await setStatus(c.id, lawyer.token, "engaged");
      expect((await setStatus(c.id, lawyer.token, "closed")).body.case.engagedAt).toBe(engagedAt);
      await new Promise((r) => setTimeout(r, 300));
      expect(
        smtp.messages.filter((m) => m.to.includes(c.clientEmail) && m.subject.includes("Erfahrung")),
      ).toHaveLength(1);
    });
  });

  it("answers 403 to the client and 404 to others changing the status to engaged; a case closed unengaged is not reviewable", async () => {
    const lawyer = await lawyerWithListing();
    const other = await lawyerWithListing("Other Lawyer");
    const c = await visitorCase(lawyer.lawyerId);
    expect(
      (
        await call("POST", `/api/cases/${c.id}/status`, {
          headers: { "X-Case-Token": c.token },
          body: { status: "engaged" },
        })
      ).status,
    ).toBe(403);
    expect((await setStatus(c.id, other.token, "engaged")).status).toBe(404);
    expect((await call("POST", `/api/cases/${c.id}/status`, { body: { status: "engaged" } })).status).toBe(
      404,
    );
    expect((await setStatus(c.id, lawyer.token, "closed")).body.case.engagedAt).toBeNull();
    await clock.rewinding(async () => {
      clock.advance(60 * DAY);
      const r = await review("POST", c.id, { caseToken: c.token });
      expect(r.status, r.text).toBe(403);
      expect(r.body.message).toMatch(/engaged/);
    });
  });
});

describe(`writing a review (${TEST_ENGINE})`, () => {
  it("opens exactly 14 days after engagement, once per engagement, and moves the lawyer's rating", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const other = await lawyerWithListing("Other Lawyer");
      const stranger = await signUp();
      const c = await visitorCase(lawyer.lawyerId);
      await setStatus(c.id, lawyer.token, "engaged");
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY - 1);
      const early = await review("POST", c.id, { caseToken: c.token });
      expect(early.status, early.text).toBe(403);
      expect(early.body.message).toContain("2026-03-16");
      const state = await call("GET", `/api/cases/${c.id}/review`, { headers: { "X-Case-Token": c.token } });
      expect(state.body.state).toBe("too_early");
      clock.advance(1);
      // Everyone but the case's client: the lawyer 403, the others 404 (never a hint the case exists).
      expect((await review("POST", c.id, { token: lawyer.token })).status).toBe(403);
      expect((await review("POST", c.id, { token: other.token })).status).toBe(404);
      expect((await review("POST", c.id, { token: stranger.token })).status).toBe(404);
      expect((await review("POST", c.id, {})).status).toBe(404);
      // Staff are no party either (a moderator decides in the back office, never writes reviews).
      for (const role of ["moderator", "admin"] as const) {
        const staff = await signUp();
        await database.db.update(users).set({ role }).where(eq(users.id, staff.user.id));
        expect((await review("POST", c.id, { token: staff.token })).status, role).toBe(404);
      }
      expect((await review("POST", "not-a-uuid", { caseToken: c.token })).status).toBe(404);
      const created = await review("POST", c.id, { caseToken: c.token });
      expect(created.status, created.text).toBe(201);
      expect(created.body.review).toMatchObject({
        rating: 4,
        ratings: { communication: 5, responsiveness: 4, outcome: 3 },
        status: "published",
        verifiedEngagement: { engagedOn: "2026-03" },
        reply: null,
      });
      expect((await review("POST", c.id, { caseToken: c.token })).status).toBe(409);
      const listing = await call("GET", `/api/lawyers/${lawyer.lawyerId}`);
      expect(listing.body.rating).toBe(4);
      expect(listing.body.reviewCount).toBe(1);
      const list = await call("GET", `/api/lawyers/${lawyer.lawyerId}/reviews`);
      expect(list.status).toBe(200);
      expect(list.headers.get("X-Total-Count")).toBe("1");
      expect(Object.keys(list.body[0]).sort()).toEqual(
        [
          "createdAt",
          "demo",
          "id",
          "rating",
          "ratings",
          "reply",
          "text",
          "title",
          "verifiedEngagement",
        ].sort(),
      );
      expect(JSON.stringify(list.body)).not.toContain("Dana");
    });
  });

  it("refuses bad bodies and links with a field error, holds contact data for moderation", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const cases = [await visitorCase(lawyer.lawyerId), await visitorCase(lawyer.lawyerId)];
      for (const c of cases) await setStatus(c.id, lawyer.token, "engaged");
      clock.advance(15 * DAY);
      const [a, b] = cases as [(typeof cases)[0], (typeof cases)[0]];
      const six = await review("POST", a.id, { caseToken: a.token, body: { ...goodReview, rating: 6 } });
      expect(six.status).toBe(400);
      expect(Object.keys(six.body.fieldErrors)).toContain("rating");
      const aspect = await review("POST", a.id, {
        caseToken: a.token,
        body: { ...goodReview, ratings: { ...goodReview.ratings, outcome: 0 } },
      });
      expect(aspect.status).toBe(400);
      expect(Object.keys(aspect.body.fieldErrors)[0]).toMatch(/^ratings/);
      const short = await review("POST", a.id, {
        caseToken: a.token,
        body: { ...goodReview, text: "Good." },
      });
      expect(short.status).toBe(400);
      expect(Object.keys(short.body.fieldErrors)).toEqual(["text"]);
      for (const text of [
        "Great lawyer, see https://example.com/review for the full story of my case.",
        "Great lawyer, details at www.example.org about my whole case and more.",
        "Great lawyer, read my blog at clarke-fans.com about the whole case.",
      ]) {
        const link = await review("POST", a.id, { caseToken: a.token, body: { ...goodReview, text } });
        expect(link.status, text).toBe(400);
        expect(link.body.fieldErrors.text[0]).toMatch(/links/i);
      }
      // Someone's phone number or email address: accepted, held pending, not public, not counted.
      const held = await review("POST", a.id, {
        caseToken: a.token,
        body: {
          ...goodReview,
          text: "The other driver, call him on +1 416 555 0123, lied about everything in court.",
        },
      });
      expect(held.status, held.text).toBe(201);
      expect(held.body.review.status).toBe("pending");
      // Its lawyer does not see a held review (it may carry someone's contact data); its client does.
      const asLawyer = await call("GET", `/api/cases/${a.id}/review`, { token: lawyer.token });
      expect(asLawyer.body).toMatchObject({ state: "lawyer", review: null });
      const asClient = await call("GET", `/api/cases/${a.id}/review`, {
        headers: { "X-Case-Token": a.token },
      });
      expect(asClient.body.review.status).toBe("pending");
      const mail = await review("POST", b.id, {
        caseToken: b.token,
        body: {
          ...goodReview,
          rating: 2,
          text: "The adjuster jane.doe@insurer.example was rude; the lawyer was slow to help.",
        },
      });
      expect(mail.body.review.status).toBe("pending");
      expect(
        (await call("GET", `/api/lawyers/${lawyer.lawyerId}/reviews`)).headers.get("X-Total-Count"),
      ).toBe("0");
      expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).body.reviewCount).toBe(0);
      // Editing the number away publishes it.
      const fixed = await review("PATCH", a.id, { caseToken: a.token });
      expect(fixed.status, fixed.text).toBe(200);
      expect(fixed.body.review.status).toBe("published");
      expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).body.reviewCount).toBe(1);
    });
  });

  it("can be edited for 30 days after writing, then 409", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const c = await visitorCase(lawyer.lawyerId);
      await setStatus(c.id, lawyer.token, "engaged");
      clock.advance(20 * DAY);
      expect((await review("PATCH", c.id, { caseToken: c.token })).status).toBe(404);
      expect((await review("POST", c.id, { caseToken: c.token })).status).toBe(201);
      clock.advance(REVIEW_EDIT_DAYS * DAY);
      const last = await review("PATCH", c.id, { caseToken: c.token, body: { ...goodReview, rating: 1 } });
      expect(last.status, last.text).toBe(200);
      expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).body.rating).toBe(1);
      clock.advance(1);
      const late = await review("PATCH", c.id, { caseToken: c.token, body: { ...goodReview, rating: 5 } });
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/30 days/);
    });
  });
});

describe(`reading, replying and reporting (${TEST_ENGINE})`, () => {
  it("lists published reviews sorted and paged, with one reply and reports by the listing's lawyer only", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const other = await lawyerWithListing("Other Lawyer");
      const client = await signUp();
      const ratings = [5, 2, 4];
      const ids: string[] = [];
      for (const _ of ratings) {
        const r = await call("POST", "/api/cases", {
          token: client.token,
          body: casePayload(lawyer.lawyerId),
        });
        ids.push(r.body.case.id);
      }
      for (const id of ids) await setStatus(id, lawyer.token, "engaged");
      clock.advance(14 * DAY);
      for (const [i, id] of ids.entries()) {
        clock.advance(60_000);
        // Each from its own network: a third review of one lawyer from one /24 in a month is held (issue 27 §2).
        const r = await review("POST", id, {
          token: client.token,
          body: { ...goodReview, rating: ratings[i] },
          ip: `203.0.${113 + i}.7`,
        });
        expect(r.status, r.text).toBe(201);
      }
      const base = `/api/lawyers/${lawyer.lawyerId}/reviews`;
      expect((await call("GET", base)).body.map((r: { rating: number }) => r.rating)).toEqual([4, 2, 5]);
      expect(
        (await call("GET", `${base}?sort=rating_desc`)).body.map((r: { rating: number }) => r.rating),
      ).toEqual([5, 4, 2]);
      expect(
        (await call("GET", `${base}?sort=rating_asc`)).body.map((r: { rating: number }) => r.rating),
      ).toEqual([2, 4, 5]);
      const page2 = await call("GET", `${base}?page=2&pageSize=2`);
      expect(page2.body).toHaveLength(1);
      expect(page2.headers.get("X-Total-Count")).toBe("3");
      for (const q of ["sort=best", "page=0", "pageSize=51", "pageSize=x"]) {
        const bad = await call("GET", `${base}?${q}`);
        expect(bad.status, q).toBe(400);
        expect(bad.body.message).toBeTypeOf("string");
      }
      expect((await call("GET", "/api/lawyers/999999/reviews")).status).toBe(404);
      const listing = (await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).body;
      expect(listing.rating).toBe(3.67);
      expect(listing.reviewCount).toBe(3);

      const target = (await call("GET", base)).body[0].id as string;
      const reply = { reply: "Thank you for your trust; we are glad the claim settled." };
      expect((await call("POST", `/api/reviews/${target}/reply`, { body: reply })).status).toBe(401);
      expect(
        (await call("POST", `/api/reviews/${target}/reply`, { token: client.token, body: reply })).status,
      ).toBe(404);
      expect(
        (await call("POST", `/api/reviews/${target}/reply`, { token: other.token, body: reply })).status,
      ).toBe(404);
      const moderator = await signUp();
      await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.user.id));
      expect([401, 404]).toContain(
        (await call("POST", `/api/reviews/${target}/reply`, { token: moderator.token, body: reply })).status,
      );
      expect([401, 404]).toContain(
        (
          await call("POST", `/api/reviews/${target}/report`, {
            token: moderator.token,
            body: { reason: "offensive", details: "Staff do not report through the API." },
          })
        ).status,
      );
      expect(
        (await call("POST", `/api/reviews/${target}/reply`, { token: lawyer.token, body: { reply: "" } }))
          .status,
      ).toBe(400);
      const replied = await call("POST", `/api/reviews/${target}/reply`, {
        token: lawyer.token,
        body: reply,
      });
      expect(replied.status, replied.text).toBe(200);
      expect(replied.body.review.reply.text).toBe(reply.reply);
      expect(
        (await call("POST", `/api/reviews/${target}/reply`, { token: lawyer.token, body: reply })).status,
      ).toBe(409);
      expect((await call("GET", base)).body[0].reply.text).toBe(reply.reply);

      const report = { reason: "not_genuine", details: "We never had a client by this description." };
      expect(
        (await call("POST", `/api/reviews/${target}/report`, { token: other.token, body: report })).status,
      ).toBe(404);
      expect(
        (await call("POST", `/api/reviews/${target}/report`, { token: client.token, body: report })).status,
      ).toBe(404);
      expect(
        (
          await call("POST", `/api/reviews/${target}/report`, {
            token: lawyer.token,
            body: { ...report, reason: "negative" },
          })
        ).status,
      ).toBe(400);
      expect(
        (await call("POST", `/api/reviews/${target}/report`, { token: lawyer.token, body: report })).status,
      ).toBe(201);
      expect(
        (await call("POST", `/api/reviews/${target}/report`, { token: lawyer.token, body: report })).status,
      ).toBe(409);
      // A report never hides a review by itself.
      expect((await call("GET", base)).headers.get("X-Total-Count")).toBe("3");
    });
  });
});
