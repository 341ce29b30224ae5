/**
 * The private links of the emails sent after a submission (issue 16 §1 review invitation, §3 24 h
 * late notice) on the real server and database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with
 * the test clock: each email to a client without an account carries its own access token
 * (server/cases/access-tokens.ts); the case page's loader takes it (redirect + cookie, as the
 * submission's tracking link) and so does the API's X-Case-Token (the review is written with the
 * invitation's token after engagement + 14 days). An expired token, or another case's, is a 404;
 * the accounts' hourly purge deletes expired tokens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASE_ACCESS_TOKEN_DAYS } from "../../lib/cases.ts";
import { RESPONSE_DEADLINE_HOURS } from "../../lib/response-times.ts";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT } from "../../lib/reviews.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { caseAccessTokens, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { runResponseSweep } from "../../server/responses/sweep.ts";
import { hashToken } from "../../server/security/tokens.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { servicesContext } from "../context.ts";
import { loader } from "./case.tsx";

const ORIGIN = "http://localhost:5173";
const DAY = 86_400_000;
const clock = createTestClock("2026-07-06T09:00:00Z");
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
let services: Services;
let dataDir: string;
const api = testApi(() => server, { emailPrefix: "access" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" }, clock });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-access-"));
  // The page's services: the same database and clock as the API server.
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
    clock,
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await server?.close();
  await smtp?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A listing and the lawyer account that manages it. */
async function lawyerWithListing() {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email, { name: "Aaron Clarke" });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** A visitor's case sent to `lawyerId` in `locale`, with the tracking token of its submission email. */
async function visitorCase(lawyerId: number, locale = "en") {
  const clientEmail = freshEmail("client");
  const r = await call("POST", "/api/cases", {
    body: casePayload(lawyerId, { clientEmail, clientName: "Dana Visitor" }),
    headers: { "Accept-Language": locale },
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.case.id as string;
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail) && m.text.includes(`/cases/${id}?token=`),
  );
  return { id, clientEmail, trackingToken: tokenIn(mail.text, id) };
}

/** The token of the case link to `id` in an email's text (throws when there is none). */
function tokenIn(text: string, id: string): string {
  const token = new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no case link with a token in: ${text}`);
  return token;
}

/** The case page's loader for `/{locale}/cases/{id}{search}` (with a cookie header, if given). */
async function load(id: string, search: string, cookie?: string, locale = "en") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, "203.0.113.7");
  const prefix = locale === "en" ? "" : `/${locale}`;
  const request = new Request(`${ORIGIN}${prefix}/cases/${id}${search}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
    const answer = (await loader({ params: { id }, request, context } as any)) as any;
    // A `data(...)` answer carries its payload in `data`.
    return { status: 200, data: answer && "init" in answer ? answer.data : answer };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, response: e };
    return { status: (e as { init?: { status?: number } }).init?.status ?? -1 };
  }
}

/**
 * Opens `/{locale}/cases/{id}?token=…` as a fresh browser would: the redirect to the clean address
 * with the case's cookie, then the page with that cookie. Answers the page's status and data.
 */
async function openEmailedLink(id: string, token: string, locale = "en") {
  const first = await load(id, `?token=${token}`, undefined, locale);
  if (first.status !== 302) return first;
  const response = (first as { response: Response }).response;
  const prefix = locale === "en" ? "" : `/${locale}`;
  expect(new URL(response.headers.get("Location") as string, ORIGIN).pathname).toBe(`${prefix}/cases/${id}`);
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
  expect(cookie).toBe(`lexatlas_case_${id}=${token}`);
  return load(id, "", cookie, locale);
}

const goodReview = {
  rating: 5,
  ratings: { communication: 5, responsiveness: 4, outcome: 5 },
  title: "Steady and clear",
  text: "He explained each step of the claim and answered every question within a day.",
};

/** The lawyer's status change; a pending case is accepted for review first (issue 17 §2). */
const setStatus = async (caseId: string, token: string, status: string) => {
  await call("POST", `/api/cases/${caseId}/accept`, { token, body: { noConflict: true } });
  return call("POST", `/api/cases/${caseId}/status`, { token, body: { status } });
};

