/**
 * The retention job (issue 17 §5) against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and the real local store in a temporary folder, on a test clock moved to the
 * exact boundaries: one millisecond before a period ends nothing goes, at it the record goes.
 * Declined cases count as never accepted; accepted cases stay, and so do cases a lawyer took
 * further without the accepted_at stamp; closed cases keep their row but
 * lose their documents; a second run deletes nothing; batches smaller than the work still finish
 * it; the log line holds counts only (no email address, no name).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RETENTION_DEFAULTS } from "../../lib/privacy.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import { loadConfig, retentionPolicy } from "../config.ts";
import type { Database } from "../db/client.ts";
import {
  caseAccessTokens,
  caseDocuments,
  cases,
  contactMessages,
  emailVerifications,
  lawyers,
  passwordResetTokens,
  reviewSignals,
  userSessions,
  users,
} from "../db/schema.ts";
import { createLocalStore, type DocumentStore, randomKey } from "../storage/index.ts";
import { retentionCutoff, runRetention } from "./retention.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-01-10T09:30:00.000Z");
const POLICY = {
  unacceptedCaseDays: 30,
  closedCaseDocumentDays: 60,
  contactMessageDays: 90,
  reviewSignalDays: 45,
};
const CLIENT_EMAIL = "rita.private@example.com";
const CLIENT_NAME = "Rita Confidential";

let database: Database;
let dir: string;
let store: DocumentStore;
let lawyerId: number;
let userId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "lexatlas-retention-"));
  store = createLocalStore(dir);
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: "Ivo Retain",
      email: "retain@firm.example",
      location: "Porto",
      country: "Portugal",
      countryCode: "PT",
      city: "Porto",
    })
    .returning({ id: lawyers.id });
  lawyerId = (row as { id: number }).id;
  const [u] = await database.db
    .insert(users)
    .values({ email: "someone@example.com", password: "x", firstName: "Some", lastName: "One", role: "user" })
    .returning({ id: users.id });
  userId = (u as { id: string }).id;
}, 60_000);
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test starts with an empty store folder and no rows.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  store = createLocalStore(dir);
  await database.db.delete(cases);
  await database.db.delete(contactMessages);
  await database.db.delete(userSessions);
  await database.db.delete(passwordResetTokens);
  await database.db.delete(emailVerifications);
  await database.db.delete(reviewSignals);
});

/** A case submitted at `createdAt` with one stored document; answers its id and storage key. */
async function addCase(fields: Partial<typeof cases.$inferInsert> & { createdAt: Date }) {
  const [c] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      caseTitle: "Fall at work",
      caseType: "Workplace Injuries",
      description: "I fell from a ladder.",
      clientName: CLIENT_NAME,
      clientEmail: CLIENT_EMAIL,
      clientPhone: "+351 21 000 0000",
      updatedAt: fields.createdAt,
      ...fields,
    })
    .returning({ id: cases.id });
  const id = (c as { id: string }).id;
  const key = randomKey();
  const tmp = path.join(await store.tempDir(), `${key}.tmp`);
  await writeFile(tmp, "%PDF-1.4 test");
  await store.putFile(key, tmp, "application/pdf");
  await database.db
    .insert(caseDocuments)
    .values({ caseId: id, fileName: "report.pdf", fileType: "application/pdf", fileSize: 13, fileUrl: key });
  return { id, key };
}

async function caseIds(): Promise<string[]> {
  return (await database.db.select({ id: cases.id }).from(cases)).map((r) => r.id).sort();
}
async function storedFiles(): Promise<number> {
  const walk = async (d: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) n += await walk(path.join(d, e.name));
      else if (!e.name.endsWith(".tmp")) n += 1;
    }
    return n;
  };
  return walk(dir);
}

function run(at: Date, extra: { batchSize?: number; lines?: string[] } = {}) {
  const clock = createTestClock(at);
  const lines = extra.lines;
  const logger = {
    info: (obj: unknown, msg?: string) => lines?.push(JSON.stringify({ obj, msg })),
    error: (obj: unknown, msg?: string) => lines?.push(JSON.stringify({ obj, msg })),
  };
  return runRetention({
    db: database.db,
    clock,
    store,
    policy: POLICY,
    logger: logger as never,
    batchSize: extra.batchSize,
  });
}

