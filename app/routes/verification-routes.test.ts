/**
 * Verification requests (issue 15 §2) through the pages as React Router calls them and the proof
 * download through the real Hono app, with the real services over a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), the mail outbox in a temporary DATA_DIR and a test clock.
 *
 * Covers: a lawyer adds an admission and requests verification with a proof (checks pending, the
 * `verification` queue lists it, audited); a moderator approves (verified with method, source,
 * register URL, checkedOn on the clock's day, checkedBy, nextCheckDue +1 year; the tick follows
 * through recompute; lapsed a year later); editing the admission's number resets the licence
 * check; a rejection needs a reason, never shows a tick, and the lawyer sees the reason on the
 * dashboard and by email in their own language (users.locale); and the authorisation matrix of
 * /dashboard/verification, /admin/verification/:id and /verification/proofs/:id (anonymous,
 * client, lawyer, other lawyer (IDOR), password-only staff, moderator, admin), plus the rate limit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { isoDay } from "../../lib/verification.ts";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import {
  auditLog,
  barAdmissions,
  disciplinaryRecords,
  documentDownloads,
  lawyers,
  users,
  verificationChecks,
  verificationProofs,
  verificationRequests,
} from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { readVerification } from "../../server/verification/read.ts";
import { TEST_PASSWORD } from "../../tests/support/api.ts";
import { EXE, PDF, PNG } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import {
  enrolledStaffSession,
  routeOutcome as outcome,
  sessionTokenOf as tokenOf,
} from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale } from "../i18n/i18n.ts";
import { action as adminAction, loader as adminLoader } from "./admin.verification.tsx";
import { action as dashboardAction, loader as dashboardLoader } from "./dashboard.verification.tsx";
import { action as loginAction } from "./login.tsx";

const ORIGIN = "http://localhost";
const DAY = 24 * 60 * 60 * 1000;
let database: Database;
let services: Services;
let app: { fetch(request: Request): Response | Promise<Response> };
let dataDir: string;
const clock = createTestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-verification-routes-"));
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
    clock,
  });
  app = await createApp({ services, pages: false });
  await ensureLocale("fr");
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
function context(ip = "203.0.113.60"): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  rememberClientIp(ctx, ip);
  return ctx;
}
const cookie = (token?: string): Record<string, string> =>
  token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
function get(pathname: string, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, { headers: cookie(token) });
}
function post(pathname: string, fields: Record<string, string>, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...cookie(token) },
    body: new URLSearchParams(fields),
  });
}
function postMultipart(pathname: string, form: FormData, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...cookie(token) },
    body: form,
  });
}

/** A new account; a lawyer gets a listing of its own when `listing` is set. */
async function account(role: "user" | "lawyer", opts: { listing?: boolean; locale?: string } = {}) {
  counter += 1;
  const email = `verification-routes.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ana", lastName: "Lima", role },
    { ip: `198.51.100.${counter}`, origin: ORIGIN },
  );
  let lawyerId: number | null = null;
  if (opts.listing) {
    const [row] = await database.db
      .insert(lawyers)
      .values({
        name: `Ana Lima ${counter}`,
        email,
        location: "Sacramento, California",
        country: "United States",
        countryCode: "US",
        state: "California",
        city: "Sacramento",
      })
      .returning({ id: lawyers.id });
    lawyerId = row?.id ?? null;
  }
  await database.db
    .update(users)
    .set({ lawyerId, ...(opts.locale ? { locale: opts.locale } : {}) })
    .where(eq(users.email, email));
  return { token: session.token, email, lawyerId: lawyerId ?? 0 };
}

/** A staff account with its password set (staff:create's code path). */
async function staffAccount(role: "moderator" | "admin") {
  counter += 1;
  const email = `verification-staff.${counter}@example.org`;
  const made = await createOrPromoteStaff(
    database,
    { email, role, resetSecondFactor: false },
    { origin: ORIGIN },
  );
  const token = new URL(made.link).searchParams.get("token") ?? "";
  await services.accounts.resetPassword(
    { token, newPassword: TEST_PASSWORD },
    { ip: "198.51.100.251", origin: ORIGIN },
  );
  return email;
}

async function pageLogin(email: string) {
  return outcome(() =>
    loginAction({
      request: post("/login", { email, password: TEST_PASSWORD }),
      context: context(`10.8.${counter % 250}.${++counter % 250}`),
      params: {},
    } as never),
  );
}

/** A staff member who enrolled TOTP through the pages; answers the passed session's token and id. */
async function staffSession(role: "moderator" | "admin") {
  counter += 1;
  const { email, token } = await enrolledStaffSession({
    services,
    database,
    origin: ORIGIN,
    role,
    email: `verification-staff.${counter}@example.org`,
    loginIp: `10.8.${counter % 250}.${++counter % 250}`,
    epochSeconds: Math.floor(clock.now().getTime() / 1000),
  });
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, id: row?.id ?? "", email };
}

const dashboard = {
  load: (token?: string, prefix = "") =>
    outcome(() =>
      dashboardLoader({
        request: get(`${prefix}/dashboard/verification`, token),
        context: context(),
        params: {},
      } as never),
    ),
  post: (fields: Record<string, string>, token?: string) =>
    outcome(() =>
      dashboardAction({
        request: post("/dashboard/verification", fields, token),
        context: context(),
        params: {},
      } as never),
    ),
  upload: (form: FormData, token?: string, prefix = "") =>
    outcome(() =>
      dashboardAction({
        request: postMultipart(`${prefix}/dashboard/verification`, form, token),
        context: context(),
        params: {},
      } as never),
    ),
};
const admin = {
  load: (id: number | string, token?: string) =>
    outcome(() =>
      adminLoader({
        request: get(`/admin/verification/${id}`, token),
        context: context(),
        params: { id: String(id) },
      } as never),
    ),
  decide: (id: number | string, fields: Record<string, string>, token?: string, prefix = "") =>
    outcome(() =>
      adminAction({
        request: post(`${prefix}/admin/verification/${id}`, fields, token),
        context: context(),
        params: { id: String(id) },
      } as never),
    ),
};

/** The owner's page data. */
type OwnerData = {
  view: {
    admissions: { id: number; licenceNumber: string; licenceStatus: string }[];
    checks: { kind: string; status: string }[];
    requests: { id: number; status: string; decisionReason: string | null; proofs: { id: string }[] }[];
  } | null;
};

/** A request form: the picked kinds, a proof (default a PDF) and extra fields. */
function requestForm(
  kinds: string[],
  fields: Record<string, string> = {},
  proof: Buffer | null = PDF,
): FormData {
  const form = new FormData();
  form.set("intent", "request");
  for (const k of kinds) form.set(`kind_${k}`, "on");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (proof)
    form.append(
      "documents",
      new Blob([new Uint8Array(proof)]),
      proof === PNG ? "bar-card.png" : "bar-card.pdf",
    );
  return form;
}

/** Adds an admission through the page; answers its id. */
async function addAdmission(token: string, licenceNumber: string) {
  const saved = await dashboard.post(
    {
      intent: "admission",
      countryCode: "us",
      region: "California",
      regulator: "State Bar of California",
      licenceNumber,
      yearAdmitted: "2012",
    },
    token,
  );
  expect(saved.status, JSON.stringify(saved.data)).toBe(303);
  expect(saved.location).toBe("/dashboard/verification?done=saved");
  const view = (await dashboard.load(token)).data as OwnerData;
  const admission = view.view?.admissions.find((a) => a.licenceNumber === licenceNumber);
  expect(admission?.licenceStatus).toBe("unverified");
  return admission?.id ?? 0;
}

/** The outbox emails to `to`, as text. */
function emailsTo(to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(dir, f), "utf8")).filter((t) => t.includes(`To: ${to}`));
}

const cached = async (lawyerId: number) =>
  (
    await database.db
      .select({ verified: lawyers.verified, status: lawyers.verificationStatus })
      .from(lawyers)
      .where(eq(lawyers.id, lawyerId))
  )[0];

describe(`verification requests: request, approve, edit, reject (${TEST_ENGINE})`, () => {
  it("a lawyer adds an admission and requests verification with a proof; a moderator approves with the register entry; the tick follows and lapses a year later", async () => {
    const owner = await account("lawyer", { listing: true });
    const moderator = await staffSession("moderator");
    const admissionId = await addAdmission(owner.token, "301234");

    // The request: the licence, with a PDF proof; the check becomes pending, the cache too.
    const sent = await dashboard.upload(requestForm(["licence"], { note: "Admitted in 2012." }), owner.token);
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    expect(sent.location).toBe("/dashboard/verification?done=requested");
    const view = ((await dashboard.load(owner.token)).data as OwnerData).view;
    expect(view?.checks.find((c) => c.kind === "licence")?.status).toBe("pending");
    const request = view?.requests[0];
    expect(request?.status).toBe("pending");
    expect(request?.proofs).toHaveLength(1);
    expect(await cached(owner.lawyerId)).toEqual({ verified: false, status: "pending" });

    // The queue lists it, with the screen that handles it.
    const queues = await services.staff.queues(50);
    const item = queues.verification.find((q) => q.id === String(request?.id));
    expect(item).toMatchObject({
      kind: "verification",
      subjectId: String(owner.lawyerId),
      href: `/admin/verification/${request?.id}`,
    });

    // The moderator's screen shows it; a register lookup needs the entry's URL.
    const screen = await admin.load(request?.id ?? 0, moderator.token);
    expect(screen.status).toBe(200);
    const missing = await admin.decide(
      request?.id ?? 0,
      { decision: "approve", method: "register_lookup" },
      moderator.token,
    );
    expect(missing.status).toBe(400);
    expect((missing.data as { fieldErrors: Record<string, string> }).fieldErrors.registerUrl).toBe(
      "Give the address of the register entry you checked.",
    );
    const entry = "https://apps.calbar.ca.gov/attorney/Licensee/Detail/301234";
    const approved = await admin.decide(
      request?.id ?? 0,
      { decision: "approve", method: "register_lookup", registerUrl: entry },
      moderator.token,
    );
    expect(approved.status, JSON.stringify(approved.data)).toBe(302);
    expect(approved.location).toBe(`/admin/verification/${request?.id}?done=approved`);

    const today = isoDay(clock.now());
    const [check] = await database.db
      .select()
      .from(verificationChecks)
      .where(and(eq(verificationChecks.admissionId, admissionId), eq(verificationChecks.kind, "licence")));
    expect(check).toMatchObject({
      status: "verified",
      method: "register_lookup",
      source: "State Bar of California",
      sourceUrl: entry,
      checkedOn: today,
      checkedBy: moderator.id,
    });
    expect(check?.nextCheckDue).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    expect(await cached(owner.lawyerId)).toEqual({ verified: true, status: "verified" });
    const profile = await readVerification(database.db, owner.lawyerId, clock);
    expect(profile.verification.status).toBe("verified");
    expect(profile.verification.checks[0]).toMatchObject({
      kind: "licence",
      sourceUrl: entry,
      checkedOn: today,
    });

    // Audited with before → after; deciding twice is refused.
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, String(owner.lawyerId))));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "verification.admission_added",
        "verification.requested",
        "verification.approved",
      ]),
    );
    const approval = audits.find((a) => a.action === "verification.approved");
    expect(approval?.actorUserId).toBe(moderator.id);
    expect(approval?.before).toMatchObject({ checks: { [`licence#${admissionId}`]: "pending" } });
    expect(approval?.after).toMatchObject({
      checks: { [`licence#${admissionId}`]: "verified" },
      registerUrl: entry,
    });
    expect(
      (await admin.decide(request?.id ?? 0, { decision: "reject", reason: "x" }, moderator.token)).status,
    ).toBe(400);
    expect((await services.staff.queues(50)).verification.some((q) => q.id === String(request?.id))).toBe(
      false,
    );

    // A year and a day later the check has lapsed: no tick (recompute on the clock's day).
    await clock.rewinding(async () => {
      clock.advance(367 * DAY);
      const later = await readVerification(database.db, owner.lawyerId, clock);
      expect(later.verification.checks[0]?.status).toBe("lapsed");
      expect(later.verification.status).toBe("lapsed");
    });
  });

  it("editing an admission's number or regulator resets its licence check to unverified, through recompute", async () => {
    const owner = await account("lawyer", { listing: true });
    const moderator = await staffSession("moderator");
    const admissionId = await addAdmission(owner.token, "111111");
    await dashboard.upload(requestForm(["licence"]), owner.token);
    const [request] = await database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.lawyerId, owner.lawyerId));
    await admin.decide(
      request?.id ?? 0,
      { decision: "approve", method: "document_reviewed" },
      moderator.token,
    );
    expect(await cached(owner.lawyerId)).toEqual({ verified: true, status: "verified" });

    // The year only: the check stays.
    const year = await dashboard.post(
      {
        intent: "admission",
        admissionId: String(admissionId),
        countryCode: "US",
        region: "California",
        regulator: "State Bar of California",
        licenceNumber: "111111",
        yearAdmitted: "2011",
      },
      owner.token,
    );
    expect(year.status).toBe(303);
    expect(await cached(owner.lawyerId)).toEqual({ verified: true, status: "verified" });

    const changed = await dashboard.post(
      {
        intent: "admission",
        admissionId: String(admissionId),
        countryCode: "US",
        region: "California",
        regulator: "State Bar of California",
        licenceNumber: "222222",
        yearAdmitted: "2011",
      },
      owner.token,
    );
    expect(changed.status).toBe(303);
    const view = ((await dashboard.load(owner.token)).data as OwnerData).view;
    expect(view?.admissions[0]).toMatchObject({ licenceNumber: "222222", licenceStatus: "unverified" });
    expect(await cached(owner.lawyerId)).toEqual({ verified: false, status: "unverified" });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "verification.admission_updated"),
          eq(auditLog.subjectId, String(owner.lawyerId)),
        ),
      )
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(audit?.before).toMatchObject({ licenceNumber: "111111", licenceStatus: "verified" });
    expect(audit?.after).toMatchObject({ licenceNumber: "222222", licenceStatus: "unverified" });
  });

  it("while a request covers an admission, its regulator, number and year cannot change (409), so the moderator verifies what they looked up", async () => {
    const owner = await account("lawyer", { listing: true });
    const moderator = await staffSession("moderator");
    const admissionId = await addAdmission(owner.token, "313131");
    await dashboard.upload(requestForm(["licence"]), owner.token);
    const [request] = await database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.lawyerId, owner.lawyerId));
    expect(request?.admissionIds).toContain(admissionId);
    const edit = (licenceNumber: string) =>
      dashboard.post(
        {
          intent: "admission",
          admissionId: String(admissionId),
          countryCode: "US",
          region: "California",
          regulator: "State Bar of California",
          licenceNumber,
          yearAdmitted: "2010",
        },
        owner.token,
      );
    const swapped = await edit("999999");
    expect(swapped.status).toBe(409);
    expect((swapped.data as { message: string }).message).toMatch(/being reviewed/);
    const [still] = await database.db.select().from(barAdmissions).where(eq(barAdmissions.id, admissionId));
    expect(still?.licenceNumber).toBe("313131");
    // Once decided, the lawyer may change it again (and the licence check starts over).
    await admin.decide(
      request?.id ?? 0,
      { decision: "reject", reason: "Not on the register" },
      moderator.token,
    );
    expect((await edit("999999")).status).toBe(303);
  });

  it("a rejection needs a reason, shows no tick, and the lawyer sees the reason on the dashboard and by email in their language", async () => {
    const owner = await account("lawyer", { listing: true, locale: "de" });
    const moderator = await staffSession("moderator");
    await addAdmission(owner.token, "999");
    const sent = await dashboard.upload(
      requestForm(["licence", "insurance"], {
        insuranceCarrier: "Allianz",
        insuranceCover: "EUR 2,500,000",
        insuranceExpiry: "2027-06-30",
      }),
      owner.token,
    );
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    const [request] = await database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.lawyerId, owner.lawyerId));
    expect(request?.details).toEqual({ carrier: "Allianz", cover: "EUR 2,500,000", expiry: "2027-06-30" });

    // No reason: 400 next to the field, in the page's language; nothing changes.
    const noReason = await admin.decide(
      request?.id ?? 0,
      { decision: "reject", reason: "  " },
      moderator.token,
      "/fr",
    );
    expect(noReason.status).toBe(400);
    expect((noReason.data as { fieldErrors: Record<string, string> }).fieldErrors.reason).toBe(
      "Indiquez le motif que l'avocat verra.",
    );

    const reason = "The number 999 is not on the State Bar register.";
    const rejected = await admin.decide(request?.id ?? 0, { decision: "reject", reason }, moderator.token);
    expect(rejected.status).toBe(302);
    const checks = await database.db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.lawyerId, owner.lawyerId));
    expect(checks.map((c) => [c.kind, c.status]).sort()).toEqual([
      ["insurance", "rejected"],
      ["licence", "rejected"],
    ]);
    expect(checks.every((c) => c.checkedBy === moderator.id)).toBe(true);
    expect(await cached(owner.lawyerId)).toEqual({ verified: false, status: "unverified" });
    expect((await readVerification(database.db, owner.lawyerId, clock)).verification.status).toBe("rejected");

    const view = ((await dashboard.load(owner.token, "/de")).data as OwnerData).view;
    expect(view?.requests[0]).toMatchObject({ status: "rejected", decisionReason: reason });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "verification.rejected"), eq(auditLog.subjectId, String(owner.lawyerId))),
      );
    expect(audit?.reason).toBe(reason);

    await services.mailer.flush();
    const mails = emailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Begründung: The number 999 is not on the State Bar register.");
    expect(mails[0]).toContain("/de/dashboard/verification");
  });

  it("approving insurance, education, experience and discipline stamps each with its method, source, details and next due date", async () => {
    const owner = await account("lawyer", { listing: true });
    const moderator = await staffSession("admin");
    await addAdmission(owner.token, "86420");
    const sent = await dashboard.upload(
      requestForm(["discipline", "insurance", "education", "experience"], {
        insuranceCarrier: "Lloyd's",
        insuranceCover: "USD 1,000,000",
        insuranceExpiry: "2027-03-31",
        educationSchool: "UC Berkeley School of Law",
        educationDegree: "JD",
        educationYear: "2011",
      }),
      owner.token,
    );
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    const before = await database.db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.lawyerId, owner.lawyerId));
    // The licence was not asked for: it stays unverified; the four others are pending.
    expect(Object.fromEntries(before.map((c) => [c.kind, c.status]))).toEqual({
      licence: "unverified",
      discipline: "pending",
      insurance: "pending",
      education: "pending",
      experience: "pending",
    });
    expect(await cached(owner.lawyerId)).toEqual({ verified: false, status: "unverified" });
    const [request] = await database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.lawyerId, owner.lawyerId));
    const entry = "https://apps.calbar.ca.gov/attorney/Licensee/Detail/86420";
    const approved = await admin.decide(
      request?.id ?? 0,
      { decision: "approve", method: "register_lookup", registerUrl: entry },
      moderator.token,
    );
    expect(approved.status, JSON.stringify(approved.data)).toBe(302);
    const today = isoDay(clock.now());
    const checks = Object.fromEntries(
      (
        await database.db
          .select()
          .from(verificationChecks)
          .where(eq(verificationChecks.lawyerId, owner.lawyerId))
      ).map((c) => [c.kind, c]),
    );
    expect(checks.discipline).toMatchObject({
      status: "verified",
      method: "register_lookup",
      sourceUrl: entry,
      source: "State Bar of California",
      checkedBy: moderator.id,
      checkedOn: today,
    });
    expect(checks.insurance).toMatchObject({
      status: "verified",
      method: "document_reviewed",
      source: "Lloyd's",
      nextCheckDue: "2027-03-31",
      details: { carrier: "Lloyd's", cover: "USD 1,000,000", expiry: "2027-03-31" },
    });
    expect(checks.education).toMatchObject({
      status: "verified",
      method: "document_reviewed",
      nextCheckDue: null,
      details: { school: "UC Berkeley School of Law", degree: "JD", year: 2011 },
    });
    expect(checks.experience).toMatchObject({ status: "verified", details: { yearAdmitted: 2012 } });
    expect(checks.licence?.status).toBe("unverified");
    // No tick without a verified licence, whatever else is verified.
    expect(await cached(owner.lawyerId)).toEqual({ verified: false, status: "unverified" });
    // The insurance lapses at its expiry on the public read model.
    await clock.rewinding(async () => {
      clock.set("2027-04-01T12:00:00Z");
      const later = await readVerification(database.db, owner.lawyerId, clock);
      expect(later.verification.checks.find((c) => c.kind === "insurance")?.status).toBe("lapsed");
      expect(later.verification.checks.find((c) => c.kind === "education")?.status).toBe("verified");
    });
    // A new year admitted makes the experience check stale: it starts over, the others stay.
    const [admission] = await database.db
      .select()
      .from(barAdmissions)
      .where(eq(barAdmissions.lawyerId, owner.lawyerId));
    const newYear = await dashboard.post(
      {
        intent: "admission",
        admissionId: String(admission?.id),
        countryCode: "US",
        region: "California",
        regulator: "State Bar of California",
        licenceNumber: "86420",
        yearAdmitted: "2005",
      },
      owner.token,
    );
    expect(newYear.status).toBe(303);
    const after = Object.fromEntries(
      (
        await database.db
          .select()
          .from(verificationChecks)
          .where(eq(verificationChecks.lawyerId, owner.lawyerId))
      ).map((c) => [c.kind, c.status]),
    );
    expect(after).toMatchObject({ experience: "unverified", education: "verified", insurance: "verified" });
  });

  it("refuses a request without a kind, without a proof, or with a proof that is not PDF, JPEG or PNG, keeping what was typed", async () => {
    const owner = await account("lawyer", { listing: true });
    await addAdmission(owner.token, "424242");
    const noKind = await dashboard.upload(requestForm([], { note: "typed" }), owner.token);
    expect(noKind.status).toBe(400);
    expect(noKind.data).toMatchObject({ intent: "request", values: { note: "typed" } });
    const noProof = await dashboard.upload(requestForm(["licence"], {}, null), owner.token);
    expect(noProof.status).toBe(400);
    expect((noProof.data as { fieldErrors: Record<string, string> }).fieldErrors.documents).toBeTruthy();
    const exe = await dashboard.upload(requestForm(["licence"], {}, EXE), owner.token);
    expect(exe.status).toBe(422);
    const missingDetails = await dashboard.upload(
      requestForm(["education"], { educationSchool: "UCLA" }, PNG),
      owner.token,
    );
    expect(missingDetails.status).toBe(400);
    expect(
      Object.keys((missingDetails.data as { fieldErrors: Record<string, string> }).fieldErrors).sort(),
    ).toEqual(["educationDegree", "educationYear"]);
    expect(
      await database.db
        .select()
        .from(verificationRequests)
        .where(eq(verificationRequests.lawyerId, owner.lawyerId)),
    ).toHaveLength(0);
  });

  it("a lawyer adds a statement to a public disciplinary record of their own listing only", async () => {
    const owner = await account("lawyer", { listing: true });
    const other = await account("lawyer", { listing: true });
    const [record] = await database.db
      .insert(disciplinaryRecords)
      .values({
        lawyerId: owner.lawyerId,
        decidedOn: "2020-05-01",
        outcome: "Public reproval",
        regulator: "State Bar of California",
      })
      .returning({ id: disciplinaryRecords.id });
    const saved = await dashboard.post(
      { intent: "statement", recordId: String(record?.id), statement: "Fees refunded." },
      owner.token,
    );
    expect(saved.status).toBe(303);
    const stolen = await dashboard.post(
      { intent: "statement", recordId: String(record?.id), statement: "Mine." },
      other.token,
    );
    expect(stolen.status).toBe(404);
    const [row] = await database.db
      .select()
      .from(disciplinaryRecords)
      .where(eq(disciplinaryRecords.id, record?.id ?? 0));
    expect(row?.lawyerStatement).toBe("Fees refunded.");
  });
});

