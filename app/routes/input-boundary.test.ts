/**
 * The input boundary of the page forms (issue 27 §2 "One input boundary", §3) through the actions
 * as React Router calls them, with the real services over a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 *
 * The attack's finding: NUL in the bar-admission form of /dashboard/verification (regulator or
 * licence number) reached PostgreSQL (SQLSTATE 22021) and answered 500. Now the form answers 400
 * with the error next to the field in the page's language, what was typed kept, nothing written.
 *
 * And for every page: no code in app/ reads a form but app/form-input.ts, and every route module
 * with an action is walked (or says why its form has no text): NUL in each field of each of its
 * forms, posted to the French page as the account that may use it, answers 400 with the field's
 * error in French (or the catalog reference its component translates), what was typed kept,
 * nothing written, the refusal in the one form-failure shape (app/form-result.ts FormResult,
 * issue 30). A new page action fails this test until it is added to the walk.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { CaseSubmissionSchema } from "../../lib/cases.ts";
import { fieldNameOf } from "../../lib/input-boundary.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { insertTestListing, TEST_PASSWORD } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { databaseFingerprint } from "../../tests/support/db-fingerprint.ts";
import { forbiddenText, hostileKey } from "../../tests/support/hostile-input.ts";
import {
  enrolledStaffSession,
  multipartPost,
  pageContext,
  routeOutcome,
  sessionTokenOf,
} from "../../tests/support/page-routes.ts";
import { RETURN_PATH_FIELDS } from "../form-input.ts";
import { ensureLocale, getT } from "../i18n/i18n.ts";
import { refuseInvalidPathParams, middleware as rootMiddlewares } from "../root.tsx";
import { loader as auditLoader } from "./admin.audit.tsx";
import { action as verificationAction } from "./dashboard.verification.tsx";
import { loader as secondFactorLoader } from "./login.second-factor.tsx";
import { action as loginAction } from "./login.tsx";
import { action as testCheckoutAction } from "./test-checkout.tsx";

/** The root's server middleware (the locale, caching and the path-parameter check). */
const rootMiddleware = rootMiddlewares[0] as (
  args: unknown,
  next: () => Promise<Response>,
) => Promise<unknown>;

const ORIGIN = "http://localhost";
let database: Database;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-input-boundary-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  await ensureLocale("fr");
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
/** The router context of a page request from a client IP of its own. */
function context() {
  counter += 1;
  return pageContext(services, `203.0.113.${counter % 250}`);
}

