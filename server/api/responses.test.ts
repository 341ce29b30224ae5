/**
 * Issue 16 §3 through the real server and database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), time moved with the test clock, emails captured by a real SMTP server:
 * - the lawyer JSON's `responseStats` (nulls below 5 cases, figures from the fifth), moved by the
 *   lawyer's first response through the API (the incremental update);
 * - search: `respondsWithin24h=true` and `sort=response` (fastest first, nulls last, then id);
 * - POST /api/cases/{id}/resend: the authorisation matrix (client account and tracking token may;
 *   the case's lawyer 403; another client, another lawyer, anonymous and a wrong token 404),
 *   400 without healthDataConsent (issue 17 §1), 409 before 24 h / after an answer / same lawyer / twice, the new case
 *   with the same fields and COPIES of the documents (same bytes, new private keys), linked to
 *   the original, the new lawyer and the client emailed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF, PNG } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { caseDocuments, cases, users } from "../db/schema.ts";
import { refreshResponseStats } from "../responses/stats.ts";

const H = 3_600_000;
const clock = createTestClock("2026-06-01T08:00:00Z");
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const api = testApi(() => server, { emailPrefix: "responses" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, {
    clock,
    env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** A listing with a fresh email and a lawyer account linked to it. */
async function lawyerWithListing(name = "Aaron Clarke", city = "Toronto") {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email, { name, city });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId, listingEmail: email };
}

/** The tracking token from the client's submission email for case `id`. */
async function trackingTokenOf(clientEmail: string, id: string): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail.toLowerCase()) && m.text.includes(`/cases/${id}?token=`),
  );
  return new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] as string;
}

