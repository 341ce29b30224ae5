/**
 * Reports, hidden listings, corrections and removal requests (issue 15 §3), called as React Router
 * calls the pages, with the real services over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), the real API server on loopback for GET /api/lawyers/{id} and the sitemap,
 * and the mail outbox in a temporary DATA_DIR.
 *
 * The authorisation matrix of every new route (anonymous, client, lawyer, other lawyer, moderator,
 * admin; IDOR: a lawyer never reads another's requests nor any report), the forms' validation in
 * the page's language keeping what was typed, the rate limit, and a hidden listing leaving search
 * (the SQL path and the in-memory facts path), the sitemap, matches and the API (410), then
 * coming back on restore, with every decision audited.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import { type Assessment, newSessionId } from "../../lib/personality.ts";
import { parseSearchUrl } from "../../lib/search-params.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { auditLog, lawyers, listingCorrections, listingReports, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { matchLawyers } from "../../server/matching/index.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing, TEST_PASSWORD } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { enrolledStaffSession, routeOutcome as outcome } from "../../tests/support/page-routes.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale } from "../i18n/i18n";
import { action as correctionAction, loader as correctionLoader } from "./admin.correction.tsx";
import { action as listingAction, loader as listingLoader } from "./admin.listing.tsx";
import { action as reportAdminAction, loader as reportAdminLoader } from "./admin.report.tsx";
import {
  action as dashboardCorrectionsAction,
  loader as dashboardCorrectionsLoader,
} from "./dashboard.corrections.tsx";
import { action as removalAction, loader as removalLoader } from "./lawyer.removal.tsx";
import { action as reportAction, loader as reportLoader } from "./lawyer.report.tsx";
import { loader as profileLoader } from "./lawyer.tsx";

const ORIGIN = "http://localhost";
let database: Database;
let services: Services;
let dataDir: string;
let server: TestServer;

beforeAll(async () => {
  // The root middleware loads the page's locale before any loader; these tests call the routes directly.
  await Promise.all(["de", "es", "fr", "ja"].map((l) => ensureLocale(l as Locale)));
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-moderation-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
function context(ip = `203.0.113.${(counter % 200) + 1}`): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  rememberClientIp(ctx, ip);
  return ctx;
}
function get(pathname: string, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {},
  });
}
function post(pathname: string, fields: Record<string, string>, token?: string): Request {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (token) headers.Cookie = `${SESSION_COOKIE}=${token}`;
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** A client or lawyer account; a lawyer gets `listing` as its own. Answers the session token. */
async function account(role: "user" | "lawyer", listing?: number): Promise<string> {
  counter += 1;
  const email = `moderation.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee", role },
    { ip: `198.51.100.${counter % 250}`, origin: ORIGIN },
  );
  if (listing !== undefined)
    await database.db.update(users).set({ lawyerId: listing }).where(eq(users.email, email));
  return session.token;
}

/** A staff member signed in through the pages with the second factor; answers the token. */
async function staffSession(role: "moderator" | "admin"): Promise<string> {
  counter += 1;
  const { token } = await enrolledStaffSession({
    services,
    database,
    origin: ORIGIN,
    role,
    email: `moderation.staff.${counter}@example.org`,
    loginIp: `10.8.0.${counter % 250}`,
  });
  return token;
}

/** Sends a report through the page's action (from `ip`). */
function sendReport(lawyerId: number, fields: Record<string, string>, ip: string, prefix = "") {
  return outcome(() =>
    reportAction({
      request: post(`${prefix}/lawyer/${lawyerId}/report`, fields),
      context: context(ip),
      params: { id: String(lawyerId) },
    } as never),
  );
}

const GOOD_DETAILS = "The bar number shown here belongs to someone else entirely.";

/** The newest outbox email to `to`, as text. */
async function lastEmailTo(to: string): Promise<string> {
  await services.mailer.flush();
  const dir = path.join(dataDir, "outbox");
  const texts = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((t) => t.includes(`To: ${to}`));
  return texts.at(-1) ?? "";
}

describe(`report a listing (${TEST_ENGINE})`, () => {
  it("shows the form to anyone, validates in the page's language keeping what was typed, stores the report in the queue", async () => {
    const lawyerId = await insertTestListing(database, "report.form@example.org", { name: "Greta Form" });
    const page = await outcome(() =>
      reportLoader({
        request: get(`/lawyer/${lawyerId}/report`),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ listing: { id: lawyerId, name: "Greta Form" }, sent: false });

    // German page, every field wrong: each field's message in German, the typed values kept.
    const bad = await sendReport(
      lawyerId,
      { reason: "spam", details: "zu kurz", email: "nope" },
      "192.0.2.10",
      "/de",
    );
    expect(bad.status).toBe(400);
    const failure = bad.data as {
      message: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(failure.message).toBe("Bitte prüfen Sie die markierten Felder.");
    expect(failure.fieldErrors).toEqual({
      reason: "Wählen Sie einen Grund.",
      details: "Bitte schreiben Sie mindestens 20 Zeichen.",
      email: "Geben Sie eine gültige E-Mail-Adresse ein.",
    });
    expect(failure.values).toEqual({ reason: "spam", details: "zu kurz", email: "nope" });

    const tooLong = await sendReport(
      lawyerId,
      { reason: "misconduct", details: "x".repeat(2001) },
      "192.0.2.10",
    );
    expect(tooLong.status).toBe(400);
    expect((tooLong.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      details: "Please write at most 2000 characters.",
    });

    const sent = await sendReport(
      lawyerId,
      { reason: "wrong_information", details: GOOD_DETAILS, email: "" },
      "192.0.2.10",
      "/de",
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/de/lawyer/${lawyerId}/report?sent=1`);
    const rows = await database.db.select().from(listingReports).where(eq(listingReports.lawyerId, lawyerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: "wrong_information",
      details: GOOD_DETAILS,
      email: null,
      locale: "de",
      status: "open",
    });
    const queues = await services.staff.queues(100);
    expect(queues.reports.map((q) => q.href)).toContain(`/admin/reports/${rows[0]?.id}`);
  });

  it("is rate limited per IP (429 with Retry-After), and unknown or malformed listings answer 404", async () => {
    const lawyerId = await insertTestListing(database, "report.limit@example.org");
    for (let i = 0; i < 5; i++) {
      const ok = await sendReport(lawyerId, { reason: "misconduct", details: GOOD_DETAILS }, "192.0.2.77");
      expect(ok.status, `report ${i + 1}`).toBe(303);
    }
    const limited = await sendReport(lawyerId, { reason: "misconduct", details: GOOD_DETAILS }, "192.0.2.77");
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect((limited.data as { values: Record<string, string> }).values.details).toBe(GOOD_DETAILS);
    // Another network is not limited.
    expect(
      (await sendReport(lawyerId, { reason: "misconduct", details: GOOD_DETAILS }, "192.0.2.78")).status,
    ).toBe(303);
    for (const id of ["99999999", "abc", "01"]) {
      const missing = await outcome(() =>
        reportLoader({ request: get(`/lawyer/${id}/report`), context: context(), params: { id } } as never),
      );
      expect(missing.status, id).toBe(404);
    }
  });
});

