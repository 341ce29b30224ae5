/**
 * Issue 28 §4 "Promises only the listing can keep", through the real server and database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), emails captured by a real SMTP server:
 * - `managed` on GET /api/lawyers/{id} and the search results: true only for a listing a lawyer
 *   account with a confirmed email manages (linked but unconfirmed, or nobody: false);
 * - GET /api/lawyers/{id}/managed-nearby: the role matrix (everyone gets the same public answer),
 *   400/404/410, and its rule (managed, same country, a shared practice area, nearest first);
 * - a case sent to a listing nobody manages: `lawyerManaged: false`; the listing's address gets the
 *   case type and the claim's steps and none of the client's fields (GDPR Art. 9, the decision in
 *   docs/spec-deviations.md), nor does the 12 h reminder or a thread message's notice; the client's
 *   receipt promises no reply and says what LexAtlas does; the re-send is open at once (and not for
 *   a managed listing before 24 h).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { lawyers, users } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { runResponseSweep } from "../responses/sweep.ts";

const H = 3_600_000;
const clock = createTestClock("2026-06-01T08:00:00Z");
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const api = testApi(() => server, { emailPrefix: "managed" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { clock, env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** A listing (Toronto unless `fields` say otherwise) with a fresh email, nobody managing it. */
async function unmanagedListing(fields: Partial<typeof lawyers.$inferInsert> = {}) {
  const listingEmail = freshEmail("listing");
  const lawyerId = await insertTestListing(database, listingEmail, fields);
  return { lawyerId, listingEmail };
}

/** A listing and a lawyer account linked to it, its email confirmed unless `confirmed` is false. */
async function managedListing(fields: Partial<typeof lawyers.$inferInsert> = {}, confirmed = true) {
  const { lawyerId, listingEmail } = await unmanagedListing(fields);
  const account = await signUp({ role: "lawyer", email: listingEmail });
  await database.db
    .update(users)
    .set({ lawyerId, isVerified: confirmed })
    .where(eq(users.id, account.user.id));
  return { ...account, lawyerId, listingEmail };
}

