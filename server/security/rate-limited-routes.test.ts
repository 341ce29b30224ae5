/**
 * Issue 27 §2 "Retry-After on every 429, pages included; a test walks every rate-limited route":
 * every API route and page of RATE_LIMITED_ROUTES (server/security/rate-limit.ts, the table the
 * code exports, typed by the limits' names, so a new limit or route lands here) is driven past its
 * limit through the real server on loopback: the JSON API and the pages (server/app.ts with a page
 * build made from the route modules, tests/support/page-build.ts), pages posted as a browser
 * without JavaScript does (an HTML document) or, for the forms that only post with JavaScript (the
 * logo and listing forms are fetchers), as React Router's data request. Each answers 429 with a
 * numeric `Retry-After` of at least 1 second; the API with the one error body `{ message }`. The
 * limit is spent straight in the shared `rate_limits` table (the server counts in the same
 * database), so each route needs one request. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeTable from "../../app/routes.ts";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { type ApiCall, insertTestListing, TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { inMemoryPageBuild } from "../../tests/support/page-build.ts";
import { enrolledStaffSession } from "../../tests/support/page-routes.ts";
import { insertTestReview } from "../../tests/support/review-fixtures.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { trackingCookieName } from "../cases/index.ts";
import { systemClock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { cases, users, verificationProofs, verificationRequests } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";
import { createRateLimits, RATE_LIMITS, type RateLimitName, type RateLimits } from "./rate-limit.ts";
import { RATE_LIMITED_ROUTES } from "./rate-limited-routes.ts";

let database: Database;
let server: TestServer;
let services: Services;
let limits: RateLimits;
const api = testApi(() => server, { emailPrefix: "limits" });
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, {
    env: { TRUST_PROXY: "true" },
    pageBuild: await inMemoryPageBuild(),
  });
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: server.config,
    logger: createLogger("silent"),
  });
  limits = createRateLimits(database.db);
}, 180_000);
afterAll(async () => {
  await services?.mailer.close();
  await server?.close();
  await database?.close();
});

/** Spends every point of `name` for `key`: the next request counted under it is refused. */
async function exhaust(name: RateLimitName, key: string): Promise<void> {
  for (let i = 0; i < RATE_LIMITS[name].points; i += 1) await limits.consume(name, key);
}

/** What a route answered: enough to check a 429. */
interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string;
  text: string;
}

/** What a fetch answered, read to its end. */
async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    contentType: res.headers.get("content-type") ?? "",
    text,
  };
}

const fromApi = (r: ApiCall): Answer => ({
  status: r.status,
  retryAfter: r.headers.get("retry-after"),
  contentType: r.headers.get("content-type") ?? "",
  text: r.text,
});

/**
 * A form post to a page as the browser sends it: a document navigation (no JavaScript), or with
 * `data` React Router's data request (`/path.data`, what a fetcher posts). `fields` url-encoded, or
 * a FormData (multipart); `token` as the session cookie; from `ip`.
 */
async function pagePost(
  path: string,
  fields: Record<string, string> | FormData,
  opts: { ip: string; token?: string; data?: boolean },
): Promise<Answer> {
  const url = new URL(path, server.baseUrl);
  if (opts.data) url.pathname = `${url.pathname}.data`;
  const res = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.baseUrl,
      "X-Forwarded-For": opts.ip,
      "User-Agent": CHROME,
      "Sec-Fetch-Dest": opts.data ? "empty" : "document",
      Accept: opts.data ? "*/*" : "text/html",
      ...(opts.token ? { Cookie: `${SESSION_COOKIE}=${opts.token}` } : {}),
    },
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
  });
  return answerOf(res);
}

/** A GET of a non-API download route with the session cookie. */
async function cookieGet(path: string, token: string, ip: string): Promise<Answer> {
  const res = await fetch(new URL(path, server.baseUrl), {
    headers: { Cookie: `${SESSION_COOKIE}=${token}`, "X-Forwarded-For": ip },
  });
  return answerOf(res);
}

// Fixtures: accounts, listings and cases made through the API where it can, else in the database.

