/**
 * Issue 17 §3 on the real app and services over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a client's uploaded document is stored encrypted under the upload folder;
 * every download by a party is recorded (the lawyer, the signed-in client, the case-link visitor)
 * and refused ones are not; the role matrix of the download routes is unchanged (anonymous,
 * other client, other lawyer, moderator: 404); the case page's loader hands the client the list
 * (newest first) and the lawyer none; a tampered file answers 422 with the clear message, in the
 * reader's language, without a stack, on the API and on the page's link.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { createApp } from "../../server/app.ts";
import type { CaseDownloadInfo } from "../../server/cases/service.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { caseDocuments, documentDownloads, lawyers, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { TEST_PASSWORD } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF, PNG } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { enrolledStaffSession } from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import { loader } from "./case.tsx";

const ORIGIN = "http://localhost";
const clock = createTestClock("2026-11-02T10:00:00Z");
let database: Database;
let services: Services;
let smtp: SmtpCapture;
let app: { fetch(request: Request): Response | Promise<Response> };
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-case-downloads-"));
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, SMTP_URL: smtp.url }),
    logger: createLogger("silent"),
    clock,
  });
  app = await createApp({ services, pages: false });
});
afterAll(async () => {
  await services?.mailer.close();
  await smtp?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
/** A new account (a lawyer with a listing of its own when `role` is lawyer): its session token and ids. */
async function account(role: "user" | "lawyer") {
  counter += 1;
  const email = `case-downloads.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ana", lastName: "Lima", role },
    { ip: `198.51.100.${counter}`, origin: ORIGIN },
  );
  let lawyerId = 0;
  if (role === "lawyer") {
    const [row] = await database.db
      .insert(lawyers)
      .values({
        name: `Aaron Clarke ${counter}`,
        email,
        location: "Lisbon",
        country: "Portugal",
        countryCode: "PT",
        city: "Lisbon",
      })
      .returning({ id: lawyers.id });
    lawyerId = row?.id ?? 0;
    await database.db.update(users).set({ lawyerId }).where(eq(users.email, email));
  }
  return { token: session.token, userId: session.user.id, lawyerId, email };
}

/** POST /api/cases as multipart with `files`, signed in with `token` or as a visitor. */
async function submit(lawyerId: number, files: [string, Buffer][], token?: string, clientEmail?: string) {
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/cases`, {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: caseForm(casePayload(lawyerId, clientEmail ? { clientEmail } : {}), files),
    }),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { caseId: body.case.id as string, docId: body.case.documents[0].id as string };
}

/** The lawyer accepts the case for review (issue 17 §2): only then do its documents open to them. */
async function accept(caseId: string, lawyerToken: string) {
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/cases/${caseId}/accept`, {
      method: "POST",
      headers: { Authorization: `Bearer ${lawyerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ noConflict: true }),
    }),
  );
  expect(res.status).toBe(200);
}

const api = (caseId: string, docId: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${ORIGIN}/api/cases/${caseId}/documents/${docId}`, { headers }));
const pageLink = (caseId: string, docId: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${ORIGIN}/cases/${caseId}/documents/${docId}`, { headers }));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const session = (token: string) => ({ Cookie: `${SESSION_COOKIE}=${token}` });

/** The case page's loader as a party: its data, or the thrown status. */
async function page(caseId: string, headers: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, "203.0.113.9");
  const request = new Request(`${ORIGIN}/cases/${caseId}`, { headers });
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
    const answer = (await loader({ params: { id: caseId }, request, context } as any)) as any;
    return { status: 200, data: answer.data as { downloads: CaseDownloadInfo[] | null } };
  } catch (e) {
    return { status: (e as { init?: { status?: number } }).init?.status ?? -1, data: null };
  }
}

async function logOf(caseId: string) {
  return database.db
    .select({ role: documentDownloads.downloaderRole, userId: documentDownloads.userId })
    .from(documentDownloads)
    .where(eq(documentDownloads.caseId, caseId));
}

