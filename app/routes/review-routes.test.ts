/**
 * Issue 16 §1 pages called as React Router calls them, with the real services over a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the authorisation matrix of every new
 * page and form — the case page's review section and form (anonymous, a client who is not the
 * case's, the case's client, its lawyer, another lawyer, a moderator), /dashboard/reviews (reply
 * and report: only the listing's lawyer) and /admin/reviews/:id (only staff past the second
 * factor) — the form keeping what was typed with errors in the page's language, and the profile
 * loader's reviews (summary, distribution, sort, "No reviews yet").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { cases, reviews, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import type { ReviewEligibility } from "../../server/reviews/service.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing, TEST_PASSWORD } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { enrolledStaffSession, routeOutcome as outcome } from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import type { ProfileReviewsData } from "../features/reviews/ProfileReviews";
import { ensureLocale } from "../i18n/i18n";
import { action as adminReviewAction, loader as adminReviewLoader } from "./admin.review.tsx";
import { action as caseAction, loader as caseLoader } from "./case.tsx";
import { action as dashboardAction, loader as dashboardLoader } from "./dashboard.reviews.tsx";
import { loader as profileLoader } from "./lawyer.tsx";

const ORIGIN = "http://localhost";
const DAY = 86_400_000;
let database: Database;
let services: Services;
let dataDir: string;
let counter = 0;

beforeAll(async () => {
  await Promise.all(["de", "ar"].map((l) => ensureLocale(l as Locale)));
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-review-routes-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function context(): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  rememberClientIp(ctx, `203.0.113.${(counter++ % 200) + 1}`);
  return ctx;
}
const cookie = (token?: string): Record<string, string> =>
  token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
const get = (pathname: string, token?: string) =>
  new Request(`${ORIGIN}${pathname}`, { headers: cookie(token) });
const post = (pathname: string, fields: Record<string, string>, token?: string) =>
  new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...cookie(token) },
    body: new URLSearchParams(fields),
  });

/**
 * A client or lawyer account (a lawyer owns `listing`), each from its own IP; answers the session
 * token and user id. Listings' addresses are at a firm's domain, not the clients' example.org.
 */
