/**
 * Issue 17 §1, §2 and §4 (privacy by design) against the real server and database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), time on the test clock, emails captured by a real SMTP
 * server: the health-data consent of POST /api/cases (GDPR Art. 9(2)(a)), the conflict-check
 * facts, the two-stage intake (ABA Model Rule 1.18: GET before acceptance, accept, decline,
 * documents), the re-send of a declined case with consent, the withdrawal, the first response
 * (issue 16 §3 as changed by issue 17 §2), and the role matrix of every new route.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_DATA_CONSENT_VERSION } from "../../lib/privacy.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, insertTestListing, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { caseConsents, caseDocuments, caseMessages, caseStatusEvents, cases, users } from "../db/schema.ts";
import { caseHasResponse } from "../responses/stats.ts";

const clock = createTestClock("2026-06-01T08:00:00Z");
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const api = testApi(() => server, { emailPrefix: "intake" });
const { call, signUp, freshEmail, freshIp } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, {
    env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" },
    clock,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** A listing with a fresh email and a lawyer account linked to it. */
async function lawyerWithListing(name = "Aaron Clarke") {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email, { name });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId, listingEmail: email };
}

/** A signed-in account with a staff role (issue 15 §1): staff are no party of any case. */
async function staff(role: "moderator" | "admin") {
  const account = await signUp();
  await database.db.update(users).set({ role }).where(eq(users.id, account.user.id));
  return account;
}

/** The tracking token from the client's submission email for case `id`. */
async function trackingTokenOf(clientEmail: string, id: string): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail.toLowerCase()) && m.text.includes(`/cases/${id}?token=`),
  );
  return new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] as string;
}

/**
 * A lawyer, a signed-in client's case with one PDF, a visitor's case with its token, and every
 * outsider of the role matrix.
 */
async function scenario() {
  const lawyer = await lawyerWithListing();
  const otherLawyer = await lawyerWithListing("Other Lawyer");
  const client = await signUp({ role: "user" });
  const otherClient = await signUp({ role: "user" });
  const r = await call("POST", "/api/cases", {
    token: client.token,
    form: caseForm(casePayload(lawyer.lawyerId, { clientEmail: client.email }), [["report.pdf", PDF]]),
  });
  expect(r.status, r.text).toBe(201);
  const visitorEmail = freshEmail("visitor");
  const v = await call("POST", "/api/cases", {
    body: casePayload(lawyer.lawyerId, { clientEmail: visitorEmail }),
  });
  expect(v.status, v.text).toBe(201);
  const token = await trackingTokenOf(visitorEmail, v.body.case.id);
  return {
    lawyer,
    otherLawyer,
    client,
    otherClient,
    moderator: await staff("moderator"),
    admin: await staff("admin"),
    caseId: r.body.case.id as string,
    docId: r.body.case.documents[0].id as string,
    visitorCaseId: v.body.case.id as string,
    visitorEmail,
    token,
  };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** Everyone who is not the case's lawyer, as call options. */
function notTheLawyer(s: Scenario) {
  return {
    anonymous: {},
    client: { token: s.client.token },
    otherClient: { token: s.otherClient.token },
    otherLawyer: { token: s.otherLawyer.token },
    moderator: { token: s.moderator.token },
    admin: { token: s.admin.token },
  };
}

describe(`health-data consent and conflict-check facts on POST /api/cases (${TEST_ENGINE})`, () => {
  it("refuses a case without healthDataConsent: true (400 on the field, translated) and stores nothing", async () => {
    const lawyer = await lawyerWithListing();
    const before = (await database.db.select({ id: cases.id }).from(cases)).length;
    for (const consent of [undefined, false, "false", "yes"]) {
      const r = await call("POST", "/api/cases", {
        body: casePayload(lawyer.lawyerId, { healthDataConsent: consent as never }),
      });
      expect(r.status, r.text).toBe(400);
      expect(firstField(r.body)).toBe("healthDataConsent");
    }
    const de = await call("POST", "/api/cases", {
      body: casePayload(lawyer.lawyerId, { healthDataConsent: undefined as never }),
      headers: { "Accept-Language": "de" },
    });
    expect(de.body.fieldErrors.healthDataConsent[0]).toContain("Gesundheitsdaten");
    const multipart = await call("POST", "/api/cases", {
      form: caseForm(casePayload(lawyer.lawyerId, { healthDataConsent: undefined as never }), [
        ["a.pdf", PDF],
      ]),
    });
    expect(multipart.status).toBe(400);
    expect(firstField(multipart.body)).toBe("healthDataConsent");
    expect((await database.db.select({ id: cases.id }).from(cases)).length).toBe(before);
  });

  it("stores the consent (purpose, text version, locale, the clock's time) with the case and the conflict-check facts", async () => {
    const lawyer = await lawyerWithListing();
    const r = await call("POST", "/api/cases", {
      form: caseForm(casePayload(lawyer.lawyerId, { healthDataConsent: "on" as never }), [["a.pdf", PDF]]),
      headers: { "Accept-Language": "fr" },
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.case.id as string;
    const consents = await database.db.select().from(caseConsents).where(eq(caseConsents.caseId, id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      purpose: "health_data",
      textVersion: HEALTH_DATA_CONSENT_VERSION,
      locale: "fr",
      givenAt: clock.now(),
    });
    const [row] = await database.db.select().from(cases).where(eq(cases.id, id));
    expect(row).toMatchObject({
      otherParty: "Northwind Haulage Ltd",
      incidentPlace: "Toronto, Canada",
      incidentDate: "2025-11-02",
      acceptedAt: null,
      declinedAt: null,
    });
  });

  it("checks the facts: incident date not in the future by the clock, not before 1900, a real date; 255 characters", async () => {
    const lawyer = await lawyerWithListing();
    const refused = async (over: Record<string, unknown>, field: string) => {
      const r = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId, over as never) });
      expect(r.status, `${JSON.stringify(over)} ${r.text}`).toBe(400);
      expect(firstField(r.body)).toBe(field);
    };
    // The clock is at 2026-06-01 08:00 UTC; the latest "today" on Earth (UTC+14) is 2026-06-01.
    await refused({ incidentDate: "2026-06-02" }, "incidentDate");
    await refused({ incidentDate: "1899-12-31" }, "incidentDate");
    await refused({ incidentDate: "2025-02-30" }, "incidentDate");
    await refused({ incidentDate: "yesterday" }, "incidentDate");
    await refused({ otherParty: "x".repeat(256) }, "otherParty");
    await refused({ incidentPlace: "x".repeat(256) }, "incidentPlace");
    for (const incidentDate of ["2026-06-01", "1900-01-01"]) {
      const ok = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId, { incidentDate }) });
      expect(ok.status, ok.text).toBe(201);
    }
    // All three facts are optional.
    const bare = await call("POST", "/api/cases", {
      body: casePayload(lawyer.lawyerId, {
        otherParty: undefined,
        incidentPlace: undefined,
        incidentDate: undefined,
      }),
    });
    expect(bare.status, bare.text).toBe(201);
  });
});