describe(`document downloads are recorded and shown to the client (${TEST_ENGINE})`, () => {
  it("stores the upload encrypted, logs each party's download, keeps the matrix, lists them for the client", async () => {
    const lawyer = await account("lawyer");
    const client = await account("user");
    const otherClient = await account("user");
    const otherLawyer = await account("lawyer");
    const moderator = await enrolledStaffSession({
      services,
      database,
      origin: ORIGIN,
      role: "moderator",
      email: "case-downloads.staff@example.org",
      loginIp: "10.9.0.1",
      epochSeconds: Math.floor(clock.now().getTime() / 1000),
    });
    const { caseId, docId } = await submit(lawyer.lawyerId, [["injury report.pdf", PDF]], client.token);
    await accept(caseId, lawyer.token);

    // Unreadable at rest: the only file under the upload folder has no PDF magic and no plaintext.
    const [doc] = await database.db.select().from(caseDocuments).where(eq(caseDocuments.id, docId));
    const stored = readFileSync(path.join(dataDir, "uploads", doc?.fileUrl ?? "missing"));
    expect(stored.includes(Buffer.from("%PDF"))).toBe(false);
    expect(stored.includes(PDF.subarray(9, 30))).toBe(false);
    expect(readdirSync(path.join(dataDir, "uploads", ".tmp"))).toEqual([]);

    // Nobody downloaded yet: the client sees an empty list; the lawyer gets none.
    expect((await page(caseId, session(client.token))).data?.downloads).toEqual([]);
    expect((await page(caseId, session(lawyer.token))).data?.downloads).toBeNull();

    // The role matrix is unchanged: 404 for everyone but the two parties, and nothing is logged.
    for (const headers of [
      {},
      bearer(otherClient.token),
      bearer(otherLawyer.token),
      bearer(moderator.token),
    ]) {
      expect((await api(caseId, docId, headers)).status).toBe(404);
    }
    for (const headers of [
      {},
      session(otherClient.token),
      session(otherLawyer.token),
      session(moderator.token),
    ]) {
      expect((await pageLink(caseId, docId, headers)).status).toBe(404);
    }
    expect(await logOf(caseId)).toEqual([]);

    // The lawyer downloads twice (API), then the client through the page's link.
    for (let i = 0; i < 2; i++) {
      const res = await api(caseId, docId, bearer(lawyer.token));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
      clock.advance(60_000);
    }
    const mine = await pageLink(caseId, docId, session(client.token));
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);
    expect(mine.headers.get("Content-Length")).toBe(String(PDF.length));

    const log = await logOf(caseId);
    expect(log.map((r) => r.role).sort()).toEqual(["client", "lawyer", "lawyer"]);
    expect(log.filter((r) => r.role === "lawyer").every((r) => r.userId === lawyer.userId)).toBe(true);
    expect(log.find((r) => r.role === "client")?.userId).toBe(client.userId);

    const list = (await page(caseId, session(client.token))).data?.downloads ?? [];
    expect(list.map((d) => [d.fileName, d.role])).toEqual([
      ["injury report.pdf", "client"],
      ["injury report.pdf", "lawyer"],
      ["injury report.pdf", "lawyer"],
    ]);
    expect(list[0]?.downloadedAt).toBe(new Date(clock.now()).toISOString());
    // Other people still get the 404 page, not the list.
    expect((await page(caseId, session(otherClient.token))).status).toBe(404);
  });

  it("records a case-link visitor's download as 'case link' without a user", async () => {
    const lawyer = await account("lawyer");
    const clientEmail = "case-downloads.visitor@example.org";
    const { caseId, docId } = await submit(lawyer.lawyerId, [["photo.png", PNG]], undefined, clientEmail);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(clientEmail) && m.text.includes(`/cases/${caseId}?token=`),
    );
    const token = new RegExp(`/cases/${caseId}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] ?? "";
    const cookie = { Cookie: `lexatlas_case_${caseId}=${token}` };
    expect((await pageLink(caseId, docId, cookie)).status).toBe(200);
    expect((await api(caseId, docId, { "X-Case-Token": token })).status).toBe(200);
    expect(await logOf(caseId)).toEqual([
      { role: "case_link", userId: null },
      { role: "case_link", userId: null },
    ]);
    const list = (await page(caseId, cookie)).data?.downloads ?? [];
    expect(list.map((d) => d.role)).toEqual(["case_link", "case_link"]);
  });

  it("limits a party's downloads (each writes a log row): the 301st within an hour answers 429 and logs nothing", async () => {
    const lawyer = await account("lawyer");
    const client = await account("user");
    const { caseId, docId } = await submit(lawyer.lawyerId, [["many.pdf", PDF]], client.token);
    await accept(caseId, lawyer.token);
    const viewer = {
      user: (await services.accounts.userForToken(client.token))?.user ?? null,
      trackingToken: null,
    };
    expect(viewer.user?.id).toBe(client.userId);
    for (let i = 0; i < 300; i++) expect(await services.cases.download(caseId, docId, viewer)).not.toBeNull();
    const refused = await api(caseId, docId, bearer(client.token));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await logOf(caseId)).length).toBe(300);
    // The lawyer's own budget is separate.
    expect((await api(caseId, docId, bearer(lawyer.token))).status).toBe(200);
  });

  it("answers a tampered document with 422 and the clear message, never a 500 or a stack, and logs nothing", async () => {
    const lawyer = await account("lawyer");
    const client = await account("user");
    const { caseId, docId } = await submit(lawyer.lawyerId, [["scan.pdf", PDF]], client.token);
    await accept(caseId, lawyer.token);
    const [doc] = await database.db.select().from(caseDocuments).where(eq(caseDocuments.id, docId));
    const file = path.join(dataDir, "uploads", doc?.fileUrl ?? "missing");
    const bytes = readFileSync(file);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0x01;
    writeFileSync(file, bytes);

    const viaApi = await api(caseId, docId, bearer(lawyer.token));
    expect(viaApi.status).toBe(422);
    const text = await viaApi.text();
    expect(JSON.parse(text)).toEqual({
      message:
        "This document could not be read because it is damaged or was altered. Please contact support.",
    });
    expect(text).not.toMatch(/at |stack|Error/);
    const viaPage = await pageLink(caseId, docId, { ...session(client.token), "Accept-Language": "de" });
    expect(viaPage.status).toBe(422);
    expect(await viaPage.json()).toEqual({
      message:
        "Dieses Dokument kann nicht gelesen werden, weil es beschädigt oder verändert wurde. Bitte wenden Sie sich an den Support.",
    });
    expect(await logOf(caseId)).toEqual([]);
  });
});