async function lawyerJson(id: number): Promise<LawyerDTO> {
  const r = await call("GET", `/api/lawyers/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

describe(`managed on the lawyer JSON (${TEST_ENGINE})`, () => {
  it("is true only when a lawyer account with a confirmed email manages the listing", async () => {
    const nobody = await unmanagedListing({ name: "Nora Nobody" });
    const unconfirmed = await managedListing({ name: "Uma Unconfirmed" }, false);
    const managed = await managedListing({ name: "Mia Managed" });
    expect((await lawyerJson(nobody.lawyerId)).managed).toBe(false);
    expect((await lawyerJson(unconfirmed.lawyerId)).managed).toBe(false);
    expect((await lawyerJson(managed.lawyerId)).managed).toBe(true);
    // The search results carry the same field.
    const r = await call("GET", `/api/lawyers/search?query=${encodeURIComponent("Mia Managed")}`);
    expect(r.status, r.text).toBe(200);
    const found = (r.body as LawyerDTO[]).find((l) => l.id === managed.lawyerId);
    expect(found?.managed).toBe(true);
  });
});

describe(`GET /api/lawyers/{id}/managed-nearby (${TEST_ENGINE})`, () => {
  it("offers managed listings of the same country and a shared area, nearest first, to every caller alike", async () => {
    // Toronto (43.65, -79.38); Mississauga 25 km, Ottawa 350 km, Buffalo (US) 100 km.
    const origin = await unmanagedListing({
      name: "Olga Origin",
      practiceAreas: ["Dog Bites", "Mass Torts"],
      latitude: 43.6535,
      longitude: -79.3839,
    });
    const near = await managedListing({
      name: "Nils Near",
      city: "Mississauga",
      practiceAreas: ["Dog Bites"],
      latitude: 43.589,
      longitude: -79.6441,
    });
    const far = await managedListing({
      name: "Fay Far",
      city: "Ottawa",
      practiceAreas: ["Mass Torts"],
      latitude: 45.4215,
      longitude: -75.6972,
    });
    const noPosition = await managedListing({ name: "Pat Placeless", practiceAreas: ["Mass Torts"] });
    // Not offered: another country, no shared area, nobody managing, unconfirmed, hidden.
    const abroad = await managedListing({
      name: "Abe Abroad",
      country: "United States",
      countryCode: "US",
      city: "Buffalo",
      location: "Buffalo, New York, United States",
      practiceAreas: ["Dog Bites"],
      latitude: 42.8864,
      longitude: -78.8784,
    });
    const otherArea = await managedListing({
      name: "Olaf Otherarea",
      practiceAreas: ["Medical Malpractice"],
      latitude: 43.65,
      longitude: -79.38,
    });
    const unmanaged = await unmanagedListing({ name: "Ursula Unmanaged", practiceAreas: ["Dog Bites"] });
    const unconfirmed = await managedListing(
      { name: "Uwe Unconfirmed", practiceAreas: ["Dog Bites"] },
      false,
    );
    const hidden = await managedListing({ name: "Hal Hidden", practiceAreas: ["Dog Bites"] });
    await database.db.update(lawyers).set({ hidden: true }).where(eq(lawyers.id, hidden.lawyerId));

    const client = await signUp();
    const lawyer = await managedListing({ name: "Leo Lawyer", countryCode: "DE", country: "Germany" });
    const moderator = await signUp();
    await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.user.id));
    const answers = [];
    for (const token of [undefined, client.token, lawyer.token, moderator.token]) {
      const r = await call("GET", `/api/lawyers/${origin.lawyerId}/managed-nearby`, { token });
      expect(r.status, r.text).toBe(200);
      answers.push(r.body as LawyerDTO[]);
    }
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
    const list = answers[0] as LawyerDTO[];
    expect(list.map((l) => l.id)).toEqual([near.lawyerId, far.lawyerId, noPosition.lawyerId]);
    expect(list.every((l) => l.managed)).toBe(true);
    expect(list[0]?.distanceKm).toBeGreaterThan(15);
    expect(list[0]?.distanceKm).toBeLessThan(30);
    expect(list[2]?.distanceKm).toBeUndefined();
    const offered = new Set(list.map((l) => l.id));
    for (const id of [abroad, otherArea, unmanaged, unconfirmed, hidden].map((l) => l.lawyerId))
      expect(offered.has(id)).toBe(false);
  });

  it("answers 400 for an id that is not digits, 404 for an unknown one and 410 for a hidden listing", async () => {
    expect((await call("GET", "/api/lawyers/abc/managed-nearby")).status).toBe(400);
    const unknown = await call("GET", "/api/lawyers/2147483600/managed-nearby");
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.message).toBe("string");
    expect((await call("GET", "/api/lawyers/01/managed-nearby")).status).toBe(404);
    const gone = await unmanagedListing({ hidden: true, hiddenReason: "not_a_lawyer" });
    expect((await call("GET", `/api/lawyers/${gone.lawyerId}/managed-nearby`)).status).toBe(410);
  });
});

describe(`a case sent to a listing nobody manages (${TEST_ENGINE})`, () => {
  it("reaches the listing's address without any field of the client's, and the client's receipt promises no reply", async () => {
    await clock.rewinding(async () => {
      const listing = await unmanagedListing({ name: "Wanda Waiting" });
      const clientEmail = freshEmail("client");
      const payload = casePayload(listing.lawyerId, {
        clientEmail,
        clientName: "Priya Patient",
        caseTitle: "Whiplash after the crash on Bloor",
        otherParty: "Speedy Couriers Inc",
        incidentPlace: "Bloor Street West",
      });
      const r = await call("POST", "/api/cases", {
        form: caseForm(payload, [["scan.pdf", PDF, "application/pdf"]]),
      });
      expect(r.status, r.text).toBe(201);
      expect(r.body.case.lawyerManaged).toBe(false);
      const notice = await smtp.waitFor((m) => m.to.includes(listing.listingEmail.toLowerCase()));
      const all = `${notice.subject}\n${notice.text}\n${notice.html}`;
      for (const secret of [
        "Priya Patient",
        "Whiplash",
        "Speedy Couriers",
        "Bloor Street",
        "2025-11-02",
        "A driver hit my car",
        clientEmail,
        "scan.pdf",
      ])
        expect(all).not.toContain(secret);
      expect(notice.text).toContain("Car Accident");
      expect(notice.text).toContain(
        `1. Create a lawyer account with this email address (${listing.listingEmail}):`,
      );
      expect(notice.text).toContain(`/cases/${r.body.case.id}`);

      const receipt = await smtp.waitFor((m) => m.to.includes(clientEmail.toLowerCase()));
      expect(receipt.text).toContain("Wanda Waiting");
      expect(receipt.text).toContain("has not joined LexAtlas yet");
      expect(receipt.text).not.toMatch(/will respond within 24 hours/);
      expect(receipt.text).toContain("without your name or anything about what happened");

      // The client may send it to another lawyer at once: nobody can answer this listing yet.
      const token = new RegExp(`/cases/${r.body.case.id}\\?token=([A-Za-z0-9_-]+)`).exec(receipt.text)?.[1];
      expect(token).toBeTruthy();
      const other = await managedListing({ name: "Ravi Ready" });
      const resend = await call("POST", `/api/cases/${r.body.case.id}/resend`, {
        headers: { "X-Case-Token": token as string },
        body: { lawyerId: other.lawyerId, healthDataConsent: true },
      });
      expect(resend.status, resend.text).toBe(201);
      // The managed lawyer's notice carries the conflict-check summary as before.
      const managedNotice = await smtp.waitFor((m) => m.to.includes(other.listingEmail.toLowerCase()));
      expect(managedNotice.text).toContain("Priya Patient");
      expect(managedNotice.text).not.toContain("Create a lawyer account");
    });
  });

  it("keeps the 24-hour wait before a re-send when the listing is managed, and its receipt names the process", async () => {
    await clock.rewinding(async () => {
      const listing = await managedListing({ name: "Manny Managed" });
      const clientEmail = freshEmail("client");
      const r = await call("POST", "/api/cases", { body: casePayload(listing.lawyerId, { clientEmail }) });
      expect(r.status, r.text).toBe(201);
      expect(r.body.case.lawyerManaged).toBe(true);
      const receipt = await smtp.waitFor((m) => m.to.includes(clientEmail.toLowerCase()));
      expect(receipt.text).toContain("is asked to answer within 24 hours");
      expect(receipt.text).not.toContain("has not joined LexAtlas");
      const token = new RegExp(`/cases/${r.body.case.id}\\?token=([A-Za-z0-9_-]+)`).exec(receipt.text)?.[1];
      const other = await managedListing({ name: "Otto Other" });
      const early = await call("POST", `/api/cases/${r.body.case.id}/resend`, {
        headers: { "X-Case-Token": token as string },
        body: { lawyerId: other.lawyerId, healthDataConsent: true },
      });
      expect(early.status, early.text).toBe(409);
    });
  });

  it("sends the 12 h reminder and a thread message's notice without the client's fields", async () => {
    await clock.rewinding(async () => {
      const listing = await unmanagedListing({ name: "Rhea Reminded" });
      const clientEmail = freshEmail("client");
      const r = await call("POST", "/api/cases", {
        body: casePayload(listing.lawyerId, {
          clientEmail,
          clientName: "Sami Secret",
          caseTitle: "Broken wrist",
        }),
      });
      expect(r.status, r.text).toBe(201);
      const receipt = await smtp.waitFor((m) => m.to.includes(clientEmail.toLowerCase()));
      const token = new RegExp(`/cases/${r.body.case.id}\\?token=([A-Za-z0-9_-]+)`).exec(receipt.text)?.[1];
      const m = await call("POST", `/api/cases/${r.body.case.id}/messages`, {
        headers: { "X-Case-Token": token as string },
        body: { body: "My doctor says the fracture needs surgery." },
      });
      expect(m.status, m.text).toBe(201);
      const messageNotice = await smtp.waitFor(
        (mail) =>
          mail.to.includes(listing.listingEmail.toLowerCase()) && mail.subject.includes("New message"),
      );
      const messageText = `${messageNotice.subject}\n${messageNotice.text}\n${messageNotice.html}`;
      for (const secret of ["fracture", "Sami Secret", "Broken wrist"])
        expect(messageText).not.toContain(secret);
      expect(messageNotice.text).toContain("Create a lawyer account");

      clock.advance(13 * H);
      const sent: Parameters<Mailer["send"]>[0][] = [];
      const summary = await runResponseSweep({
        db: database.db,
        clock,
        mailer: { send: async (mail) => void sent.push(mail) },
        emailLinkOrigin: "https://lexatlas.test",
      });
      expect(summary.reminders).toBeGreaterThanOrEqual(1);
      const reminder = sent.find((mail) => mail.to === listing.listingEmail);
      expect(reminder).toBeDefined();
      const text = `${reminder?.subject}\n${reminder?.text}\n${reminder?.html}`;
      for (const secret of ["Sami Secret", "Broken wrist"]) expect(text).not.toContain(secret);
      expect(reminder?.text).toContain("13 hours");
      expect(reminder?.text).toContain("Create a lawyer account");
    });
  });
});