describe(`two-stage intake: the summary first, then accept or decline (${TEST_ENGINE})`, () => {
  it("shows the lawyer no description and no documents before acceptance, and emails only the summary", async () => {
    const s = await scenario();
    const asLawyer = await call("GET", `/api/cases/${s.caseId}`, { token: s.lawyer.token });
    expect(asLawyer.status).toBe(200);
    expect(asLawyer.body.case).toMatchObject({
      viewerRole: "lawyer",
      summaryOnly: true,
      description: null,
      documents: null,
      clientName: "Dana Visitor",
      otherParty: "Northwind Haulage Ltd",
      incidentPlace: "Toronto, Canada",
      incidentDate: "2025-11-02",
      caseType: "Car Accident",
      priority: "high",
    });
    expect(asLawyer.text).not.toContain("hit my car from behind");
    expect(asLawyer.text).not.toContain("report.pdf");
    const download = await call("GET", `/api/cases/${s.caseId}/documents/${s.docId}`, {
      token: s.lawyer.token,
    });
    expect(download.status).toBe(404);
    // The client sees everything, with the consent.
    const asClient = await call("GET", `/api/cases/${s.caseId}`, { token: s.client.token });
    expect(asClient.body.case.summaryOnly).toBe(false);
    expect(asClient.body.case.description).toContain("hit my car from behind");
    expect(asClient.body.case.documents).toHaveLength(1);
    expect(asClient.body.case.consents).toEqual([
      {
        purpose: "health_data",
        textVersion: HEALTH_DATA_CONSENT_VERSION,
        locale: "en",
        givenAt: clock.now().toISOString(),
      },
    ]);
    // The lawyer's notice: the summary (with the conflict-check facts), never the description.
    const notice = await smtp.waitFor(
      (m) => m.to.includes(s.lawyer.listingEmail) && m.text.includes(s.caseId),
    );
    expect(notice.text).toContain("Northwind Haulage Ltd");
    expect(notice.text).toContain("Toronto, Canada");
    expect(notice.text).not.toContain("hit my car from behind");
    expect(notice.html).not.toContain("hit my car from behind");
    // Messages are open to both parties before acceptance (they are not the case file).
    const msg = await call("POST", `/api/cases/${s.caseId}/messages`, {
      token: s.lawyer.token,
      body: { body: "Before I accept: were you at work at the time?" },
    });
    expect(msg.status).toBe(201);
  });

  it("answers 404 to everyone but the case's lawyer on accept and decline, before reading the body", async () => {
    const s = await scenario();
    for (const [who, opts] of Object.entries(notTheLawyer(s))) {
      for (const [route, body] of [
        ["accept", { noConflict: true }],
        ["accept", {}],
        ["decline", { reason: "x" }],
      ] as const) {
        const r = await call("POST", `/api/cases/${s.caseId}/${route}`, { ...opts, body });
        expect(r.status, `${who} ${route}`).toBe(404);
      }
    }
    const visitor = await call("POST", `/api/cases/${s.visitorCaseId}/accept`, {
      headers: { "X-Case-Token": s.token },
      body: { noConflict: true },
    });
    expect(visitor.status).toBe(404);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect(
        (await call("POST", `/api/cases/${id}/accept`, { token: s.lawyer.token, body: { noConflict: true } }))
          .status,
      ).toBe(404);
    }
    const [row] = await database.db.select().from(cases).where(eq(cases.id, s.caseId));
    expect(row).toMatchObject({ status: "pending", acceptedAt: null, declinedAt: null });
  });

  it("accepts with noConflict: true only; opens the description and documents; emails the client; 409 after", async () => {
    const s = await scenario();
    for (const body of [{}, { noConflict: false }, { noConflict: "true" }]) {
      const r = await call("POST", `/api/cases/${s.caseId}/accept`, { token: s.lawyer.token, body });
      expect(r.status, r.text).toBe(400);
      expect(firstField(r.body)).toBe("noConflict");
    }
    clock.advance(3 * 3_600_000);
    const r = await call("POST", `/api/cases/${s.caseId}/accept`, {
      token: s.lawyer.token,
      body: { noConflict: true },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.case).toMatchObject({
      status: "accepted",
      acceptedAt: clock.now().toISOString(),
      summaryOnly: false,
    });
    expect(r.body.case.description).toContain("hit my car from behind");
    expect(r.body.case.documents).toHaveLength(1);
    const events = await database.db
      .select()
      .from(caseStatusEvents)
      .where(eq(caseStatusEvents.caseId, s.caseId));
    expect(events.map((e) => e.status).sort()).toEqual(["accepted", "pending"]);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(s.client.email.toLowerCase()) && m.subject === "A lawyer accepted your case for review",
    );
    expect(mail.text).toContain(`/cases/${s.caseId}`);
    const download = await call("GET", `/api/cases/${s.caseId}/documents/${s.docId}`, {
      token: s.lawyer.token,
    });
    expect(download.status).toBe(200);
    expect(
      (
        await call("POST", `/api/cases/${s.caseId}/accept`, {
          token: s.lawyer.token,
          body: { noConflict: true },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("POST", `/api/cases/${s.caseId}/decline`, { token: s.lawyer.token, body: {} })).status,
    ).toBe(409);
  });

  it("declines with a reason the client sees, in the case's language, with the way to another lawyer; 409 after", async () => {
    const s = await scenario();
    const long = await call("POST", `/api/cases/${s.visitorCaseId}/decline`, {
      token: s.lawyer.token,
      body: { reason: "x".repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(firstField(long.body)).toBe("reason");
    const r = await call("POST", `/api/cases/${s.visitorCaseId}/decline`, {
      token: s.lawyer.token,
      body: { reason: "  I act for the other driver's insurer.  " },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.case).toMatchObject({
      status: "declined",
      declinedAt: clock.now().toISOString(),
      declineReason: "I act for the other driver's insurer.",
      description: null,
      documents: null,
      summaryOnly: true,
    });
    const asClient = await call("GET", `/api/cases/${s.visitorCaseId}`, {
      headers: { "X-Case-Token": s.token },
    });
    expect(asClient.body.case.declineReason).toBe("I act for the other driver's insurer.");
    const mail = await smtp.waitFor(
      (m) => m.to.includes(s.visitorEmail.toLowerCase()) && m.subject === "A lawyer declined your case",
    );
    expect(mail.text).toContain("I act for the other driver's insurer.");
    // A client without an account gets an access link that opens the case page (to re-send).
    expect(mail.text).toMatch(new RegExp(`/cases/${s.visitorCaseId}\\?token=[A-Za-z0-9_-]{43}`));
    expect(
      (
        await call("POST", `/api/cases/${s.visitorCaseId}/accept`, {
          token: s.lawyer.token,
          body: { noConflict: true },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("POST", `/api/cases/${s.visitorCaseId}/decline`, { token: s.lawyer.token, body: {} }))
        .status,
    ).toBe(409);
    // A decline without a reason; the email says so, in the case's language (German here).
    const lawyer = await lawyerWithListing();
    const deEmail = freshEmail("de");
    const de = await call("POST", "/api/cases", {
      body: casePayload(lawyer.lawyerId, { clientEmail: deEmail }),
      headers: { "Accept-Language": "de" },
    });
    const plain = await call("POST", `/api/cases/${de.body.case.id}/decline`, {
      token: lawyer.token,
      body: {},
    });
    expect(plain.status).toBe(200);
    expect(plain.body.case.declineReason).toBeNull();
    const deMail = await smtp.waitFor(
      (m) => m.to.includes(deEmail) && m.subject === "Ein Anwalt hat Ihren Fall abgelehnt",
    );
    expect(deMail.text).toContain("Es wurde keine Begründung angegeben.");
  });

  it("counts the first response from submission to accept or decline, not to a message", async () => {
    const s = await scenario();
    expect(await caseHasResponse(database.db, s.caseId)).toBe(false);
    await call("POST", `/api/cases/${s.caseId}/messages`, { token: s.lawyer.token, body: { body: "Hello" } });
    expect(await caseHasResponse(database.db, s.caseId)).toBe(false);
    await call("POST", `/api/cases/${s.caseId}/decline`, { token: s.lawyer.token, body: {} });
    expect(await caseHasResponse(database.db, s.caseId)).toBe(true);
  });
});

describe(`re-send of a declined case, with consent (${TEST_ENGINE})`, () => {
  it("sends a declined case at once to another lawyer with its documents and a new consent; 400 without consent", async () => {
    const s = await scenario();
    const target = await lawyerWithListing("Second Lawyer");
    // A pending case younger than 24 h cannot go yet.
    const early = await call("POST", `/api/cases/${s.caseId}/resend`, {
      token: s.client.token,
      body: { lawyerId: target.lawyerId, healthDataConsent: true },
    });
    expect(early.status).toBe(409);
    await call("POST", `/api/cases/${s.caseId}/decline`, {
      token: s.lawyer.token,
      body: { reason: "Conflict." },
    });
    for (const body of [{ lawyerId: target.lawyerId }, { lawyerId: target.lawyerId, consent: true }]) {
      const r = await call("POST", `/api/cases/${s.caseId}/resend`, { token: s.client.token, body });
      expect(r.status, r.text).toBe(400);
      expect(firstField(r.body)).toBe("healthDataConsent");
    }
    // Role matrix: its lawyer 403, everyone else 404.
    expect(
      (
        await call("POST", `/api/cases/${s.caseId}/resend`, {
          token: s.lawyer.token,
          body: { lawyerId: target.lawyerId, healthDataConsent: true },
        })
      ).status,
    ).toBe(403);
    for (const opts of [
      {},
      { token: s.otherClient.token },
      { token: s.otherLawyer.token },
      { token: s.moderator.token },
      { token: s.admin.token },
    ]) {
      const r = await call("POST", `/api/cases/${s.caseId}/resend`, {
        ...opts,
        body: { lawyerId: target.lawyerId, healthDataConsent: true },
      });
      expect(r.status).toBe(404);
    }
    const r = await call("POST", `/api/cases/${s.caseId}/resend`, {
      token: s.client.token,
      body: { lawyerId: target.lawyerId, healthDataConsent: true },
    });
    expect(r.status, r.text).toBe(201);
    const newId = r.body.caseId as string;
    const [copy] = await database.db.select().from(cases).where(eq(cases.id, newId));
    expect(copy).toMatchObject({
      status: "pending",
      resentFromCaseId: s.caseId,
      otherParty: "Northwind Haulage Ltd",
      acceptedAt: null,
    });
    const docs = await database.db.select().from(caseDocuments).where(eq(caseDocuments.caseId, newId));
    expect(docs.map((d) => d.fileName)).toEqual(["report.pdf"]);
    const consents = await database.db.select().from(caseConsents).where(eq(caseConsents.caseId, newId));
    expect(consents).toMatchObject([{ purpose: "health_data", textVersion: HEALTH_DATA_CONSENT_VERSION }]);
    // The new lawyer sees its summary only, too.
    const seen = await call("GET", `/api/cases/${newId}`, { token: target.token });
    expect(seen.body.case).toMatchObject({ summaryOnly: true, description: null, documents: null });
  });

  it("refuses the re-send of an accepted case (409)", async () => {
    const s = await scenario();
    const target = await lawyerWithListing("Third Lawyer");
    await call("POST", `/api/cases/${s.caseId}/accept`, {
      token: s.lawyer.token,
      body: { noConflict: true },
    });
    clock.advance(25 * 3_600_000);
    const r = await call("POST", `/api/cases/${s.caseId}/resend`, {
      token: s.client.token,
      body: { lawyerId: target.lawyerId, healthDataConsent: true },
    });
    expect(r.status).toBe(409);
  });
});

describe(`withdrawal: DELETE /api/cases/{id} (${TEST_ENGINE})`, () => {
  /** Files under DATA_DIR/uploads (stored documents). */
  const storedFiles = () => {
    const root = path.join(server.dataDir, "uploads");
    return existsSync(root) ? readdirSync(root).filter((f) => f !== ".tmp") : [];
  };

  it("answers 404 to everyone but the case's client, the lawyer and staff included", async () => {
    const s = await scenario();
    for (const opts of [
      {},
      { token: s.otherClient.token },
      { token: s.lawyer.token },
      { token: s.otherLawyer.token },
      { token: s.moderator.token },
      { token: s.admin.token },
      { headers: { "X-Case-Token": s.token } },
    ]) {
      expect((await call("DELETE", `/api/cases/${s.caseId}`, opts)).status).toBe(404);
    }
    expect((await call("DELETE", "/api/cases/not-a-uuid", { token: s.client.token })).status).toBe(404);
    expect(await database.db.select().from(cases).where(eq(cases.id, s.caseId))).toHaveLength(1);
  });

  it("deletes a pending or declined case at once with its documents, messages and consents (204); 409 once accepted", async () => {
    const s = await scenario();
    await call("POST", `/api/cases/${s.caseId}/messages`, {
      token: s.client.token,
      body: { body: "More facts." },
    });
    const before = storedFiles().length;
    const r = await call("DELETE", `/api/cases/${s.caseId}`, { token: s.client.token });
    expect(r.status, r.text).toBe(204);
    for (const table of [cases, caseDocuments, caseMessages, caseStatusEvents, caseConsents]) {
      const column = table === cases ? cases.id : (table as typeof caseDocuments).caseId;
      expect(await database.db.select().from(table).where(eq(column, s.caseId)), "rows left").toHaveLength(0);
    }
    expect(storedFiles().length).toBe(before - 1);
    expect((await call("GET", `/api/cases/${s.caseId}`, { token: s.client.token })).status).toBe(404);
    // A case-link visitor withdraws a declined case.
    await call("POST", `/api/cases/${s.visitorCaseId}/decline`, { token: s.lawyer.token, body: {} });
    const v = await call("DELETE", `/api/cases/${s.visitorCaseId}`, { headers: { "X-Case-Token": s.token } });
    expect(v.status).toBe(204);
    // Accepted: no longer.
    const t = await scenario();
    await call("POST", `/api/cases/${t.caseId}/accept`, {
      token: t.lawyer.token,
      body: { noConflict: true },
    });
    const late = await call("DELETE", `/api/cases/${t.caseId}`, { token: t.client.token });
    expect(late.status).toBe(409);
    expect(await database.db.select().from(cases).where(eq(cases.id, t.caseId))).toHaveLength(1);
  });

  it("limits withdrawals per IP: the 21st within an hour answers 429", async () => {
    const lawyer = await lawyerWithListing();
    const client = await signUp({ role: "user" });
    const ip = freshIp();
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await call("POST", "/api/cases", {
        token: client.token,
        body: casePayload(lawyer.lawyerId, { clientEmail: client.email }),
      });
      ids.push(r.body.case.id);
    }
    for (const id of ids.slice(0, 20))
      expect((await call("DELETE", `/api/cases/${id}`, { token: client.token, ip })).status).toBe(204);
    const r = await call("DELETE", `/api/cases/${ids[20]}`, { token: client.token, ip });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