describe(`moderation routes: the authorisation matrix (${TEST_ENGINE})`, () => {
  it("anonymous, client, lawyer, other lawyer, moderator and admin on every new route", async () => {
    const listing = await insertTestListing(database, "matrix.listing@example.org", {
      name: "Matrix Listing",
    });
    const otherListing = await insertTestListing(database, "matrix.other@example.org", {
      name: "Other Listing",
    });
    const client = await account("user");
    const lawyer = await account("lawyer", listing);
    const otherLawyer = await account("lawyer", otherListing);
    const moderator = await staffSession("moderator");
    const admin = await staffSession("admin");

    // A report, and a correction request by the lawyer, to open.
    expect(
      (await sendReport(listing, { reason: "impersonation", details: GOOD_DETAILS }, "192.0.2.90")).status,
    ).toBe(303);
    const [report] = await database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.lawyerId, listing));
    const sentCorrection = await outcome(() =>
      dashboardCorrectionsAction({
        request: post("/dashboard/corrections", { field: "admissions", details: GOOD_DETAILS }, lawyer),
        context: context("192.0.2.91"),
        params: {},
      } as never),
    );
    expect(sentCorrection.status).toBe(303);
    const [correction] = await database.db
      .select()
      .from(listingCorrections)
      .where(eq(listingCorrections.lawyerId, listing));
    const reportId = report?.id ?? "";
    const correctionId = correction?.id ?? "";

    const staffRoutes = {
      report: (token?: string) =>
        outcome(() =>
          reportAdminLoader({
            request: get(`/admin/reports/${reportId}`, token),
            context: context(),
            params: { id: reportId },
          } as never),
        ),
      reportAction: (token?: string) =>
        outcome(() =>
          reportAdminAction({
            request: post(`/admin/reports/${reportId}`, { outcome: "dismiss", note: "" }, token),
            context: context(),
            params: { id: reportId },
          } as never),
        ),
      correction: (token?: string) =>
        outcome(() =>
          correctionLoader({
            request: get(`/admin/corrections/${correctionId}`, token),
            context: context(),
            params: { id: correctionId },
          } as never),
        ),
      correctionAction: (token?: string) =>
        outcome(() =>
          correctionAction({
            request: post(`/admin/corrections/${correctionId}`, { outcome: "decline", note: "" }, token),
            context: context(),
            params: { id: correctionId },
          } as never),
        ),
      listing: (token?: string) =>
        outcome(() =>
          listingLoader({
            request: get(`/admin/listings/${listing}`, token),
            context: context(),
            params: { id: String(listing) },
          } as never),
        ),
      listingAction: (token?: string) =>
        outcome(() =>
          listingAction({
            request: post(`/admin/listings/${listing}`, { visibility: "hide", reason: "", note: "" }, token),
            context: context(),
            params: { id: String(listing) },
          } as never),
        ),
    };
    for (const [name, run] of Object.entries(staffRoutes)) {
      const anonymous = await run();
      expect(anonymous.status, `${name} anonymous`).toBe(302);
      expect(anonymous.location, name).toMatch(/^\/login\?redirectTo=/);
      for (const [who, token] of [
        ["client", client],
        ["lawyer", lawyer],
        ["other lawyer", otherLawyer],
      ] as const) {
        const denied = await run(token);
        expect(denied.status, `${name} as ${who}`).toBe(403);
        expect(denied.data, `${name} as ${who}`).toEqual({ message: "admin:forbidden.notStaff" });
      }
      for (const [who, token] of [
        ["moderator", moderator],
        ["admin", admin],
      ] as const) {
        const allowed = await run(token);
        // Loaders answer the screen; the actions (sent without a reason) answer the form's 400.
        expect(allowed.status, `${name} as ${who}`).toBe(name.endsWith("Action") ? 400 : 200);
        if (name.endsWith("Action")) {
          expect((allowed.data as { fieldErrors: Record<string, string> }).fieldErrors.note, name).toBe(
            "Give a reason.",
          );
        }
      }
    }
    // Nothing changed: the forms without a reason were refused.
    const [still] = await database.db
      .select({ hidden: lawyers.hidden })
      .from(lawyers)
      .where(eq(lawyers.id, listing));
    expect(still?.hidden).toBe(false);

    // Unknown ids answer 404 to staff.
    const unknown = await outcome(() =>
      reportAdminLoader({
        request: get("/admin/reports/00000000-0000-4000-8000-000000000000", moderator),
        context: context(),
        params: { id: "00000000-0000-4000-8000-000000000000" },
      } as never),
    );
    expect(unknown.status).toBe(404);

    // Issue 27 §2: a report's links and contact details are listed to the moderator, as text.
    const linkedDetails = "Not this firm: see cheap-claims.ru or call +1 416 555 0123.";
    const linked = await sendReport(
      listing,
      { reason: "impersonation", details: linkedDetails, email: "" },
      "198.18.77.77",
    );
    expect(linked.status).toBe(303);
    const [linkedRow] = await database.db
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(eq(listingReports.details, linkedDetails));
    const screen = await outcome(() =>
      reportAdminLoader({
        request: get(`/admin/reports/${linkedRow?.id}`, moderator),
        context: context(),
        params: { id: linkedRow?.id ?? "" },
      } as never),
    );
    expect((screen.data as { report: { contactDetails: unknown } }).report.contactDetails).toEqual([
      { kind: "link", text: "cheap-claims.ru" },
      { kind: "phone", text: "+1 416 555 0123" },
    ]);

    // /dashboard/corrections: anonymous → login; client and staff → 403; each lawyer sees only their own.
    const corrections = (token?: string) =>
      outcome(() =>
        dashboardCorrectionsLoader({
          request: get("/dashboard/corrections", token),
          context: context(),
          params: {},
        } as never),
      );
    const anonymous = await corrections();
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    for (const token of [client, moderator, admin]) expect((await corrections(token)).status).toBe(403);
    const own = (await corrections(lawyer)).data as { requests: { id: string }[] };
    expect(own.requests.map((r) => r.id)).toEqual([correctionId]);
    const others = (await corrections(otherLawyer)).data as { requests: { id: string }[] };
    expect(others.requests).toEqual([]);
    // A client cannot send one either.
    const clientPost = await outcome(() =>
      dashboardCorrectionsAction({
        request: post("/dashboard/corrections", { field: "admissions", details: GOOD_DETAILS }, client),
        context: context(),
        params: {},
      } as never),
    );
    expect(clientPost.status).toBe(403);

    // The public report and removal pages: open to everyone (no sign-in needed).
    for (const token of [undefined, client, lawyer, moderator]) {
      const r = await outcome(() =>
        reportLoader({
          request: get(`/lawyer/${listing}/report`, token),
          context: context(),
          params: { id: String(listing) },
        } as never),
      );
      expect(r.status).toBe(200);
      const m = await outcome(() =>
        removalLoader({
          request: get(`/lawyer/${listing}/removal`, token),
          context: context(),
          params: { id: String(listing) },
        } as never),
      );
      expect(m.status).toBe(200);
      // The listing is claimed: the removal page says so.
      expect((m.data as { claimed: boolean }).claimed).toBe(true);
    }
  });
});