/** A client account (role user). */
const client = () => api.signUp({ role: "user" });

/** A lawyer account linked to a fresh listing of its own (as a claim leaves it), email verified. */
async function lawyer() {
  const account = await api.signUp({ role: "lawyer" });
  const lawyerId = await insertTestListing(database, account.email);
  await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** A case the client of `token` (signed in as `email`) sent to `lawyerId`, with one PDF. */
async function caseFor(lawyerId: number, token: string, email?: string) {
  const r = await api.call("POST", "/api/cases", {
    token,
    form: caseForm(casePayload(lawyerId, email ? { clientEmail: email } : {}), [
      ["report.pdf", PDF, "application/pdf"],
    ]),
  });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.case.id as string, documentId: r.body.case.documents[0].id as string };
}

/** A closed case engaged 20 days ago (issue 16 §1: reviewable from engagement + 14 days). */
async function engagedCase() {
  const { l, c, kase } = await partyCase();
  const engaged = new Date(Date.now() - 20 * 86_400_000);
  await database.db
    .update(cases)
    .set({ status: "closed", acceptedAt: engaged, engagedAt: engaged })
    .where(eq(cases.id, kase.id));
  return { lawyer: l, client: c, caseId: kase.id };
}

const REVIEW = {
  rating: 5,
  ratings: { communication: 5, responsiveness: 4, outcome: 5 },
  title: "Clear and honest help",
  text: "She explained every step of the claim and answered my calls the same day.",
};
const REVIEW_FORM = {
  intent: "review",
  rating: "5",
  communication: "5",
  responsiveness: "4",
  outcome: "5",
  title: REVIEW.title,
  text: REVIEW.text,
};
const DETAILS = "The phone number on this listing belongs to another firm.";
const MESSAGE = {
  name: "Dana Visitor",
  email: "dana.visitor@example.org",
  subject: "A question about my claim",
  message: "Could you tell me whether you take cases from cyclists hit by delivery vans?",
};

/** A moderator who passed the second factor: its session token (a cookie for the back office). */
async function staff() {
  const email = api.freshEmail("staff");
  const { token } = await enrolledStaffSession({
    services,
    database,
    origin: server.baseUrl,
    role: "moderator",
    email,
    loginIp: api.freshIp(),
  });
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, id: row?.id as string };
}

