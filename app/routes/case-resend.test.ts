/**
 * The case page's re-send offer (issue 16 §3) through the route's own loader and action, on a
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with the test clock: no offer before
 * 24 h; after it the client (tracking cookie) gets the `?find=` candidates without the case's own
 * lawyer; a stranger gets the 404 from loader and action; the form without consent answers 400
 * with the message on `healthDataConsent` (issue 17 §1) in the page's language, keeping the chosen lawyer; with consent it
 * redirects to the new case and sets the new case's tracking cookie. (The lawyer's 403 and the rest
 * of the matrix: server/api/responses.test.ts.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { caseStatusEvents, cases, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { refreshSearchData } from "../../server/search/index.ts";
import { hashToken, newToken } from "../../server/security/tokens.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { action, loader } from "./case.tsx";

const ORIGIN = "http://localhost:5173";
const H = 3_600_000;
const clock = createTestClock("2026-06-01T08:00:00Z");
let database: Database;
let services: Services;
let dataDir: string;
let silent: number;
let ready: number;
let caseId: string;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-resend-"));
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
    clock,
  });
  silent = await insertTestListing(database, "silent@example.org", { name: "Ola Silent", city: "Halifax" });
  ready = await insertTestListing(database, "ready@example.org", { name: "Pia Ready", city: "Halifax" });
  // A managed listing (issue 28 §4: a confirmed lawyer account), whose client waits 24 h before
  // the re-send is offered; an unmanaged one offers it at once (server/api/managed-listings.test.ts).
  await database.db.insert(users).values({
    email: "silent@example.org",
    password: "x",
    firstName: "Ola",
    lastName: "Silent",
    role: "lawyer",
    isVerified: true,
    lawyerId: silent,
  });
  await refreshSearchData(database.db);
  token = newToken();
  const at = clock.now();
  const [row] = await database.db
    .insert(cases)
    .values({
      lawyerId: silent,
      trackingTokenHash: hashToken(token),
      caseTitle: "Rear-ended",
      caseType: "Car Accident",
      description: "Hit from behind at a red light.",
      clientName: "Dana",
      clientEmail: "dana@example.org",
      clientPhone: "+19025550199",
      locale: "de",
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: cases.id });
  caseId = (row as { id: string }).id;
  await database.db.insert(caseStatusEvents).values({ caseId, status: "pending", createdAt: at });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function contextFor(ip = "203.0.113.9") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, ip);
  return context;
}

const cookie = (withToken: boolean): HeadersInit =>
  withToken ? { Cookie: services.cases.trackingCookie(caseId, token).split(";")[0] as string } : {};

async function load(search: string, withToken = true) {
  const request = new Request(`${ORIGIN}/de/cases/${caseId}${search}`, { headers: cookie(withToken) });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  return loader({ params: { id: caseId }, request, context: contextFor() } as any);
}

async function post(form: Record<string, string>, withToken = true) {
  const request = new Request(`${ORIGIN}/de/cases/${caseId}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: cookie(withToken),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the action's generated argument type
  return action({ params: { id: caseId }, request, context: contextFor() } as any);
}

/** The data of a `data(...)` answer. */
// biome-ignore lint/suspicious/noExplicitAny: loader and action data are checked field by field
const dataOf = (answer: unknown) => answer as { data: any; init: { status?: number } | null };

/** The status of a thrown `data(...)` or Response. */
async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (e) {
    if (e instanceof Response) return e.status;
    return (e as { init?: { status?: number } }).init?.status ?? -1;
  }
  return 0;
}

describe(`case page tracking link in a locale (${TEST_ENGINE})`, () => {
  it("sets a cookie whose Path covers the localized page it redirects to (/de/cases/{id})", async () => {
    const request = new Request(`${ORIGIN}/de/cases/${caseId}?token=${token}`);
    let thrown: unknown;
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
      await loader({ params: { id: caseId }, request, context: contextFor() } as any);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const redirect = thrown as Response;
    const location = new URL(redirect.headers.get("Location") as string, ORIGIN).pathname;
    expect(location).toBe(`/de/cases/${caseId}`);
    const cookiePath = /;\s*Path=([^;]+)/i.exec(redirect.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    // RFC 6265 §5.1.4: a browser sends a cookie only to paths that start with its Path; the
    // /cases Path of before sent nothing to /de/cases and the emailed link ended on a 404.
    expect(cookiePath).not.toBe("");
    expect(location.startsWith(cookiePath)).toBe(true);
    expect(dataOf(await load("")).data.case.id).toBe(caseId);
  });
});

describe(`case page re-send (issue 16 §3, ${TEST_ENGINE})`, () => {
  it("offers nothing before 24 h, then lists other lawyers for the client only", async () => {
    expect(dataOf(await load("?find=Halifax")).data.resend).toBeNull();
    clock.advance(24 * H);
    const offered = dataOf(await load("?find=Halifax")).data.resend;
    expect(offered.find).toBe("Halifax");
    expect(offered.candidates.map((c: { id: number }) => c.id)).toEqual([ready]);
    expect(dataOf(await load("")).data.resend).toEqual({ find: "", candidates: [] });
    expect(await thrownStatus(() => load("?find=Halifax", false))).toBe(404);
  });

  it("answers 404 to a stranger's post, 400 on consent without it, and redirects with consent", async () => {
    expect(
      await thrownStatus(() =>
        post({ intent: "resend", lawyerId: String(ready), healthDataConsent: "true" }, false),
      ),
    ).toBe(404);
    const refused = dataOf(await post({ intent: "resend", lawyerId: String(ready) }));
    expect(refused.init?.status).toBe(400);
    // FormResult (app/form-result.ts): the message next to its field, the chosen lawyer kept.
    expect(refused.data).toMatchObject({
      intent: "resend",
      fieldErrors: { healthDataConsent: expect.any(String) },
      values: { lawyerId: String(ready) },
    });
    expect(refused.data.fieldErrors.healthDataConsent).toContain("case.healthDataConsent");
    const sent = await post({ intent: "resend", lawyerId: String(ready), healthDataConsent: "true" });
    expect(sent).toBeInstanceOf(Response);
    const res = sent as Response;
    expect(res.status).toBe(302);
    const [copy] = await database.db.select().from(cases).where(eq(cases.resentFromCaseId, caseId));
    expect(copy?.lawyerId).toBe(ready);
    expect(res.headers.get("Location")).toBe(`/de/cases/${copy?.id}`);
    expect(res.headers.get("Set-Cookie")).toContain(`lexatlas_case_${copy?.id}=`);
  });
});