describe(`the review invitation's private link (issue 16 §1, ${TEST_ENGINE})`, () => {
  it("opens the case page and lets the review be written with X-Case-Token; expired or another case's → 404", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const a = await visitorCase(lawyer.lawyerId, "de");
      const b = await visitorCase(lawyer.lawyerId);
      for (const c of [a, b]) expect((await setStatus(c.id, lawyer.token, "engaged")).status).toBe(200);
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);
      for (const c of [a, b]) expect((await setStatus(c.id, lawyer.token, "closed")).status).toBe(200);
      const inviteA = await smtp.waitFor(
        (m) => m.to.includes(a.clientEmail) && m.subject.includes("Erfahrung"),
      );
      const inviteB = await smtp.waitFor(
        (m) => m.to.includes(b.clientEmail) && m.subject.includes("experience"),
      );
      // Localized like the submission's link, with a token of its own (only its hash is stored).
      expect(inviteA.text).toContain(`/de/cases/${a.id}?token=`);
      const tokenA = tokenIn(inviteA.text, a.id);
      const tokenB = tokenIn(inviteB.text, b.id);
      expect(tokenA).not.toBe(a.trackingToken);
      const stored = await database.db
        .select()
        .from(caseAccessTokens)
        .where(eq(caseAccessTokens.caseId, a.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).toBe(hashToken(tokenA));
      expect(stored[0]?.purpose).toBe("invite");
      expect(JSON.stringify(stored)).not.toContain(tokenA);

      // A browser that holds the submission's tracking token keeps it (it does not expire).
      const held = `lexatlas_case_${a.id}=${a.trackingToken}`;
      const sameBrowser = await load(a.id, `?token=${tokenA}`, held, "de");
      expect(sameBrowser.status).toBe(302);
      expect((sameBrowser as { response: Response }).response.headers.get("Set-Cookie")).toBeNull();

      const page = await openEmailedLink(a.id, tokenA, "de");
      expect(page.status).toBe(200);
      expect(page.data.case.id).toBe(a.id);
      expect(page.data.case.viewerRole).toBe("client");
      expect(page.data.review.state).toBe("open");

      // Another case's token opens nothing here: the page and the API answer 404.
      expect((await load(a.id, `?token=${tokenB}`)).status).toBe(404);
      expect((await load(a.id, "", `lexatlas_case_${a.id}=${tokenB}`)).status).toBe(404);
      const wrong = await call("POST", `/api/cases/${a.id}/review`, {
        headers: { "X-Case-Token": tokenB },
        body: goodReview,
      });
      expect(wrong.status, wrong.text).toBe(404);

      const written = await call("POST", `/api/cases/${a.id}/review`, {
        headers: { "X-Case-Token": tokenA },
        body: goodReview,
      });
      expect(written.status, written.text).toBe(201);

      // CASE_ACCESS_TOKEN_DAYS after the email the link is dead; the submission's link is not.
      clock.advance(CASE_ACCESS_TOKEN_DAYS * DAY - 1);
      expect((await openEmailedLink(b.id, tokenB)).status).toBe(200);
      clock.advance(1);
      expect((await load(b.id, `?token=${tokenB}`)).status).toBe(404);
      expect((await load(b.id, "", `lexatlas_case_${b.id}=${tokenB}`)).status).toBe(404);
      expect((await call("GET", `/api/cases/${b.id}`, { headers: { "X-Case-Token": tokenB } })).status).toBe(
        404,
      );
      expect((await openEmailedLink(b.id, b.trackingToken)).status).toBe(200);
      // The hourly purge (a sign-in runs it) deletes the expired tokens' rows.
      await signUp({ role: "user", email: freshEmail("purge") });
      const left = await database.db
        .select()
        .from(caseAccessTokens)
        .where(inArray(caseAccessTokens.caseId, [a.id, b.id]));
      expect(left).toEqual([]);
    });
  });

  it("sends a client with an account the sign-in link, without a token", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const client = await signUp({ role: "user", email: freshEmail("member") });
      const r = await call("POST", "/api/cases", {
        token: client.token,
        body: casePayload(lawyer.lawyerId, { clientEmail: client.user.email, clientName: "Mo Member" }),
      });
      expect(r.status, r.text).toBe(201);
      const id = r.body.case.id as string;
      await setStatus(id, lawyer.token, "engaged");
      await setStatus(id, lawyer.token, "closed");
      const invite = await smtp.waitFor(
        (m) => m.to.includes(client.user.email) && m.subject.includes("experience"),
      );
      expect(invite.text).toContain(`/cases/${id}`);
      expect(invite.text).not.toContain("?token=");
      expect(
        await database.db.select().from(caseAccessTokens).where(eq(caseAccessTokens.caseId, id)),
      ).toEqual([]);
    });
  });
});

describe(`the 24 h late notice's private link (issue 16 §3, ${TEST_ENGINE})`, () => {
  it("opens the case page and the API with X-Case-Token; expired or another case's → 404", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing();
      const a = await visitorCase(lawyer.lawyerId);
      const b = await visitorCase(lawyer.lawyerId);
      clock.advance(RESPONSE_DEADLINE_HOURS * 3_600_000);
      const sent: { to: string; text: string }[] = [];
      const summary = await runResponseSweep({
        db: database.db,
        clock,
        mailer: { send: async (m) => void sent.push({ to: m.to, text: m.text }) },
        emailLinkOrigin: ORIGIN,
      });
      expect(summary.clientNotices).toBeGreaterThanOrEqual(2);
      const noticeOf = (email: string) => sent.find((m) => m.to === email)?.text ?? "";
      const tokenA = tokenIn(noticeOf(a.clientEmail), a.id);
      const tokenB = tokenIn(noticeOf(b.clientEmail), b.id);
      expect(tokenA).not.toBe(a.trackingToken);
      const [row] = await database.db
        .select()
        .from(caseAccessTokens)
        .where(eq(caseAccessTokens.caseId, a.id));
      expect(row?.purpose).toBe("late_notice");

      const page = await openEmailedLink(a.id, tokenA);
      expect(page.status).toBe(200);
      expect(page.data.case.id).toBe(a.id);
      const viaApi = await call("GET", `/api/cases/${a.id}`, { headers: { "X-Case-Token": tokenA } });
      expect(viaApi.status, viaApi.text).toBe(200);
      expect((await load(a.id, `?token=${tokenB}`)).status).toBe(404);
      expect((await call("GET", `/api/cases/${a.id}`, { headers: { "X-Case-Token": tokenB } })).status).toBe(
        404,
      );

      clock.advance(CASE_ACCESS_TOKEN_DAYS * DAY);
      expect((await load(a.id, `?token=${tokenA}`)).status).toBe(404);
      expect((await call("GET", `/api/cases/${a.id}`, { headers: { "X-Case-Token": tokenA } })).status).toBe(
        404,
      );
    });
  });
});