/** The tracking token of case `id` from its receipt, written to the server's outbox (no SMTP_URL). */
async function trackingTokenFromOutbox(email: string, id: string): Promise<string> {
  const dir = path.join(server.dataDir, "outbox");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files) {
      const text = (await readFile(path.join(dir, file), "utf8")).replace(/=\r?\n/g, "");
      const match = new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
      if (match && text.toLowerCase().includes(email.toLowerCase())) return match[1] as string;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no receipt with the tracking link of case ${id}`);
}

/** A fresh client IP whose `name` limit is spent. */
async function spentIp(name: RateLimitName): Promise<string> {
  const ip = api.freshIp();
  await exhaust(name, ip);
  return ip;
}

/** A case with one PDF between a fresh client and a fresh lawyer. */
async function partyCase() {
  const l = await lawyer();
  const c = await client();
  return { l, c, kase: await caseFor(l.lawyerId, c.token, c.email) };
}

/** A case its lawyer declined (so its client may send it on, issue 16 §3), and another lawyer to send it to. */
async function declinedCase() {
  const { l, c, kase } = await partyCase();
  await api.call("POST", `/api/cases/${kase.id}/decline`, { token: l.token, body: {} });
  return { other: await lawyer(), c, kase };
}

/** A back-office form post by a moderator whose staff writes are spent. */
async function staffPost(path: string, fields: Record<string, string>): Promise<Answer> {
  const s = await staff();
  await exhaust("staff-write", s.id);
  return pagePost(path, fields, { ip: api.freshIp(), token: s.token });
}

/** A uuid no row has. */
const NO_UUID = "00000000-0000-4000-8000-000000000000";

type Driver = () => Promise<Answer>;

/** How each API route of the table is driven past each of its limits. */
const API_DRIVERS: Record<string, Driver> = {
  "login-ip POST /api/auth/login": async () => {
    const ip = await spentIp("login-ip");
    return fromApi(
      await api.call("POST", "/api/auth/login", { ip, body: { email: api.freshEmail(), password: "x" } }),
    );
  },
  "login-account POST /api/auth/login": async () => {
    const email = api.freshEmail();
    await exhaust("login-account", email);
    return fromApi(await api.call("POST", "/api/auth/login", { body: { email, password: "x" } }));
  },
  "signup-ip POST /api/auth/signup": async () => {
    const ip = await spentIp("signup-ip");
    const body = { email: api.freshEmail(), password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee" };
    return fromApi(await api.call("POST", "/api/auth/signup", { ip, body }));
  },
  "forgot-ip POST /api/auth/forgot-password": async () => {
    const ip = await spentIp("forgot-ip");
    return fromApi(
      await api.call("POST", "/api/auth/forgot-password", { ip, body: { email: api.freshEmail() } }),
    );
  },
  "reset-ip POST /api/auth/reset-password": async () => {
    const ip = await spentIp("reset-ip");
    const body = { token: "C".repeat(43), newPassword: "tulip quay harbour" };
    return fromApi(await api.call("POST", "/api/auth/reset-password", { ip, body }));
  },
  "password-change-user POST /api/auth/change-password": async () => {
    const c = await client();
    await exhaust("password-change-user", c.user.id);
    const body = { currentPassword: TEST_PASSWORD, newPassword: "tulip quay harbour" };
    return fromApi(await api.call("POST", "/api/auth/change-password", { token: c.token, body }));
  },
  "claim-ip POST /api/listing/claim": async () => {
    const account = await api.signUp({ role: "lawyer" });
    await insertTestListing(database, account.email);
    const ip = await spentIp("claim-ip");
    return fromApi(await api.call("POST", "/api/listing/claim", { ip, token: account.token }));
  },
  "claim-ip POST /api/listing/verify-email": async () => {
    const account = await api.signUp({ role: "lawyer" });
    const ip = await spentIp("claim-ip");
    return fromApi(await api.call("POST", "/api/listing/verify-email", { ip, token: account.token }));
  },
  "case-ip POST /api/cases": async () => {
    const l = await lawyer();
    const ip = await spentIp("case-ip");
    return fromApi(await api.call("POST", "/api/cases", { ip, body: casePayload(l.lawyerId) }));
  },
  "case-ip POST /api/cases/{id}/resend": async () => {
    const { other, c, kase } = await declinedCase();
    const ip = await spentIp("case-ip");
    const body = { lawyerId: other.lawyerId, healthDataConsent: true };
    return fromApi(await api.call("POST", `/api/cases/${kase.id}/resend`, { ip, token: c.token, body }));
  },
  "message-ip POST /api/lawyers/{id}/messages": async () => {
    const l = await lawyer();
    const ip = await spentIp("message-ip");
    return fromApi(await api.call("POST", `/api/lawyers/${l.lawyerId}/messages`, { ip, body: MESSAGE }));
  },
  "message-ip POST /api/cases/{id}/messages": async () => {
    const { c, kase } = await partyCase();
    const ip = await spentIp("message-ip");
    const body = { body: "Here is the police report number: 2025-118." };
    return fromApi(await api.call("POST", `/api/cases/${kase.id}/messages`, { ip, token: c.token, body }));
  },
  "contact-ip POST /api/contact": async () => {
    const ip = await spentIp("contact-ip");
    const body = { ...MESSAGE, category: "General Inquiry", priority: "medium" };
    return fromApi(await api.call("POST", "/api/contact", { ip, body }));
  },
  "analytics-ip POST /api/analytics/events": async () => {
    const l = await lawyer();
    const ip = await spentIp("analytics-ip");
    const body = { type: "contact", lawyerId: l.lawyerId, channel: "call" };
    return fromApi(
      await api.call("POST", "/api/analytics/events", { ip, body, headers: { "User-Agent": CHROME } }),
    );
  },
  "reply-user POST /api/messages/{id}/replies": async () => {
    const l = await lawyer();
    await api.call("POST", `/api/lawyers/${l.lawyerId}/messages`, { body: MESSAGE });
    const inbox = await api.call("GET", "/api/messages", { token: l.token });
    const id = (inbox.body.messages ?? inbox.body)[0]?.id as string;
    await exhaust("reply-user", l.user.id);
    const body = { reply: "Yes, we do: please send your case from my profile." };
    return fromApi(await api.call("POST", `/api/messages/${id}/replies`, { token: l.token, body }));
  },
  "checkout-user POST /api/stripe/create-subscription": async () => {
    const c = await client();
    await exhaust("checkout-user", c.user.id);
    return fromApi(await api.call("POST", "/api/stripe/create-subscription", { token: c.token }));
  },
  "location-ip GET /api/location": async () => {
    const ip = await spentIp("location-ip");
    return fromApi(await api.call("GET", "/api/location?lat=43.65&lng=-79.38", { ip }));
  },
  "listing-write POST /api/listing": async () => {
    const account = await api.signUp({ role: "lawyer" });
    await database.db.update(users).set({ isVerified: true }).where(eq(users.id, account.user.id));
    await exhaust("listing-write", account.user.id);
    const body = {
      name: "Zora Vantwest",
      firm: "Vantwest Injury Advocates",
      phone: "(416) 555-0199",
      countryCode: "ca",
      city: "Toronto",
      state: "Ontario",
      practiceAreas: ["Car Accidents"],
      experience: 12,
      admissionRegulator: "Law Society of Ontario",
      admissionNumber: "L12345",
      admissionYear: 2013,
    };
    return fromApi(await api.call("POST", "/api/listing", { token: account.token, body }));
  },
  "listing-write PUT /api/listing": async () => {
    const l = await lawyer();
    await exhaust("listing-write", l.user.id);
    const body = { bio: "Serious injury claims across Ontario and beyond." };
    return fromApi(await api.call("PUT", "/api/listing", { token: l.token, body }));
  },
  "listing-write PUT /api/listing/logo": async () => {
    const l = await lawyer();
    await exhaust("listing-write", l.user.id);
    const form = new FormData();
    form.set("logo", new Blob([new Uint8Array(PDF)], { type: "image/png" }), "logo.png");
    return fromApi(await api.call("PUT", "/api/listing/logo", { token: l.token, form }));
  },
  "listing-write PUT /api/listing/fees": async () => {
    const l = await lawyer();
    await exhaust("listing-write", l.user.id);
    const body = { freeConsultation: true, consultationMinutes: 30, models: [] };
    return fromApi(await api.call("PUT", "/api/listing/fees", { token: l.token, body }));
  },
  "listing-write PUT /api/listing/specialist-titles": async () => {
    const l = await lawyer();
    await exhaust("listing-write", l.user.id);
    const body = {
      specialistTitles: [
        {
          title: "Fachanwalt für Verkehrsrecht",
          issuer: "Rechtsanwaltskammer München",
          area: "Car Accidents",
          since: 2015,
        },
      ],
    };
    return fromApi(await api.call("PUT", "/api/listing/specialist-titles", { token: l.token, body }));
  },
  "review-write POST /api/cases/{id}/review": async () => {
    const { client: c, caseId } = await engagedCase();
    const ip = await spentIp("review-write");
    return fromApi(
      await api.call("POST", `/api/cases/${caseId}/review`, { ip, token: c.token, body: REVIEW }),
    );
  },
  "review-write PATCH /api/cases/{id}/review": async () => {
    const { client: c, caseId } = await engagedCase();
    const written = await api.call("POST", `/api/cases/${caseId}/review`, { token: c.token, body: REVIEW });
    expect(written.status, written.text).toBe(201);
    const ip = await spentIp("review-write");
    return fromApi(
      await api.call("PATCH", `/api/cases/${caseId}/review`, { ip, token: c.token, body: REVIEW }),
    );
  },
  "review-write POST /api/reviews/{id}/reply": async () => {
    const l = await lawyer();
    const reviewId = await insertTestReview(database.db, l.lawyerId);
    await exhaust("review-write", `user:${l.user.id}`);
    const body = { reply: "Thank you for your kind words." };
    return fromApi(await api.call("POST", `/api/reviews/${reviewId}/reply`, { token: l.token, body }));
  },
  "review-write POST /api/reviews/{id}/report": async () => {
    const l = await lawyer();
    const reviewId = await insertTestReview(database.db, l.lawyerId);
    await exhaust("review-write", `user:${l.user.id}`);
    const body = { reason: "not_genuine", details: "We never represented this person." };
    return fromApi(await api.call("POST", `/api/reviews/${reviewId}/report`, { token: l.token, body }));
  },
  "case-withdraw-ip DELETE /api/cases/{id}": async () => {
    const { c, kase } = await partyCase();
    const ip = await spentIp("case-withdraw-ip");
    return fromApi(await api.call("DELETE", `/api/cases/${kase.id}`, { ip, token: c.token }));
  },
  "case-decision-user POST /api/cases/{id}/accept": async () => {
    const l = await lawyer();
    const kase = await caseFor(l.lawyerId, (await client()).token);
    await exhaust("case-decision-user", l.user.id);
    return fromApi(
      await api.call("POST", `/api/cases/${kase.id}/accept`, { token: l.token, body: { noConflict: true } }),
    );
  },
  "case-decision-user POST /api/cases/{id}/decline": async () => {
    const l = await lawyer();
    const kase = await caseFor(l.lawyerId, (await client()).token);
    await exhaust("case-decision-user", l.user.id);
    return fromApi(await api.call("POST", `/api/cases/${kase.id}/decline`, { token: l.token, body: {} }));
  },
  "document-download GET /api/cases/{id}/documents/{docId}": async () => {
    const { c, kase } = await partyCase();
    await exhaust("document-download", `user:${c.user.id}`);
    return fromApi(
      await api.call("GET", `/api/cases/${kase.id}/documents/${kase.documentId}`, { token: c.token }),
    );
  },
  "document-download GET /cases/{id}/documents/{docId}": async () => {
    const { c, kase } = await partyCase();
    await exhaust("document-download", `user:${c.user.id}`);
    return cookieGet(`/cases/${kase.id}/documents/${kase.documentId}`, c.token, api.freshIp());
  },
  "document-download GET /verification/proofs/{id}": async () => {
    const l = await lawyer();
    const [request] = await database.db
      .insert(verificationRequests)
      .values({ lawyerId: l.lawyerId, requestedBy: l.user.id, kinds: ["licence"], createdAt: new Date() })
      .returning({ id: verificationRequests.id });
    const [proof] = await database.db
      .insert(verificationProofs)
      .values({
        requestId: request?.id as number,
        lawyerId: l.lawyerId,
        fileName: "card.pdf",
        fileType: "pdf",
        fileSize: PDF.length,
        fileKey: "proofs/never-stored",
        uploadedAt: new Date(),
      })
      .returning({ id: verificationProofs.id });
    await exhaust("document-download", `user:${l.user.id}`);
    return cookieGet(`/verification/proofs/${proof?.id}`, l.token, api.freshIp());
  },
  "export-user GET /cases/{id}/export": async () => {
    const l = await lawyer();
    const visitor = api.freshEmail("visitor");
    const sent = await api.call("POST", "/api/cases", {
      body: casePayload(l.lawyerId, { clientEmail: visitor }),
    });
    const id = sent.body.case.id as string;
    const token = await trackingTokenFromOutbox(visitor, id);
    await exhaust("export-user", `case:${id}`);
    const res = await fetch(new URL(`/cases/${id}/export`, server.baseUrl), {
      headers: { Cookie: `${trackingCookieName(id)}=${token}`, "X-Forwarded-For": api.freshIp() },
    });
    return answerOf(res);
  },
  "export-user GET /api/account/export": async () => {
    const c = await client();
    await exhaust("export-user", `user:${c.user.id}`);
    return fromApi(await api.call("GET", "/api/account/export", { token: c.token }));
  },
  "erasure-user DELETE /api/account": async () => {
    const c = await client();
    await exhaust("erasure-user", c.user.id);
    return fromApi(
      await api.call("DELETE", "/api/account", { token: c.token, body: { password: TEST_PASSWORD } }),
    );
  },
  "erasure-user DELETE /api/account/deletion": async () => {
    const c = await client();
    await exhaust("erasure-user", c.user.id);
    return fromApi(await api.call("DELETE", "/api/account/deletion", { token: c.token }));
  },
};

/** How each page of the table is driven past each of its limits (a document post unless noted). */
const PAGE_DRIVERS: Record<string, Driver> = {
  "login-ip /login": async () => {
    const ip = await spentIp("login-ip");
    return pagePost("/de/login", { email: api.freshEmail(), password: "x" }, { ip });
  },
  "login-account /login": async () => {
    const email = api.freshEmail();
    await exhaust("login-account", email);
    return pagePost("/login", { email, password: "x" }, { ip: api.freshIp() });
  },
  "signup-ip /signup": async () => {
    const ip = await spentIp("signup-ip");
    const fields = {
      email: api.freshEmail(),
      password: TEST_PASSWORD,
      firstName: "Ann",
      lastName: "Lee",
      role: "user",
    };
    return pagePost("/signup", fields, { ip });
  },
  "forgot-ip /forgot-password": async () => {
    const ip = await spentIp("forgot-ip");
    return pagePost("/forgot-password", { email: api.freshEmail() }, { ip });
  },
  "reset-ip /reset-password": async () => {
    const ip = await spentIp("reset-ip");
    return pagePost("/reset-password", { token: "C".repeat(43), newPassword: "tulip quay harbour" }, { ip });
  },
  "password-change-user /change-password": async () => {
    const c = await client();
    await exhaust("password-change-user", c.user.id);
    const fields = { currentPassword: TEST_PASSWORD, newPassword: "tulip quay harbour" };
    return pagePost("/change-password", fields, { ip: api.freshIp(), token: c.token });
  },
  // The listing forms post with JavaScript (fetchers); without it they come back to the dashboard.
  "claim-ip /dashboard/listing": async () => {
    const account = await api.signUp({ role: "lawyer" });
    await insertTestListing(database, account.email);
    const ip = await spentIp("claim-ip");
    return pagePost("/dashboard/listing", { intent: "claim" }, { ip, token: account.token, data: true });
  },
  "listing-write /dashboard/listing": async () => {
    const l = await lawyer();
    await exhaust("listing-write", l.user.id);
    const form = new FormData();
    form.set("intent", "logo");
    form.set("logo", new Blob([new Uint8Array(PDF)], { type: "image/png" }), "logo.png");
    return pagePost("/dashboard/listing", form, { ip: api.freshIp(), token: l.token, data: true });
  },
  "case-ip /lawyer/:id": async () => {
    const l = await lawyer();
    const ip = await spentIp("case-ip");
    return pagePost(`/lawyer/${l.lawyerId}`, caseForm(casePayload(l.lawyerId)), { ip });
  },
  "case-ip /cases/:id": async () => {
    const { other, c, kase } = await declinedCase();
    const ip = await spentIp("case-ip");
    const fields = { intent: "resend", lawyerId: String(other.lawyerId), healthDataConsent: "on" };
    return pagePost(`/cases/${kase.id}`, fields, { ip, token: c.token });
  },
  "message-ip /lawyer/:id": async () => {
    const l = await lawyer();
    const ip = await spentIp("message-ip");
    return pagePost(`/lawyer/${l.lawyerId}`, { intent: "message", ...MESSAGE }, { ip });
  },
  "message-ip /cases/:id": async () => {
    const { c, kase } = await partyCase();
    const ip = await spentIp("message-ip");
    return pagePost(
      `/cases/${kase.id}`,
      { intent: "message", body: "The report number is 2025-118." },
      { ip, token: c.token },
    );
  },
  "contact-ip /contact": async () => {
    const ip = await spentIp("contact-ip");
    return pagePost("/contact", { ...MESSAGE, category: "General Inquiry", priority: "medium" }, { ip });
  },
  "reply-user /dashboard/messages": async () => {
    const l = await lawyer();
    await api.call("POST", `/api/lawyers/${l.lawyerId}/messages`, { body: MESSAGE });
    const inbox = await api.call("GET", "/api/messages", { token: l.token });
    const id = (inbox.body.messages ?? inbox.body)[0]?.id as string;
    await exhaust("reply-user", l.user.id);
    const fields = { intent: "reply", reply: "Yes, we do: please send your case from my profile." };
    return pagePost(`/dashboard/messages?id=${id}`, fields, { ip: api.freshIp(), token: l.token });
  },
  "second-factor-user /login/second-factor": async () => {
    const email = api.freshEmail("pending");
    const { createOrPromoteStaff } = await import("../staff/staff-cli.ts");
    const made = await createOrPromoteStaff(
      database,
      { email, role: "moderator", resetSecondFactor: false },
      { origin: server.baseUrl },
    );
    await services.accounts.resetPassword(
      { token: new URL(made.link).searchParams.get("token") ?? "", newPassword: TEST_PASSWORD },
      { ip: api.freshIp(), origin: server.baseUrl },
    );
    const login = await api.call("POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
    await exhaust("second-factor-user", made.userId);
    return pagePost(
      "/login/second-factor",
      { intent: "enrol", code: "123456" },
      { ip: api.freshIp(), token: login.body.token },
    );
  },
  "staff-write /admin/contact/:id": async () => {
    return staffPost(`/admin/contact/${NO_UUID}`, { status: "handled" });
  },
  "staff-write /admin/rechecks/:checkId": async () => {
    return staffPost("/admin/rechecks/999999", { outcome: "lapsed", reason: "The register shows no entry." });
  },
  "staff-write /admin/verification/:id": async () => {
    return staffPost("/admin/verification/999999", {
      decision: "reject",
      reason: "The proof is unreadable.",
    });
  },
  "staff-write /admin/reports/:id": async () => {
    return staffPost(`/admin/reports/${NO_UUID}`, { outcome: "dismiss", note: "Checked with the register." });
  },
  "staff-write /admin/corrections/:id": async () => {
    return staffPost(`/admin/corrections/${NO_UUID}`, { outcome: "decline", note: "Nothing to correct." });
  },
  "staff-write /admin/listings/:id": async () => {
    const l = await lawyer();
    const fields = { visibility: "hide", reason: "impersonation", note: "Reported by the named lawyer." };
    return staffPost(`/admin/listings/${l.lawyerId}`, fields);
  },
  "staff-write /admin/reviews/:id": async () => {
    return staffPost(`/admin/reviews/${NO_UUID}`, { decision: "publish" });
  },
  "verification-user /dashboard/verification": async () => {
    const l = await lawyer();
    await exhaust("verification-user", l.user.id);
    const form = new FormData();
    form.set("kind_licence", "on");
    form.append("documents", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "card.pdf");
    return pagePost("/dashboard/verification", form, { ip: api.freshIp(), token: l.token });
  },
  "report-ip /lawyer/:id/report": async () => {
    const l = await lawyer();
    const ip = await spentIp("report-ip");
    return pagePost(
      `/lawyer/${l.lawyerId}/report`,
      { reason: "wrong_information", details: DETAILS },
      { ip },
    );
  },
  "correction-ip /lawyer/:id/removal": async () => {
    const lawyerId = await insertTestListing(database, api.freshEmail("unclaimed"));
    const ip = await spentIp("correction-ip");
    return pagePost(`/lawyer/${lawyerId}/removal`, { email: api.freshEmail(), details: DETAILS }, { ip });
  },
  "correction-ip /dashboard/corrections": async () => {
    const l = await lawyer();
    const ip = await spentIp("correction-ip");
    return pagePost(
      "/dashboard/corrections",
      { field: "discipline", details: DETAILS },
      { ip, token: l.token },
    );
  },
  "review-write /cases/:id": async () => {
    const { client: c, caseId } = await engagedCase();
    const ip = await spentIp("review-write");
    return pagePost(`/cases/${caseId}`, REVIEW_FORM, { ip, token: c.token });
  },
  "review-write /dashboard/reviews": async () => {
    const l = await lawyer();
    const reviewId = await insertTestReview(database.db, l.lawyerId);
    await exhaust("review-write", `user:${l.user.id}`);
    const fields = { intent: "reply", reviewId, reply: "Thank you for your kind words." };
    return pagePost("/dashboard/reviews", fields, { ip: api.freshIp(), token: l.token });
  },
  "case-withdraw-ip /cases/:id": async () => {
    const { c, kase } = await partyCase();
    const ip = await spentIp("case-withdraw-ip");
    return pagePost(`/cases/${kase.id}`, { intent: "withdraw", confirm: "on" }, { ip, token: c.token });
  },
  "case-decision-user /cases/:id": async () => {
    const l = await lawyer();
    const kase = await caseFor(l.lawyerId, (await client()).token);
    await exhaust("case-decision-user", l.user.id);
    return pagePost(
      `/cases/${kase.id}`,
      { intent: "accept", noConflict: "on" },
      { ip: api.freshIp(), token: l.token },
    );
  },
  "erasure-user /dashboard/data": async () => {
    const c = await client();
    await exhaust("erasure-user", c.user.id);
    return pagePost(
      "/dashboard/data",
      { intent: "delete", password: TEST_PASSWORD },
      { ip: api.freshIp(), token: c.token },
    );
  },
};

/** Every [limit, route] of the table, API and pages. */
const API_SURFACES = Object.entries(RATE_LIMITED_ROUTES).flatMap(([limit, where]) =>
  where.api.map((route) => `${limit} ${route}`),
);
const PAGE_SURFACES = Object.entries(RATE_LIMITED_ROUTES).flatMap(([limit, where]) =>
  where.pages.map((route) => `${limit} ${route}`),
);

/** A 429 with a Retry-After of whole seconds, at least 1 (RFC 9110 §10.2.3). */
function expectWait(answer: Answer, surface: string): void {
  expect(answer.status, `${surface}: ${answer.text.slice(0, 300)}`).toBe(429);
  expect(answer.retryAfter, `${surface} answered 429 without Retry-After`).toMatch(/^\d+$/);
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
}

describe(`every rate-limited route answers 429 with Retry-After (issue 27 §2) (${TEST_ENGINE})`, () => {
  it("the table names every limit, and a page for each page path of the route table", () => {
    const pagePatterns = (routeTable as { path?: string }[]).map(
      (r) => new RegExp(`^${(r.path ?? "").replace(/^:lang\?\/?/, "/").replace(/:[A-Za-z]+/g, ":[^/]+")}$`),
    );
    for (const [limit, where] of Object.entries(RATE_LIMITED_ROUTES)) {
      expect(RATE_LIMITS[limit as RateLimitName], limit).toBeDefined();
      if (where.api.length + where.pages.length === 0)
        expect(where.silent, `${limit} needs routes or a reason`).toBeTruthy();
      for (const page of where.pages)
        expect(
          pagePatterns.some((p) => p.test(page)),
          page,
        ).toBe(true);
    }
    // Every driver drives a route of the table (none is left behind when a route leaves it).
    expect(Object.keys(API_DRIVERS).sort()).toEqual([...API_SURFACES].sort());
    expect(Object.keys(PAGE_DRIVERS).sort()).toEqual([...PAGE_SURFACES].sort());
  });

  it.each(API_SURFACES)("%s: 429, Retry-After and the one error body", async (surface) => {
    const drive = API_DRIVERS[surface];
    expect(drive, `no driver for ${surface}: add one to API_DRIVERS`).toBeDefined();
    const answer = await (drive as Driver)();
    expectWait(answer, surface);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["message"]);
    expect(typeof body.message === "string" && body.message.length > 0).toBe(true);
  });

  it.each(PAGE_SURFACES)("%s: the page answers 429 with Retry-After", async (surface) => {
    const drive = PAGE_DRIVERS[surface];
    expect(drive, `no driver for ${surface}: add one to PAGE_DRIVERS`).toBeDefined();
    expectWait(await (drive as Driver)(), surface);
  });
});