describe(`verification requests: the authorisation matrix (${TEST_ENGINE})`, () => {
  it("anonymous, client, lawyer, other lawyer, password-only staff, moderator and admin on every new route", async () => {
    const owner = await account("lawyer", { listing: true });
    const other = await account("lawyer", { listing: true });
    const client = await account("user");
    const moderator = await staffSession("moderator");
    const administrator = await staffSession("admin");
    const pendingStaff = tokenOf((await pageLogin(await staffAccount("moderator"))).cookie);
    const admissionId = await addAdmission(owner.token, "777");
    expect((await dashboard.upload(requestForm(["licence"]), owner.token)).status).toBe(303);
    const ownerView = ((await dashboard.load(owner.token)).data as OwnerData).view;
    const requestId = ownerView?.requests[0]?.id ?? 0;
    const proofId = ownerView?.requests[0]?.proofs[0]?.id ?? "";

    // /dashboard/verification: the owner's page only.
    const anonymous = await dashboard.load(undefined, "/de");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(
      `/de/login?${new URLSearchParams({ redirectTo: "/de/dashboard/verification" })}`,
    );
    for (const token of [client.token, moderator.token, administrator.token]) {
      expect((await dashboard.load(token)).status).toBe(403);
      expect((await dashboard.post({ intent: "admission" }, token)).status).toBe(403);
    }
    expect((await dashboard.load(pendingStaff)).status).toBe(302);
    const otherView = ((await dashboard.load(other.token)).data as OwnerData).view;
    expect(otherView?.requests).toEqual([]);
    expect(otherView?.admissions).toEqual([]);
    // IDOR: another lawyer cannot edit the owner's admission through its id.
    const idor = await dashboard.post(
      {
        intent: "admission",
        admissionId: String(admissionId),
        countryCode: "US",
        regulator: "X Bar",
        licenceNumber: "1",
      },
      other.token,
    );
    expect(idor.status).toBe(404);
    const [kept] = await database.db.select().from(barAdmissions).where(eq(barAdmissions.id, admissionId));
    expect(kept?.licenceNumber).toBe("777");
    expect((await dashboard.upload(requestForm(["licence"]), undefined)).status).toBe(302);

    // /admin/verification/:id: staff only; a lawyer cannot decide their own request.
    const anonymousAdmin = await admin.load(requestId);
    expect(anonymousAdmin.status).toBe(302);
    expect(anonymousAdmin.location).toBe(
      `/login?${new URLSearchParams({ redirectTo: `/admin/verification/${requestId}` })}`,
    );
    for (const token of [client.token, owner.token, other.token]) {
      expect((await admin.load(requestId, token)).status).toBe(403);
      expect(
        (await admin.decide(requestId, { decision: "approve", method: "document_reviewed" }, token)).status,
      ).toBe(403);
    }
    expect((await admin.load(requestId, pendingStaff)).location).toMatch(/^\/login\/second-factor\?/);
    expect((await admin.load(requestId, moderator.token)).status).toBe(200);
    expect((await admin.load(requestId, administrator.token)).status).toBe(200);
    expect((await admin.load(987654, moderator.token)).status).toBe(404);
    expect((await admin.load("abc", moderator.token)).status).toBe(404);
    expect((await cached(owner.lawyerId))?.status).toBe("pending");

    // /verification/proofs/:id: the owner and staff; 401 signed out, 403 client, 404 another lawyer.
    const download = (token?: string, id = proofId) =>
      app.fetch(new Request(`${ORIGIN}/verification/proofs/${id}`, { headers: cookie(token) }));
    expect((await download()).status).toBe(401);
    expect((await download(client.token)).status).toBe(403);
    expect((await download(other.token)).status).toBe(404);
    expect((await download(pendingStaff)).status).toBe(401);
    for (const token of [owner.token, moderator.token, administrator.token]) {
      const res = await download(token);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment;/);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    expect((await download(owner.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await download(owner.token, "../../etc/passwd")).status).toBe(404);
    // Issue 17 §3: each served download is recorded (the owner as lawyer, staff as staff), the
    // refused ones are not; the proof under the upload folder is encrypted (no PDF magic).
    const logged = await database.db
      .select({ role: documentDownloads.downloaderRole, userId: documentDownloads.userId })
      .from(documentDownloads)
      .where(eq(documentDownloads.proofId, proofId));
    expect(logged.map((r) => r.role).sort()).toEqual(["lawyer", "staff", "staff"]);
    const [ownerUser] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, owner.email));
    expect(logged.find((r) => r.role === "lawyer")?.userId).toBe(ownerUser?.id);
    const [proofRow] = await database.db
      .select()
      .from(verificationProofs)
      .where(eq(verificationProofs.id, proofId));
    const stored = readFileSync(path.join(dataDir, "uploads", proofRow?.fileKey ?? "missing"));
    expect(stored.includes(Buffer.from("%PDF"))).toBe(false);

    // The admin decides too.
    expect(
      (
        await admin.decide(
          requestId,
          { decision: "approve", method: "document_reviewed" },
          administrator.token,
        )
      ).status,
    ).toBe(302);
    expect(await cached(owner.lawyerId)).toEqual({ verified: true, status: "verified" });
  });

  it("rate-limits request submissions (and their uploads) per lawyer with 429 before the body is read", async () => {
    const owner = await account("lawyer", { listing: true });
    await addAdmission(owner.token, "5150");
    let last = { status: 0, data: null as unknown };
    for (let i = 0; i < 21; i += 1) last = await dashboard.upload(requestForm(["licence"]), owner.token);
    expect(last.status).toBe(429);
    expect(last.data).toMatchObject({ intent: "request" });
  });
});