describe(`removal requests and corrections answered (${TEST_ENGINE})`, () => {
  it("takes removal requests for unclaimed listings only; accepting hides the listing, emails the requester in their locale, audited", async () => {
    const claimed = await insertTestListing(database, "removal.claimed@example.org");
    await account("lawyer", claimed);
    const refused = await outcome(() =>
      removalAction({
        request: post(`/lawyer/${claimed}/removal`, { email: "me@example.org", details: GOOD_DETAILS }),
        context: context("192.0.2.120"),
        params: { id: String(claimed) },
      } as never),
    );
    expect(refused.status).toBe(409);

    const unclaimed = await insertTestListing(database, "removal.unclaimed@example.org", {
      name: "Removal Person",
    });
    const sent = await outcome(() =>
      removalAction({
        request: post(`/fr/lawyer/${unclaimed}/removal`, {
          email: "removal.me@example.org",
          details: GOOD_DETAILS,
        }),
        context: context("192.0.2.121"),
        params: { id: String(unclaimed) },
      } as never),
    );
    expect(sent.status).toBe(303);
    const [request] = await database.db
      .select()
      .from(listingCorrections)
      .where(eq(listingCorrections.lawyerId, unclaimed));
    expect(request).toMatchObject({
      kind: "removal",
      email: "removal.me@example.org",
      locale: "fr",
      status: "open",
    });
    const queue = await services.staff.queues(100);
    expect(queue.corrections.map((q) => q.href)).toContain(`/admin/corrections/${request?.id}`);

    const moderator = await staffSession("moderator");
    const answered = await outcome(() =>
      correctionAction({
        request: post(
          `/admin/corrections/${request?.id}`,
          { outcome: "accept", note: "Confirmed by phone call." },
          moderator,
        ),
        context: context("192.0.2.122"),
        params: { id: request?.id ?? "" },
      } as never),
    );
    expect(answered.status).toBe(303);
    const [row] = await database.db
      .select({ hidden: lawyers.hidden, reason: lawyers.hiddenReason })
      .from(lawyers)
      .where(eq(lawyers.id, unclaimed));
    expect(row).toEqual({ hidden: true, reason: "removal_request" });
    const mail = await lastEmailTo("removal.me@example.org");
    expect(mail).toContain("Confirmed by phone call.");
    expect(mail).toContain("Nos modérateurs ont accepté votre demande");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing_correction"), eq(auditLog.subjectId, request?.id ?? "")));
    expect(audit.map((a) => [a.action, a.reason, a.after])).toEqual([
      [
        "correction.accepted",
        "Confirmed by phone call.",
        { status: "accepted", kind: "removal", field: null },
      ],
    ]);
    // Answered once only.
    const again = await outcome(() =>
      correctionAction({
        request: post(
          `/admin/corrections/${request?.id}`,
          { outcome: "decline", note: "Changed my mind." },
          moderator,
        ),
        context: context(),
        params: { id: request?.id ?? "" },
      } as never),
    );
    expect(again.status).toBe(409);
  });
});