describe("retention (issue 17 §5)", () => {
  it("the configured overrides replace the defaults, the rest stay", () => {
    expect(retentionPolicy(loadConfig({}))).toEqual(RETENTION_DEFAULTS);
    expect(
      retentionPolicy(
        loadConfig({ RETENTION_UNACCEPTED_CASE_DAYS: "30", RETENTION_CONTACT_MESSAGE_DAYS: "90" }),
      ),
    ).toEqual({ ...RETENTION_DEFAULTS, unacceptedCaseDays: 30, contactMessageDays: 90 });
    expect(() => loadConfig({ RETENTION_CLOSED_CASE_DOCUMENT_DAYS: "0" })).toThrow(
      /RETENTION_CLOSED_CASE_DOCUMENT_DAYS/,
    );
  });

  it("deletes a never-accepted case (declined included) exactly at submission + period, with its files; accepted ones stay", async () => {
    const unanswered = await addCase({ createdAt: T0 });
    const declined = await addCase({
      createdAt: T0,
      status: "declined",
      declinedAt: new Date(T0.getTime() + DAY),
    });
    const accepted = await addCase({
      createdAt: T0,
      status: "accepted",
      acceptedAt: new Date(T0.getTime() + DAY),
    });
    // Taken further by a path that does not stamp accepted_at (demo data, status changes): kept.
    const engaged = await addCase({
      createdAt: T0,
      status: "engaged",
      engagedAt: new Date(T0.getTime() + DAY),
    });
    const boundary = new Date(T0.getTime() + POLICY.unacceptedCaseDays * DAY);
    expect(retentionCutoff(boundary, POLICY.unacceptedCaseDays)).toEqual(T0);

    const before = await run(new Date(boundary.getTime() - 1));
    expect(before.unacceptedCases).toBe(0);
    expect(await caseIds()).toHaveLength(4);
    expect(await storedFiles()).toBe(4);

    const at = await run(boundary);
    expect(at).toMatchObject({ unacceptedCases: 2, documents: 2, fileFailures: 0 });
    expect(await caseIds()).toEqual([accepted.id, engaged.id].sort());
    expect(await storedFiles()).toBe(2);
    await expect(store.delete(unanswered.key)).resolves.toBeUndefined();
    expect(declined.id).not.toBe(accepted.id);

    // Idempotent: a second run (later the same day) deletes nothing more.
    const again = await run(new Date(boundary.getTime() + 1));
    expect(again).toMatchObject({ unacceptedCases: 0, purgedCases: 0, documents: 0 });
    expect(await caseIds()).toEqual([accepted.id, engaged.id].sort());
  });

  it("deletes the documents of a closed case exactly at close + period, keeps the case and marks it once", async () => {
    const closedAt = new Date(T0.getTime() + 5 * DAY);
    const closed = await addCase({ createdAt: T0, status: "closed", acceptedAt: T0, closedAt });
    const open = await addCase({ createdAt: T0, status: "engaged", acceptedAt: T0 });
    const boundary = new Date(closedAt.getTime() + POLICY.closedCaseDocumentDays * DAY);

    expect((await run(new Date(boundary.getTime() - 1))).purgedCases).toBe(0);
    expect(await storedFiles()).toBe(2);

    expect(await run(boundary)).toMatchObject({ purgedCases: 1, documents: 1, unacceptedCases: 0 });
    expect(await caseIds()).toEqual([closed.id, open.id].sort());
    const [row] = await database.db
      .select({ purged: cases.documentsPurgedAt })
      .from(cases)
      .where(eq(cases.id, closed.id));
    expect(row?.purged).toEqual(boundary);
    expect(await database.db.select().from(caseDocuments).where(eq(caseDocuments.caseId, closed.id))).toEqual(
      [],
    );
    expect(await storedFiles()).toBe(1);

    const again = await run(new Date(boundary.getTime() + DAY));
    expect(again.purgedCases).toBe(0);
    const [still] = await database.db
      .select({ purged: cases.documentsPurgedAt })
      .from(cases)
      .where(eq(cases.id, closed.id));
    expect(still?.purged).toEqual(boundary);
  });

  it("deletes contact messages exactly at sent + period", async () => {
    const sent = (createdAt: Date) =>
      database.db.insert(contactMessages).values({
        name: CLIENT_NAME,
        email: CLIENT_EMAIL,
        subject: "Question",
        category: "General Inquiry",
        message: "Hello",
        createdAt,
      });
    await sent(T0);
    await sent(new Date(T0.getTime() + 1));
    const boundary = new Date(T0.getTime() + POLICY.contactMessageDays * DAY);
    expect((await run(new Date(boundary.getTime() - 1))).contactMessages).toBe(0);
    expect((await run(boundary)).contactMessages).toBe(1);
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
    expect((await run(new Date(boundary.getTime() + 1))).contactMessages).toBe(1);
    expect((await run(new Date(boundary.getTime() + 2))).contactMessages).toBe(0);
  });

  it("deletes review signals exactly at recorded + period (issue 27 §2), and the override is 30 to 90 days", async () => {
    const signal = (createdAt: Date) =>
      database.db
        .insert(reviewSignals)
        .values({ kind: "sign_in", userId, ipHash: "a".repeat(64), createdAt });
    await signal(T0);
    await signal(new Date(T0.getTime() + 1));
    const boundary = new Date(T0.getTime() + POLICY.reviewSignalDays * DAY);
    expect((await run(new Date(boundary.getTime() - 1))).reviewSignals).toBe(0);
    expect((await run(boundary)).reviewSignals).toBe(1);
    expect(await database.db.select().from(reviewSignals)).toHaveLength(1);
    expect((await run(new Date(boundary.getTime() + 1))).reviewSignals).toBe(1);
    expect(retentionPolicy(loadConfig({ RETENTION_REVIEW_SIGNAL_DAYS: "30" })).reviewSignalDays).toBe(30);
    expect(() => loadConfig({ RETENTION_REVIEW_SIGNAL_DAYS: "29" })).toThrow();
    expect(() => loadConfig({ RETENTION_REVIEW_SIGNAL_DAYS: "91" })).toThrow();
  });

  it("deletes only expired sessions, reset tokens, email verifications and case access tokens", async () => {
    const now = new Date(T0.getTime() + DAY);
    const live = new Date(now.getTime() + 1);
    const dead = new Date(now.getTime() - 1);
    await database.db.insert(userSessions).values([
      { userId, sessionToken: "s-live", expiresAt: live },
      { userId, sessionToken: "s-dead", expiresAt: dead },
    ]);
    await database.db.insert(passwordResetTokens).values([
      { userId, token: "r-live", expiresAt: live },
      { userId, token: "r-dead", expiresAt: dead },
    ]);
    await database.db.insert(emailVerifications).values([
      { userId, email: "a@example.com", token: "e-live", expiresAt: live },
      { userId, email: "a@example.com", token: "e-dead", expiresAt: dead },
    ]);
    const kept = await addCase({ createdAt: now, acceptedAt: now });
    await database.db.insert(caseAccessTokens).values([
      { caseId: kept.id, tokenHash: "t-live", purpose: "invite", expiresAt: live },
      { caseId: kept.id, tokenHash: "t-dead", purpose: "invite", expiresAt: dead },
    ]);
    expect(await run(now)).toMatchObject({
      expiredSessions: 1,
      expiredResetTokens: 1,
      expiredEmailVerifications: 1,
      expiredCaseAccessTokens: 1,
    });
    expect((await database.db.select().from(userSessions)).map((r) => r.sessionToken)).toEqual(["s-live"]);
    expect((await database.db.select().from(passwordResetTokens)).map((r) => r.token)).toEqual(["r-live"]);
    expect((await database.db.select().from(emailVerifications)).map((r) => r.token)).toEqual(["e-live"]);
    expect((await database.db.select().from(caseAccessTokens)).map((r) => r.tokenHash)).toEqual(["t-live"]);
    expect(await run(now)).toMatchObject({ expiredSessions: 0, expiredCaseAccessTokens: 0 });
  });

  it("works through more rows than one batch, and logs counts without personal data", async () => {
    for (let i = 0; i < 7; i++) await addCase({ createdAt: new Date(T0.getTime() + i) });
    const lines: string[] = [];
    const summary = await run(new Date(T0.getTime() + 100 * DAY), { batchSize: 3, lines });
    expect(summary).toMatchObject({ unacceptedCases: 7, documents: 7 });
    expect(await caseIds()).toEqual([]);
    expect(await storedFiles()).toBe(0);
    expect(lines).toHaveLength(1);
    const [line] = lines as [string];
    expect(line).toContain('"unacceptedCases":7');
    expect(line).not.toContain(CLIENT_EMAIL);
    expect(line).not.toContain(CLIENT_NAME);
    expect(line).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