async function getLawyer(id: number): Promise<LawyerDTO> {
  const r = await call("GET", `/api/lawyers/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

describe(`responseStats on the lawyer JSON (${TEST_ENGINE})`, () => {
  it("is null below 5 cases and moves on the lawyer's first response (incremental update)", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing("Rita Quick", "Ottawa");
      expect((await getLawyer(lawyer.lawyerId)).responseStats).toEqual({
        medianFirstResponseHours: null,
        answeredWithin24hShare: null,
        sampleSize: 0,
      });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId) });
        expect(r.status, r.text).toBe(201);
        ids.push(r.body.case.id);
      }
      clock.advance(3 * H);
      // Issue 17 §2: the first response is the accept for review (or a decline).
      for (const id of ids.slice(0, 4)) {
        const r = await call("POST", `/api/cases/${id}/accept`, {
          token: lawyer.token,
          body: { noConflict: true },
        });
        expect(r.status, r.text).toBe(200);
      }
      // Four answered in 3 h; the fifth is young and unanswered: not counted yet.
      expect((await getLawyer(lawyer.lawyerId)).responseStats).toEqual({
        medianFirstResponseHours: null,
        answeredWithin24hShare: null,
        sampleSize: 4,
      });
      clock.advance(1 * H);
      // A message is no answer (issue 17 §2): the figures do not move.
      const m = await call("POST", `/api/cases/${ids[4]}/messages`, {
        token: lawyer.token,
        body: { body: "Hello, I can help." },
      });
      expect(m.status, m.text).toBe(201);
      expect((await getLawyer(lawyer.lawyerId)).responseStats.sampleSize).toBe(4);
      clock.advance(1 * H);
      const d = await call("POST", `/api/cases/${ids[4]}/decline`, { token: lawyer.token, body: {} });
      expect(d.status, d.text).toBe(200);
      expect((await getLawyer(lawyer.lawyerId)).responseStats).toEqual({
        medianFirstResponseHours: 3,
        answeredWithin24hShare: 1,
        sampleSize: 5,
      });
    });
  });
});

describe(`search by response time (${TEST_ENGINE})`, () => {
  it("filters respondsWithin24h=true and sorts by response, fastest first and nulls last", async () => {
    await clock.rewinding(async () => {
      const fast = await lawyerWithListing("Zed Responsive Fast", "Kingston");
      const slow = await lawyerWithListing("Zed Responsive Slow", "Kingston");
      const none = await lawyerWithListing("Zed Responsive None", "Kingston");
      const send = async (lawyerId: number) =>
        (await call("POST", "/api/cases", { body: casePayload(lawyerId) })).body.case.id as string;
      const fastIds: string[] = [];
      const slowIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        fastIds.push(await send(fast.lawyerId));
        slowIds.push(await send(slow.lawyerId));
      }
      await send(none.lawyerId);
      clock.advance(2 * H);
      for (const id of fastIds)
        await call("POST", `/api/cases/${id}/accept`, { token: fast.token, body: { noConflict: true } });
      clock.advance(28 * H);
      for (const id of slowIds)
        await call("POST", `/api/cases/${id}/accept`, { token: slow.token, body: { noConflict: true } });
      await refreshResponseStats(database.db, clock);
      const search = async (qs: Record<string, string>) => {
        const r = await call(
          "GET",
          `/api/lawyers/search?${new URLSearchParams({ query: "Zed Responsive", ...qs })}`,
        );
        expect(r.status, r.text).toBe(200);
        return (r.body as LawyerDTO[]).map((l) => l.id);
      };
      expect(await search({ respondsWithin24h: "true" })).toEqual([fast.lawyerId]);
      expect(await search({ sort: "response" })).toEqual([fast.lawyerId, slow.lawyerId, none.lawyerId]);
      const all = await call("GET", "/api/lawyers/search?respondsWithin24h=true&pageSize=48");
      expect(all.headers.get("x-total-count")).toBe(String((all.body as LawyerDTO[]).length));
      expect(
        (all.body as LawyerDTO[]).every((l) => (l.responseStats.medianFirstResponseHours ?? 99) <= 24),
      ).toBe(true);
      // The facet counts the filter among the matches of the other filters (not itself).
      const facets = await call(
        "GET",
        `/api/lawyers/facets?${new URLSearchParams({ query: "Zed Responsive" })}`,
      );
      expect(facets.body).toMatchObject({ respondsWithin24h: 1, total: 3 });
      const filtered = await call(
        "GET",
        `/api/lawyers/facets?${new URLSearchParams({ query: "Zed Responsive", respondsWithin24h: "true" })}`,
      );
      expect(filtered.body).toMatchObject({ respondsWithin24h: 1, total: 1 });
      const bad = await call("GET", "/api/lawyers/search?respondsWithin24h=maybe");
      expect(bad.status).toBe(400);
    });
  });
});

describe(`POST /api/cases/{id}/resend (${TEST_ENGINE})`, () => {
  it("follows the authorisation matrix, needs consent and 24 h, and copies the case with its documents", async () => {
    await clock.rewinding(async () => {
      const first = await lawyerWithListing("Ola Silent", "Halifax");
      const second = await lawyerWithListing("Pia Ready", "Halifax");
      const third = await lawyerWithListing("Quinn Other", "Halifax");
      const client = await signUp({ role: "user" });
      const otherClient = await signUp({ role: "user" });
      const r = await call("POST", "/api/cases", {
        token: client.token,
        form: caseForm(casePayload(first.lawyerId, { clientEmail: client.email }), [
          ["report.pdf", PDF],
          ["photo.png", PNG],
        ]),
      });
      expect(r.status, r.text).toBe(201);
      const caseId = r.body.case.id as string;
      const visitorEmail = freshEmail("visitor");
      const v = await call("POST", "/api/cases", {
        form: caseForm(casePayload(first.lawyerId, { clientEmail: visitorEmail }), [["x.pdf", PDF]]),
      });
      const visitorCaseId = v.body.case.id as string;
      const token = await trackingTokenOf(visitorEmail, visitorCaseId);
      const resend = (id: string, opts: { token?: string; caseToken?: string }, body: unknown) =>
        call("POST", `/api/cases/${id}/resend`, {
          ...(opts.token ? { token: opts.token } : {}),
          ...(opts.caseToken ? { headers: { "X-Case-Token": opts.caseToken } } : {}),
          body,
        });
      const ok = { lawyerId: second.lawyerId, healthDataConsent: true };

      // Strangers: 404 whatever the body; the case's lawyer: 403.
      expect((await resend(caseId, {}, ok)).status).toBe(404);
      expect((await resend(caseId, { token: otherClient.token }, ok)).status).toBe(404);
      expect((await resend(caseId, { token: third.token }, ok)).status).toBe(404);
      expect((await resend(caseId, { caseToken: token }, ok)).status).toBe(404); // another case's token
      expect((await resend("not-a-uuid", { token: client.token }, ok)).status).toBe(404);
      expect((await resend(caseId, { token: first.token }, ok)).status).toBe(403);

      // Too early (23 h 59 min), then consent, then the same lawyer.
      clock.advance(24 * H - 60_000);
      const early = await resend(caseId, { token: client.token }, ok);
      expect(early.status).toBe(409);
      expect(early.body.message).toContain("24 hours");
      clock.advance(60_000);
      const noConsent = await resend(caseId, { token: client.token }, { lawyerId: second.lawyerId });
      expect(noConsent.status).toBe(400);
      expect(Object.keys(noConsent.body.fieldErrors ?? {})).toEqual(["healthDataConsent"]);
      for (const body of [
        { lawyerId: second.lawyerId, healthDataConsent: false },
        // Issue 16 §3's `consent` alone is no longer enough (issue 17 §1).
        { lawyerId: second.lawyerId, consent: true },
      ])
        expect((await resend(caseId, { token: client.token }, body)).status).toBe(400);
      expect(
        (await resend(caseId, { token: client.token }, { ...ok, lawyerId: first.lawyerId })).status,
      ).toBe(409);
      expect((await resend(caseId, { token: client.token }, { ...ok, lawyerId: 99_999_999 })).status).toBe(
        404,
      );

      // The client's account re-sends: a new case with the same fields and copied documents.
      const sent = await resend(caseId, { token: client.token }, ok);
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.caseUrl).toBe(`/cases/${sent.body.caseId}`);
      const [copy] = await database.db.select().from(cases).where(eq(cases.id, sent.body.caseId));
      const [orig] = await database.db.select().from(cases).where(eq(cases.id, caseId));
      expect(copy?.resentFromCaseId).toBe(caseId);
      expect(copy?.lawyerId).toBe(second.lawyerId);
      expect(copy?.userId).toBe(client.user.id);
      for (const k of [
        "caseTitle",
        "caseType",
        "description",
        "priority",
        "clientEmail",
        "clientPhone",
        "locale",
      ] as const)
        expect(copy?.[k]).toBe(orig?.[k]);
      const docsOf = async (id: string) =>
        database.db.select().from(caseDocuments).where(eq(caseDocuments.caseId, id));
      const origDocs = await docsOf(caseId);
      const copyDocs = await docsOf(sent.body.caseId);
      expect(copyDocs.map((d) => d.fileName).sort()).toEqual(["photo.png", "report.pdf"]);
      expect(copyDocs.some((d) => origDocs.some((o) => o.fileUrl === d.fileUrl))).toBe(false);
      // The new lawyer downloads the same bytes once they accept (issue 17 §2); the original's
      // lawyer keeps theirs.
      expect(
        (
          await call("POST", `/api/cases/${sent.body.caseId}/accept`, {
            token: second.token,
            body: { noConflict: true },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call("POST", `/api/cases/${caseId}/accept`, {
            token: first.token,
            body: { noConflict: true },
          })
        ).status,
      ).toBe(200);
      for (const d of copyDocs) {
        const dl = await fetch(`${server.baseUrl}/api/cases/${sent.body.caseId}/documents/${d.id}`, {
          headers: { Authorization: `Bearer ${second.token}` },
        });
        expect(dl.status).toBe(200);
        const bytes = Buffer.from(await dl.arrayBuffer());
        expect(bytes.equals(d.fileName === "report.pdf" ? PDF : PNG)).toBe(true);
      }
      const origDl = await fetch(`${server.baseUrl}/api/cases/${caseId}/documents/${origDocs[0]?.id}`, {
        headers: { Authorization: `Bearer ${first.token}` },
      });
      expect(origDl.status).toBe(200);
      await smtp.waitFor(
        (m) => m.to.includes(second.listingEmail.toLowerCase()) && m.text.includes(sent.body.caseId),
      );
      await smtp.waitFor(
        (m) => m.to.includes(client.email.toLowerCase()) && m.text.includes(sent.body.caseId),
      );
      // Twice to the same lawyer: 409.
      expect((await resend(caseId, { token: client.token }, ok)).status).toBe(409);

      // The tracking-token client re-sends too, and gets the new case's link with its token.
      const byToken = await resend(
        visitorCaseId,
        { caseToken: token },
        { lawyerId: third.lawyerId, healthDataConsent: true },
      );
      expect(byToken.status, byToken.text).toBe(201);
      expect(byToken.body.caseUrl).toMatch(
        new RegExp(`^/cases/${byToken.body.caseId}\\?token=[A-Za-z0-9_-]+$`),
      );
      const newToken = /token=(.+)$/.exec(byToken.body.caseUrl)?.[1] as string;
      const opened = await call("GET", `/api/cases/${byToken.body.caseId}`, {
        headers: { "X-Case-Token": newToken },
      });
      expect(opened.status).toBe(200);
    });
  });

  it("answers 409 once the lawyer has answered", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerWithListing("Rob Answer", "Regina");
      const other = await lawyerWithListing("Sue Other", "Regina");
      const client = await signUp({ role: "user" });
      const r = await call("POST", "/api/cases", {
        token: client.token,
        body: casePayload(lawyer.lawyerId, { clientEmail: client.email }),
      });
      const caseId = r.body.case.id as string;
      clock.advance(30 * H);
      await call("POST", `/api/cases/${caseId}/accept`, { token: lawyer.token, body: { noConflict: true } });
      const late = await call("POST", `/api/cases/${caseId}/resend`, {
        token: client.token,
        body: { lawyerId: other.lawyerId, healthDataConsent: true },
      });
      expect(late.status).toBe(409);
    });
  });
});