describe(`a lawyer's correction request (${TEST_ENGINE})`, () => {
  it("is validated in the page's language, answered by a moderator with a reason, emailed to the lawyer in that language and shown on their page", async () => {
    const listing = await insertTestListing(database, "correction.flow@example.org", { name: "Kenji Sato" });
    const email = `moderation.${counter + 1}@example.org`;
    const lawyer = await account("lawyer", listing);
    const send = (fields: Record<string, string>) =>
      outcome(() =>
        dashboardCorrectionsAction({
          request: post("/ja/dashboard/corrections", fields, lawyer),
          context: context("192.0.2.170"),
          params: {},
        } as never),
      );
    const bad = await send({ field: "licence", details: "短い" });
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      field: "訂正する項目を選択してください。",
      details: "20文字以上で入力してください。",
    });
    expect((bad.data as { values: Record<string, string> }).values).toEqual({
      field: "licence",
      details: "短い",
    });
    const sent = await send({
      field: "discipline",
      details: "The 2019 record belongs to another lawyer with my name.",
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/ja/dashboard/corrections?sent=1");
    const [request] = await database.db
      .select()
      .from(listingCorrections)
      .where(eq(listingCorrections.lawyerId, listing));
    expect(request).toMatchObject({
      kind: "correction",
      field: "discipline",
      email,
      locale: "ja",
      status: "open",
    });

    const moderator = await staffSession("admin");
    const declined = await outcome(() =>
      correctionAction({
        request: post(
          `/admin/corrections/${request?.id}`,
          { outcome: "decline", note: "The regulator's record names you." },
          moderator,
        ),
        context: context("192.0.2.171"),
        params: { id: request?.id ?? "" },
      } as never),
    );
    expect(declined.status).toBe(303);
    const mail = await lastEmailTo(email);
    expect(mail).toContain("The regulator's record names you.");
    expect(mail).toContain("モデレーターは承認しませんでした");
    const page = await outcome(() =>
      dashboardCorrectionsLoader({
        request: get("/dashboard/corrections", lawyer),
        context: context(),
        params: {},
      } as never),
    );
    expect((page.data as { requests: { status: string; answer: string }[] }).requests).toMatchObject([
      { status: "declined", answer: "The regulator's record names you." },
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing_correction"), eq(auditLog.subjectId, request?.id ?? "")));
    expect(entry).toMatchObject({
      action: "correction.declined",
      actorRole: "admin",
      reason: "The regulator's record names you.",
    });
    // Declining a correction never hides the listing.
    const [row] = await database.db
      .select({ hidden: lawyers.hidden })
      .from(lawyers)
      .where(eq(lawyers.id, listing));
    expect(row?.hidden).toBe(false);
  });
});

/** Search results' ids for the query string `qs`. */
async function searchIds(qs: string): Promise<number[]> {
  return (await search(qs)).lawyers.map((l) => l.id);
}

/** The search result (page and total) for the query string `qs`. */
async function search(qs: string) {
  const { params } = parseSearchUrl(new URLSearchParams(qs));
  return services.directory.searchLawyers(params);
}

/** A verified listing in Iceland (no other test uses it) that matches a Slip & Fall assessment. */
const ICELAND: Assessment = {
  sessionId: newSessionId(),
  personalityTraits: {
    openness: 5,
    conscientiousness: 5,
    extraversion: 5,
    agreeableness: 5,
    neuroticism: 5,
    assertiveness: 5,
    patience: 5,
    techSavvy: 5,
  },
  communicationPreference: "empathetic",
  approachPreference: "methodical",
  priorityFocus: "cost",
  caseType: "Slip & Fall",
  caseComplexity: "simple",
  timePreference: "immediate",
  country: "IS",
};

describe(`a hidden listing (${TEST_ENGINE})`, () => {
  it("leaves search (SQL and facts), the sitemap, matches and the API, answers 410 with its reason page, and comes back on restore", async () => {
    const lawyerId = await insertTestListing(database, "hidden.flow@example.org", {
      name: "Zephyrine Quackenbush",
      firm: "Quackenbush Injury",
      city: "Reykjavik",
      state: null,
      country: "Iceland",
      countryCode: "IS",
      location: "Reykjavik, Iceland",
      practiceAreas: ["Slip & Fall"],
      verified: true,
      verificationStatus: "verified",
      rating: 4.9,
      reviewCount: 12,
    });
    // SQL path: text outside the facts' subjects, sorted by name; facts path: no text, rating order.
    const sqlPath = "q=Quackenbush&sort=name";
    const factsPath = "location=IS";
    expect(await searchIds(sqlPath)).toContain(lawyerId);
    expect(await searchIds(factsPath)).toContain(lawyerId);
    // The facts answer the total of a search without text: the hidden listing must leave it too.
    const totalBefore = (await search(factsPath)).total;
    expect((await matchLawyers(database.db, ICELAND)).map((m) => m.lawyerId)).toContain(lawyerId);
    const sitemap = async () => (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(await sitemap()).toContain(`/lawyer/${lawyerId}<`);
    expect((await fetch(`${server.baseUrl}/api/lawyers/${lawyerId}`)).status).toBe(200);

    // A visitor reports it with an email; a moderator hides it from the report.
    expect(
      (
        await sendReport(
          lawyerId,
          { reason: "not_a_lawyer", details: GOOD_DETAILS, email: "reporter@example.org" },
          "192.0.2.150",
          "/es",
        )
      ).status,
    ).toBe(303);
    const [report] = await database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.lawyerId, lawyerId));
    const moderator = await staffSession("moderator");
    const resolved = await outcome(() =>
      reportAdminAction({
        request: post(
          `/admin/reports/${report?.id}`,
          { outcome: "hide", note: "Not on any register." },
          moderator,
        ),
        context: context("192.0.2.151"),
        params: { id: report?.id ?? "" },
      } as never),
    );
    expect(resolved.status).toBe(303);
    expect(resolved.location).toBe(`/admin/reports/${report?.id}?done=1`);

    // Gone everywhere.
    expect(await searchIds(sqlPath)).not.toContain(lawyerId);
    expect(await searchIds(factsPath)).not.toContain(lawyerId);
    expect((await search(factsPath)).total).toBe(totalBefore - 1);
    expect(
      (await matchLawyers(database.db, { ...ICELAND, sessionId: newSessionId() })).map((m) => m.lawyerId),
    ).not.toContain(lawyerId);
    expect(await sitemap()).not.toContain(`/lawyer/${lawyerId}<`);
    const api = await fetch(`${server.baseUrl}/api/lawyers/${lawyerId}`);
    expect(api.status).toBe(410);
    expect(await api.json()).toEqual({
      message: `Lawyer ${lawyerId} was removed from the directory by a moderator`,
    });
    const profile = await outcome(() =>
      profileLoader({
        request: get(`/lawyer/${lawyerId}`),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(profile.status).toBe(410);
    expect(profile.data).toEqual({ message: "Listing removed", hiddenReason: "not_a_lawyer" });
    // It takes no new messages (404, as an unknown listing).
    const message = {
      name: "Pat Doe",
      email: "pat@example.org",
      subject: "My case",
      message: "I was hurt at work and need advice.",
    };
    await expect(services.messages.send(lawyerId, message, { ip: "192.0.2.160" })).rejects.toMatchObject({
      status: 404,
    });
    // A hidden listing cannot be reported again (404).
    expect(
      (await sendReport(lawyerId, { reason: "misconduct", details: GOOD_DETAILS }, "192.0.2.152")).status,
    ).toBe(404);

    // The reporter got the answer, in Spanish, with the reason.
    const mail = await lastEmailTo("reporter@example.org");
    expect(mail).toContain("Not on any register.");
    expect(mail).toContain("nuestros moderadores retiraron la ficha");

    // Restoring needs a reason; with one the listing is back everywhere.
    const noReason = await outcome(() =>
      listingAction({
        request: post(`/admin/listings/${lawyerId}`, { visibility: "restore", note: " " }, moderator),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(noReason.status).toBe(400);
    const restored = await outcome(() =>
      listingAction({
        request: post(
          `/admin/listings/${lawyerId}`,
          { visibility: "restore", note: "Register entry found after all." },
          moderator,
        ),
        context: context("192.0.2.153"),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(restored.status).toBe(303);
    expect(restored.location).toBe(`/admin/listings/${lawyerId}?done=restored`);
    expect((await search(factsPath)).total).toBe(totalBefore);
    expect(await searchIds(sqlPath)).toContain(lawyerId);
    expect(await searchIds(factsPath)).toContain(lawyerId);
    expect(
      (await matchLawyers(database.db, { ...ICELAND, sessionId: newSessionId() })).map((m) => m.lawyerId),
    ).toContain(lawyerId);
    expect(await sitemap()).toContain(`/lawyer/${lawyerId}<`);
    expect((await fetch(`${server.baseUrl}/api/lawyers/${lawyerId}`)).status).toBe(200);
    expect(await services.messages.send(lawyerId, message, { ip: "192.0.2.161" })).toHaveProperty("id");
    const back = await outcome(() =>
      profileLoader({
        request: get(`/lawyer/${lawyerId}`),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(back.status).toBe(200);

    // Restoring twice is refused; hiding from the listing screen needs a public reason.
    const twice = await outcome(() =>
      listingAction({
        request: post(`/admin/listings/${lawyerId}`, { visibility: "restore", note: "Again." }, moderator),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(twice.status).toBe(409);
    const noPublicReason = await outcome(() =>
      listingAction({
        request: post(
          `/admin/listings/${lawyerId}`,
          { visibility: "hide", reason: "", note: "Because." },
          moderator,
        ),
        context: context(),
        params: { id: String(lawyerId) },
      } as never),
    );
    expect(noPublicReason.status).toBe(400);
    expect(Object.keys((noPublicReason.data as { fieldErrors: object }).fieldErrors)).toEqual(["reason"]);

    // Every step audited, before -> after, with the moderator's reason.
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, String(lawyerId))))
      .orderBy(auditLog.id);
    expect(trail.map((a) => [a.action, a.actorRole, a.before, a.after, a.reason])).toEqual([
      [
        "listing.hidden",
        "moderator",
        { hidden: false, hiddenReason: null },
        { hidden: true, hiddenReason: "not_a_lawyer" },
        "Not on any register.",
      ],
      [
        "listing.restored",
        "moderator",
        { hidden: true, hiddenReason: "not_a_lawyer" },
        { hidden: false, hiddenReason: null },
        "Register entry found after all.",
      ],
    ]);
    const reportTrail = await database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing_report"), eq(auditLog.subjectId, report?.id ?? "")));
    expect(reportTrail).toEqual([{ action: "report.hidden", after: { status: "hidden" } }]);
  });
});