async function account(role: "user" | "lawyer", listing?: number) {
  counter += 1;
  const email = `review.routes.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee", role },
    { ip: `198.51.100.${counter % 250}`, origin: ORIGIN },
  );
  // Signed up before the engagements engagedCase backdates (an account created after the case
  // was accepted holds its review: issue 27 §2).
  await database.db
    .update(users)
    .set({
      createdAt: new Date(Date.now() - 90 * DAY),
      ...(listing !== undefined ? { lawyerId: listing } : {}),
    })
    .where(eq(users.email, email));
  return { token: session.token, id: session.user.id };
}

/** A staff member past the second factor; answers the token. */
async function staff(role: "moderator" | "admin") {
  counter += 1;
  const { token } = await enrolledStaffSession({
    services,
    database,
    origin: ORIGIN,
    role,
    email: `review.staff.${counter}@example.org`,
    loginIp: `10.9.0.${counter % 250}`,
  });
  return token;
}

/** A signed-in client's case with `lawyerId`, engaged `daysAgo` days ago. */
async function engagedCase(lawyerId: number, clientId: string, daysAgo: number) {
  const [row] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      userId: clientId,
      caseTitle: "Whiplash claim",
      caseType: "Car Accident",
      description: "d",
      clientName: "Dana Client",
      clientEmail: "dana.client@example.org",
      clientPhone: "+14165550199",
      status: "engaged",
      engagedAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning();
  return row?.id as string;
}

const form = {
  intent: "review",
  rating: "2",
  communication: "3",
  responsiveness: "2",
  outcome: "1",
  title: "Slow but honest",
  text: "It took many weeks to hear back, but the advice itself was honest and clear.",
};
const caseArgs = (id: string, request: Request) => ({ request, context: context(), params: { id } }) as never;

describe(`the case page's review section (${TEST_ENGINE})`, () => {
  it("shows and accepts the review only for the case's client; 404 for strangers, 403 for the lawyer", async () => {
    const lawyerId = await insertTestListing(database, "review.routes.case@route-law.example", {
      name: "Rita Route",
    });
    const lawyer = await account("lawyer", lawyerId);
    const otherLawyer = await account(
      "lawyer",
      await insertTestListing(database, "review.routes.other@route-law.example"),
    );
    const client = await account("user");
    const stranger = await account("user");
    const moderator = await staff("moderator");
    const admin = await staff("admin");
    const id = await engagedCase(lawyerId, client.id, 20);
    const early = await engagedCase(lawyerId, client.id, 3);

    for (const token of [undefined, stranger.token, otherLawyer.token, moderator, admin]) {
      expect((await outcome(() => caseLoader(caseArgs(id, get(`/cases/${id}`, token))))).status).toBe(404);
      expect((await outcome(() => caseAction(caseArgs(id, post(`/cases/${id}`, form, token))))).status).toBe(
        404,
      );
    }
    const asLawyer = await outcome(() => caseLoader(caseArgs(id, get(`/cases/${id}`, lawyer.token))));
    expect((asLawyer.data as { review: ReviewEligibility }).review.state).toBe("lawyer");
    const lawyerPost = await outcome(() =>
      caseAction(caseArgs(id, post(`/cases/${id}`, form, lawyer.token))),
    );
    expect(lawyerPost.status).toBe(403);

    const before = await outcome(() => caseLoader(caseArgs(early, get(`/cases/${early}`, client.token))));
    expect((before.data as { review: ReviewEligibility }).review.state).toBe("too_early");
    const tooEarly = await outcome(() =>
      caseAction(caseArgs(early, post(`/de/cases/${early}`, form, client.token))),
    );
    expect(tooEarly.status).toBe(403);

    // German page, a link and no overall rating: errors next to the fields, what was typed kept.
    const bad = await outcome(() =>
      caseAction(
        caseArgs(
          id,
          post(
            `/de/cases/${id}`,
            { ...form, rating: "", text: `${form.text} www.example.com` },
            client.token,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    const failure = bad.data as {
      intent: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(failure.intent).toBe("review");
    expect(Object.keys(failure.fieldErrors).sort()).toEqual(["rating", "text"]);
    expect(failure.values.title).toBe(form.title);

    const ok = await outcome(() => caseAction(caseArgs(id, post(`/cases/${id}`, form, client.token))));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`/cases/${id}#case-review`);
    const after = await outcome(() => caseLoader(caseArgs(id, get(`/cases/${id}`, client.token))));
    const state = (after.data as { review: ReviewEligibility }).review;
    expect(state.state).toBe("reviewed");
    expect(state.review).toMatchObject({ rating: 2, status: "published", editable: true });
    // The same form again edits it.
    const edit = await outcome(() =>
      caseAction(caseArgs(id, post(`/cases/${id}`, { ...form, rating: "3" }, client.token))),
    );
    expect(edit.status).toBe(302);
    expect((await database.db.select().from(reviews).where(eq(reviews.caseId, id)))[0]?.rating).toBe(3);
    // The lawyer's case page shows the published review (to reply from the dashboard).
    const lawyerView = await outcome(() => caseLoader(caseArgs(id, get(`/cases/${id}`, lawyer.token))));
    const forLawyer = (lawyerView.data as { review: ReviewEligibility }).review;
    expect(forLawyer.state).toBe("lawyer");
    expect(forLawyer.review).toMatchObject({ rating: 3, status: "published" });
  });
});

describe(`the lawyer's reviews and the back office (${TEST_ENGINE})`, () => {
  it("lets only the listing's lawyer reply and report, and only staff decide; the profile shows the result", async () => {
    const lawyerId = await insertTestListing(database, "review.routes.dash@route-law.example", {
      name: "Dora Dash",
    });
    const lawyer = await account("lawyer", lawyerId);
    const otherLawyer = await account(
      "lawyer",
      await insertTestListing(database, "review.routes.dash2@route-law.example"),
    );
    const client = await account("user");
    const moderator = await staff("moderator");
    const admin = await staff("admin");
    const empty = await outcome(() =>
      profileLoader({
        request: get(`/lawyer/${lawyerId}`),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect((empty.data as { reviews: ProfileReviewsData }).reviews.summary.count).toBe(0);
    const caseId = await engagedCase(lawyerId, client.id, 30);
    await outcome(() => caseAction(caseArgs(caseId, post(`/cases/${caseId}`, form, client.token))));
    const [review] = await database.db.select().from(reviews).where(eq(reviews.caseId, caseId));
    const reviewId = review?.id as string;

    const dash = (token?: string) =>
      outcome(() =>
        dashboardLoader({
          request: get("/dashboard/reviews", token),
          context: context(),
          params: {},
        } as never),
      );
    expect((await dash()).status).toBe(302);
    for (const token of [client.token, moderator, admin]) expect((await dash(token)).status).toBe(403);
    expect(((await dash(otherLawyer.token)).data as { reviews: unknown[] }).reviews).toHaveLength(0);
    expect(
      ((await dash(lawyer.token)).data as { reviews: { id: string }[] }).reviews.map((r) => r.id),
    ).toEqual([reviewId]);

    const act = (fields: Record<string, string>, token?: string) =>
      outcome(() =>
        dashboardAction({
          request: post("/dashboard/reviews", fields, token),
          context: context(),
          params: {},
        } as never),
      );
    const reply = { intent: "reply", reviewId, reply: "Thank you; we have since hired a second paralegal." };
    expect((await act(reply)).status).toBe(302);
    expect((await act(reply, client.token)).status).toBe(403);
    expect((await act(reply, otherLawyer.token)).status).toBe(404);
    expect((await act(reply, lawyer.token)).location).toBe("/dashboard/reviews?done=replied");
    expect((await act(reply, lawyer.token)).status).toBe(409);
    const report = { intent: "report", reviewId, reason: "", details: "short" };
    const badReport = await act(report, lawyer.token);
    expect(badReport.status).toBe(400);
    expect(Object.keys((badReport.data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      "details",
      "reason",
    ]);
    expect(
      (
        await act(
          { ...report, reason: "not_genuine", details: "Not a client of ours, checked." },
          lawyer.token,
        )
      ).location,
    ).toBe("/dashboard/reviews?done=reported");

    const adminPage = (token?: string) =>
      outcome(() =>
        adminReviewLoader({
          request: get(`/admin/reviews/${reviewId}`, token),
          context: context(),
          params: { id: reviewId },
        } as never),
      );
    expect((await adminPage()).status).toBe(302);
    for (const token of [client.token, lawyer.token, otherLawyer.token])
      expect((await adminPage(token)).status).toBe(403);
    expect((await adminPage(moderator)).status).toBe(200);
    expect(((await adminPage(admin)).data as { review: { reports: unknown[] } }).review.reports).toHaveLength(
      1,
    );
    const decide = (fields: Record<string, string>, token?: string) =>
      outcome(() =>
        adminReviewAction({
          request: post(`/admin/reviews/${reviewId}`, fields, token),
          context: context(),
          params: { id: reviewId },
        } as never),
      );
    for (const token of [client.token, lawyer.token])
      expect((await decide({ decision: "remove", reason: "offensive" }, token)).status).toBe(403);
    const noReason = await decide({ decision: "remove", reason: "" }, moderator);
    expect(noReason.status).toBe(400);
    expect((noReason.data as { fieldErrors: object }).fieldErrors).toHaveProperty("reason");
    // The moderator keeps it (a report is not a reason to hide a negative review).
    expect((await decide({ decision: "publish" }, moderator)).status).toBe(303);

    const profile = await outcome(() =>
      profileLoader({
        request: get(`/lawyer/${lawyerId}?reviewSort=rating_asc`),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    const shown = (profile.data as { reviews: ProfileReviewsData }).reviews;
    expect(shown.summary).toEqual({ average: 2, count: 1, distribution: [0, 1, 0, 0, 0] });
    expect(shown.sort).toBe("rating_asc");
    expect(shown.page.items[0]?.reply?.text).toBe(reply.reply);
  });
});