/** A url-encoded form post to `pathname` with the session of `token`. */
function post(pathname: string, fields: Record<string, string>, token?: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...(token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** A form post as a browser sends it, with its Content-Length: url-encoded, or multipart when `multipart`. */
async function formPost(
  pathname: string,
  fields: Record<string, string>,
  token: string | undefined,
  multipart: boolean,
): Promise<Request> {
  if (!multipart) {
    const body = new URLSearchParams(fields).toString();
    return new Request(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        ...(token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {}),
      },
      body,
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return multipartPost(`${ORIGIN}${pathname}`, form, token ? { cookie: `${SESSION_COOKIE}=${token}` } : {});
}

/** A new account of `role`. */
async function account(role: "user" | "lawyer") {
  counter += 1;
  const email = `input-boundary.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ana", lastName: "Lima", role },
    { ip: `198.51.100.${counter % 250}`, origin: ORIGIN },
  );
  return { token: session.token, user: session.user, email };
}

/** A lawyer account with a listing of its own. */
async function lawyerWithListing() {
  const { token, email } = await account("lawyer");
  const lawyerId = await insertTestListing(database, email);
  await database.db.update(users).set({ lawyerId }).where(eq(users.email, email));
  return { token, lawyerId };
}

/**
 * A moderator signed in with the password only, who has opened the second-factor page (which
 * makes the enrolment secret): the session that page's form takes.
 */
async function pendingStaffSession(): Promise<string> {
  counter += 1;
  const email = `input-boundary-pending.${counter}@example.org`;
  const made = await createOrPromoteStaff(
    database,
    { email, role: "moderator", resetSecondFactor: false },
    { origin: ORIGIN },
  );
  await services.accounts.resetPassword(
    { token: new URL(made.link).searchParams.get("token") ?? "", newPassword: TEST_PASSWORD },
    { ip: "198.51.100.252", origin: ORIGIN },
  );
  const login = await routeOutcome(() =>
    loginAction({
      request: post("/login", { email, password: TEST_PASSWORD }),
      context: context(),
      params: {},
    } as never),
  );
  const token = sessionTokenOf(login.cookie);
  await routeOutcome(() =>
    secondFactorLoader({
      request: new Request(`${ORIGIN}/login/second-factor`, {
        headers: { Cookie: `${SESSION_COOKIE}=${token}` },
      }),
      context: context(),
      params: {},
    } as never),
  );
  return token;
}

/** The failure a form answers: its field errors and the values it keeps. */
type Failure = { fieldErrors: Record<string, string>; values: Record<string, string> };

describe(`the bar-admission form refuses NUL (${TEST_ENGINE})`, () => {
  const admission = {
    intent: "admission",
    formKey: "admission-new",
    countryCode: "us",
    region: "California",
    regulator: "State Bar of California",
    licenceNumber: "301234",
    yearAdmitted: "2012",
  };

  for (const field of ["regulator", "licenceNumber"] as const) {
    it(`NUL in ${field}: 400, the error next to the field in French, what was typed kept, nothing written`, async () => {
      const owner = await lawyerWithListing();
      const typed = { ...admission, [field]: `${admission[field]}\u0000x` };
      const before = await databaseFingerprint(database.db);
      const answer = await routeOutcome(() =>
        verificationAction({
          request: post("/fr/dashboard/verification", typed, owner.token),
          context: context(),
          params: { lang: "fr" },
        } as never),
      );
      expect(answer.status, JSON.stringify(answer.data)).toBe(400);
      const failure = answer.data as Failure;
      expect(failure.fieldErrors[field]).toBe(getT("fr", "validation")("invalidCharacters"));
      expect(failure.values).toMatchObject(typed);
      expect(await databaseFingerprint(database.db)).toEqual(before);
    });
  }
});

describe(`the bar-admission form by properties (${TEST_ENGINE})`, () => {
  it("NUL in any field, under any name (Object.prototype's, numeric-like, long, empty): 400 next to it in French, typed values kept, nothing written", async () => {
    const owner = await lawyerWithListing();
    const admission: Record<string, string> = {
      intent: "admission",
      formKey: "admission-new",
      countryCode: "us",
      region: "California",
      regulator: "State Bar of California",
      licenceNumber: "301234",
      yearAdmitted: "2012",
    };
    const names = fc.oneof(
      fc.constantFrom(...Object.keys(admission).filter((k) => k !== "intent")),
      hostileKey,
    );
    await fc.assert(
      fc.asyncProperty(names, forbiddenText({ nulOnly: true }), async (name, text) => {
        fc.pre(name !== "intent");
        const typed = { ...admission, [name]: text };
        const before = await databaseFingerprint(database.db);
        const answer = await routeOutcome(async () =>
          verificationAction({
            request: await formPost("/fr/dashboard/verification", typed, owner.token, false),
            context: context(),
            params: { lang: "fr" },
          } as never),
        );
        expect(answer.status, JSON.stringify(answer.data)).toBe(400);
        const failure = answer.data as Failure;
        expect(failure.fieldErrors[fieldNameOf(name)]).toBe(FR_INVALID());
        for (const [field, value] of Object.entries(typed)) expect(failure.values[field]).toBe(value);
        expect(await databaseFingerprint(database.db)).toEqual(before);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe(`the audit log's search form (GET) refuses NUL (${TEST_ENGINE})`, () => {
  it("NUL in a search field: 400, no rows, the error next to the field in French, what was typed kept (was 500, SQLSTATE 22021)", async () => {
    counter += 1;
    const staff = await enrolledStaffSession({
      services,
      database,
      origin: ORIGIN,
      role: "admin",
      email: `input-boundary-audit.${counter}@example.org`,
      loginIp: `10.9.1.${counter % 250}`,
    });
    for (const field of ["actor", "subjectId"]) {
      const answer = await routeOutcome(() =>
        auditLoader({
          request: new Request(`${ORIGIN}/fr/admin/audit?${field}=a%00b&action=listing.claimed`, {
            headers: { Cookie: `${SESSION_COOKIE}=${staff.token}` },
          }),
          context: context(),
          params: { lang: "fr" },
        } as never),
      );
      expect(answer.status, JSON.stringify(answer.data)).toBe(400);
      const page = answer.data as {
        audit: { rows: unknown[] };
        fieldErrors: Record<string, string>;
        query: Record<string, string>;
      };
      expect(page.audit.rows).toEqual([]);
      expect({ ...page.fieldErrors }).toEqual({ [field]: FR_INVALID() });
      expect(page.query[field]).toBe("a\u0000b");
      expect(page.query.action).toBe("listing.claimed");
    }
  });
});

describe(`page path parameters (${TEST_ENGINE})`, () => {
  it("a path parameter with NUL or a lone surrogate is a 404 before any loader or action (POST /test-checkout/%00 was a 500)", async () => {
    const owner = await lawyerWithListing();
    for (const sessionId of ["\u0000", "cs_test\u0000", "\ud800"]) {
      let reached = false;
      const answer = await routeOutcome(async () =>
        rootMiddleware(
          {
            request: new Request(`${ORIGIN}/test-checkout/${encodeURIComponent("x")}`, {
              method: "POST",
              headers: { Origin: ORIGIN, Cookie: `${SESSION_COOKIE}=${owner.token}` },
            }),
            params: { sessionId },
            context: context(),
          } as never,
          async () => {
            reached = true;
            return new Response(null);
          },
        ),
      );
      expect(answer.status).toBe(404);
      expect(reached).toBe(false);
    }
    // And the test checkout itself no longer takes a malformed id to PostgreSQL (it was SQLSTATE 22021).
    const direct = await routeOutcome(() =>
      testCheckoutAction({
        request: new Request(`${ORIGIN}/test-checkout/%00`, {
          method: "POST",
          headers: { Origin: ORIGIN, Cookie: `${SESSION_COOKIE}=${owner.token}` },
        }),
        params: { sessionId: "\u0000" },
        context: context(),
      } as never),
    );
    expect(direct.status).toBe(404);
    expect(() => refuseInvalidPathParams({ lang: "fr", id: "12", sessionId: "cs_test_1" })).not.toThrow();
  });
});

/** The French text of the input boundary's message, and its catalog reference (for pages whose component translates it). */
const FR_INVALID = () => getT("fr", "validation")("invalidCharacters");
const INVALID_REF = "validation:invalidCharacters";

/** Who posts a form. */
type As = "anonymous" | "client" | "lawyer" | "staff" | "pendingStaff";

/** One page form of the walk: the route module with the action, the post and who sends it. */
interface PageFormCase {
  /** The route module under app/routes. */
  module: string;
  /** What the form is, for the failure list. */
  form: string;
  /** The path posted to, in French (the page's language of the answer). */
  path: string;
  params?: Record<string, string>;
  as: As;
  /** A plausible form as the page sends it. */
  fields: Record<string, string>;
  /** Sent as multipart/form-data (the intake's streaming reader). */
  multipart?: boolean;
  /** The component translates the answer's catalog reference itself (the case page, the inbox). */
  reference?: boolean;
}

/** The message an answer shows next to `field`: its field error, or the form's one error when it names no other field. */
function messageFor(data: unknown, field: string): unknown {
  const d = (data ?? {}) as { fieldErrors?: Record<string, string>; error?: unknown; field?: unknown };
  if (d.fieldErrors && Object.hasOwn(d.fieldErrors, field)) return d.fieldErrors[field];
  if (typeof d.error === "string" && (d.field === undefined || d.field === field)) return d.error;
  return undefined;
}

/**
 * Why an action's refusal is not the one form-failure shape (app/form-result.ts FormResult,
 * issue 30: `fieldErrors` and `values` records, the sentence under `message`, never under
 * `error` or `formError`), or null when it is.
 */
function notFormResult(data: unknown): string | null {
  if (!data || typeof data !== "object") return "no object";
  const d = data as Record<string, unknown>;
  if (!d.fieldErrors || typeof d.fieldErrors !== "object") return "no fieldErrors record";
  if (!d.values || typeof d.values !== "object") return "no values record";
  if (d.message !== undefined && typeof d.message !== "string") return "a message that is not text";
  for (const key of ["error", "formError"]) if (Object.hasOwn(d, key)) return `the message under '${key}'`;
  return null;
}

/** Actions whose forms carry no text anyone types, and why they are not walked. */
const NO_TEXT_FORMS: Record<string, string> = {
  "logout.tsx": "reads no field: it signs the session out",
  "dashboard.billing.tsx": "only the Subscribe and Cancel buttons' intent, compared with two fixed values",
  "test-checkout.tsx": "reads no field: Pay settles the test checkout named in the path",
};

describe(`every page form refuses text no field may hold (${TEST_ENGINE})`, () => {
  it("no code in app/ reads a form but app/form-input.ts (readPageForm)", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = readFileSync(file, "utf8");
          if (/\.formData\(\)/.test(text) && !file.endsWith(`${path.sep}form-input.ts`))
            offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });

  it("answers NUL in each field of every page action with 400 next to the field, in French, keeping what was typed; nothing written", async () => {
    const owner = await lawyerWithListing();
    const client = await account("user");
    const submitted = await services.cases.submit(
      CaseSubmissionSchema.parse(casePayload(owner.lawyerId, { clientEmail: client.email })),
      [],
      client.user,
      "en",
    );
    const caseId = submitted.case.id;
    counter += 1;
    const staff = await enrolledStaffSession({
      services,
      database,
      origin: ORIGIN,
      role: "moderator",
      email: `input-boundary-staff.${counter}@example.org`,
      loginIp: `10.9.0.${counter % 250}`,
    });
    const pending = await pendingStaffSession();
    const tokens: Record<As, string | undefined> = {
      anonymous: undefined,
      client: client.token,
      lawyer: owner.token,
      staff: staff.token,
      pendingStaff: pending,
    };
    const listing = String(owner.lawyerId);
    /** A form of the case page (the case's two parties; its component translates the message). */
    const casePageForm = (form: string, as: As, fields: Record<string, string>): PageFormCase => ({
      module: "case.tsx",
      form,
      path: `/fr/cases/${caseId}`,
      params: { id: caseId },
      as,
      reference: true,
      fields,
    });
    const caseFields = {
      intent: "case",
      caseTitle: "Rear-ended",
      caseType: "Car Accident",
      description: "A driver hit my car.",
      clientName: "Ana Lima",
      clientEmail: "ana@example.org",
      incidentPlace: "Toronto",
    };
    const cases: PageFormCase[] = [
      {
        module: "login.tsx",
        form: "sign in",
        path: "/fr/login",
        as: "anonymous",
        fields: { email: "a@example.org", password: "correct horse 42", redirectTo: "/dashboard" },
      },
      {
        module: "signup.tsx",
        form: "sign up",
        path: "/fr/signup",
        as: "anonymous",
        fields: {
          firstName: "Ana",
          lastName: "Lima",
          email: "new@example.org",
          password: "correct horse 42",
          role: "user",
        },
      },
      {
        module: "forgot-password.tsx",
        form: "forgot password",
        path: "/fr/forgot-password",
        as: "anonymous",
        fields: { email: "a@example.org" },
      },
      {
        module: "reset-password.tsx",
        form: "new password",
        path: "/fr/reset-password",
        as: "anonymous",
        fields: { token: "t".repeat(43), newPassword: "correct horse 43" },
      },
      {
        module: "change-password.tsx",
        form: "change password",
        path: "/fr/change-password",
        as: "client",
        fields: {
          currentPassword: "correct horse 42",
          newPassword: "correct horse 43",
          redirectTo: "/dashboard",
        },
      },
      {
        module: "login.second-factor.tsx",
        form: "second factor",
        path: "/fr/login/second-factor",
        as: "pendingStaff",
        fields: { intent: "verify", code: "123456", redirectTo: "/admin" },
      },
      {
        module: "contact.tsx",
        form: "contact",
        path: "/fr/contact",
        as: "anonymous",
        fields: {
          name: "Ana Lima",
          email: "ana@example.org",
          phone: "",
          subject: "Hello",
          category: "general",
          message: "A question about the site.",
          priority: "medium",
        },
      },
      {
        module: "lawyer.tsx",
        form: "send message",
        path: `/fr/lawyer/${listing}`,
        params: { id: listing },
        as: "anonymous",
        fields: {
          intent: "message",
          name: "Ana Lima",
          email: "ana@example.org",
          phone: "",
          subject: "Car accident",
          message: "I was hit by a car.",
        },
      },
      {
        module: "lawyer.tsx",
        form: "submit case (url-encoded)",
        path: `/fr/lawyer/${listing}`,
        params: { id: listing },
        as: "anonymous",
        fields: caseFields,
      },
      {
        module: "lawyer.tsx",
        form: "submit case (multipart)",
        path: `/fr/lawyer/${listing}`,
        params: { id: listing },
        as: "anonymous",
        multipart: true,
        fields: caseFields,
      },
      {
        module: "lawyer.report.tsx",
        form: "report a listing",
        path: `/fr/lawyer/${listing}/report`,
        params: { id: listing },
        as: "anonymous",
        fields: {
          reason: "fake",
          details: "This office does not exist at this address.",
          email: "ana@example.org",
        },
      },
      {
        module: "lawyer.removal.tsx",
        form: "removal request",
        path: `/fr/lawyer/${listing}/removal`,
        params: { id: listing },
        as: "anonymous",
        fields: { email: "ana@example.org", details: "This is my name and I am not a lawyer." },
      },
      {
        module: "dashboard.listing.tsx",
        form: "edit listing",
        path: "/fr/dashboard/listing",
        as: "lawyer",
        fields: {
          intent: "update",
          name: "Ana Lima",
          firm: "Lima Law",
          phone: "+14165550100",
          businessAddress: "1 King St",
          website: "https://lima.example",
          bio: "Injury lawyer.",
          workingHours: "Mon-Fri",
        },
      },
      {
        module: "dashboard.listing.tsx",
        form: "fees",
        path: "/fr/dashboard/listing",
        as: "lawyer",
        fields: { intent: "fees", freeConsultation: "on", consultationMinutes: "30" },
      },
      {
        module: "dashboard.listing.tsx",
        form: "specialist titles",
        path: "/fr/dashboard/listing",
        as: "lawyer",
        fields: {
          intent: "specialist-titles",
          "specialistTitles.0.title": "Fachanwalt für Verkehrsrecht",
          "specialistTitles.0.issuer": "Rechtsanwaltskammer München",
          "specialistTitles.0.area": "Car Accidents",
          "specialistTitles.0.since": "2015",
        },
      },
      {
        module: "dashboard.verification.tsx",
        form: "bar admission",
        path: "/fr/dashboard/verification",
        as: "lawyer",
        fields: {
          intent: "admission",
          formKey: "admission-new",
          countryCode: "us",
          region: "California",
          regulator: "State Bar of California",
          licenceNumber: "301234",
          yearAdmitted: "2012",
        },
      },
      {
        module: "dashboard.verification.tsx",
        form: "discipline statement",
        path: "/fr/dashboard/verification",
        as: "lawyer",
        fields: { intent: "statement", recordId: "1", statement: "This was resolved in 2019." },
      },
      {
        module: "dashboard.verification.tsx",
        form: "verification request (multipart)",
        path: "/fr/dashboard/verification",
        as: "lawyer",
        multipart: true,
        fields: {
          intent: "request",
          kind_insurance: "on",
          insuranceCarrier: "Lloyd's",
          note: "Policy attached.",
        },
      },
      {
        module: "dashboard.corrections.tsx",
        form: "correction request",
        path: "/fr/dashboard/corrections",
        as: "lawyer",
        fields: { field: "phone", details: "The phone number is out of date." },
      },
      {
        module: "dashboard.reviews.tsx",
        form: "review reply",
        path: "/fr/dashboard/reviews",
        as: "lawyer",
        fields: { intent: "reply", reviewId: randomUUID(), reply: "Thank you." },
      },
      {
        module: "dashboard.reviews.tsx",
        form: "review report",
        path: "/fr/dashboard/reviews",
        as: "lawyer",
        fields: {
          intent: "report",
          reviewId: randomUUID(),
          reason: "not_a_client",
          details: "Never a client of mine.",
        },
      },
      {
        module: "dashboard.messages.tsx",
        form: "inbox reply",
        path: `/fr/dashboard/messages?id=${randomUUID()}`,
        as: "lawyer",
        reference: true,
        fields: { intent: "reply", reply: "Thank you for your message." },
      },
      {
        module: "dashboard.data.tsx",
        form: "delete my account",
        path: "/fr/dashboard/data",
        as: "client",
        fields: { intent: "delete", password: "correct horse 42" },
      },
      casePageForm("case message", "client", { intent: "message", body: "Any news?" }),
      casePageForm("case status", "lawyer", { intent: "status", status: "in_progress" }),
      casePageForm("decline case", "lawyer", { intent: "decline", reason: "Not my field." }),
      casePageForm("accept case", "lawyer", { intent: "accept", noConflict: "on" }),
      casePageForm("withdraw case", "client", { intent: "withdraw", confirm: "on" }),
      casePageForm("resend case", "client", { intent: "resend", lawyerId: listing, healthDataConsent: "on" }),
      casePageForm("review", "client", {
        intent: "review",
        rating: "5",
        title: "Great help",
        text: "They answered every question.",
      }),
      {
        module: "admin.verification.tsx",
        form: "verification decision",
        path: "/fr/admin/verification/1",
        params: { id: "1" },
        as: "staff",
        fields: { decision: "reject", reason: "The proof is unreadable." },
      },
      {
        module: "admin.rechecks.tsx",
        form: "re-check",
        path: "/fr/admin/rechecks/1",
        params: { checkId: "1" },
        as: "staff",
        reference: true,
        fields: {
          outcome: "verified",
          method: "register_lookup",
          source: "State Bar",
          sourceUrl: "https://bar.example/1",
          checkedOn: "2026-01-02",
          nextCheckDue: "2027-01-02",
          reason: "Checked.",
        },
      },
      {
        module: "admin.report.tsx",
        form: "report decision",
        path: "/fr/admin/reports/1",
        params: { id: "1" },
        as: "staff",
        fields: { outcome: "dismiss", note: "Not a problem." },
      },
      {
        module: "admin.correction.tsx",
        form: "correction decision",
        path: "/fr/admin/corrections/1",
        params: { id: "1" },
        as: "staff",
        fields: { outcome: "accept", note: "Fixed." },
      },
      {
        module: "admin.listing.tsx",
        form: "listing visibility",
        path: `/fr/admin/listings/${listing}`,
        params: { id: listing },
        as: "staff",
        fields: { visibility: "hide", reason: "fake", note: "Fake office." },
      },
      {
        module: "admin.review.tsx",
        form: "review decision",
        path: `/fr/admin/reviews/${randomUUID()}`,
        params: { id: randomUUID() },
        as: "staff",
        fields: { decision: "reject", reason: "Off topic." },
      },
      {
        module: "admin.contact-message.tsx",
        form: "contact message status",
        path: `/fr/admin/contact/${randomUUID()}`,
        params: { id: randomUUID() },
        as: "staff",
        fields: { status: "handled" },
      },
    ];

    // Every route module with an action is walked, or says why it has no text to walk.
    const routesDir = import.meta.dirname;
    const withAction = readdirSync(routesDir)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) =>
        /export (async )?function action\b|export const action\b/.test(
          readFileSync(path.join(routesDir, f), "utf8"),
        ),
      );
    const walked = new Set([...cases.map((c) => c.module), ...Object.keys(NO_TEXT_FORMS)]);
    expect(withAction.filter((f) => !walked.has(f))).toEqual([]);

    const failures: string[] = [];
    for (const page of cases) {
      const { action } = (await import(`./${page.module}`)) as {
        action: (args: unknown) => Promise<unknown>;
      };
      // A return path is resolved, never refused: app/routes/open-redirect.test.ts (NUL included).
      const poisoned = Object.keys(page.fields).filter(
        (f) => f !== "intent" && !RETURN_PATH_FIELDS.includes(f),
      );
      for (const field of poisoned) {
        const typed = { ...page.fields, [field]: `${page.fields[field]}\u0000x` };
        const before = await databaseFingerprint(database.db);
        const answer = await routeOutcome(async () =>
          action({
            request: await formPost(page.path, typed, tokens[page.as], page.multipart ?? false),
            context: context(),
            params: { lang: "fr", ...page.params },
          }),
        );
        const where = `${page.module} ${page.form} ${field}`;
        const d = answer.data as { values?: Record<string, string>; invalidToken?: boolean };
        const shown = messageFor(answer.data, field);
        const expected = page.reference ? [FR_INVALID(), INVALID_REF] : [FR_INVALID()];
        if (page.module === "reset-password.tsx" && field === "token") {
          // The link's token is not typed: a bad one shows the page's "link invalid" view.
          if (d?.invalidToken !== true)
            failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.data)}`);
        } else if (page.module === "admin.contact-message.tsx") {
          // A hidden status only (handled or new): anything else is a bare 400.
          if (answer.status !== 400) failures.push(`${where}: ${answer.status}`);
        } else if (answer.status !== 400 || !expected.includes(shown as string)) {
          failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.data)?.slice(0, 300)}`);
        } else if (d?.values && Object.hasOwn(d.values, field) && d.values[field] !== typed[field]) {
          failures.push(`${where}: the typed value was not kept: ${JSON.stringify(d.values[field])}`);
        } else if (
          field === "reply" &&
          page.module === "dashboard.messages.tsx" &&
          d.values?.reply !== typed.reply
        ) {
          failures.push(`${where}: the typed reply was not kept`);
        }
        // Issue 30: every refused form answers the one shape (the reset link's token and the
        // contact message's hidden status are not typed: their own views above).
        const shape = notFormResult(answer.data);
        const untyped =
          (page.module === "reset-password.tsx" && field === "token") ||
          page.module === "admin.contact-message.tsx";
        if (shape && !untyped) failures.push(`${where}: not a FormResult: ${shape}`);
        if (JSON.stringify(await databaseFingerprint(database.db)) !== JSON.stringify(before))
          failures.push(`${where}: wrote to the database`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
