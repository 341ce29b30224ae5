/**
 * Deleting cases and their documents (issue 17 §4, §5) against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL) and the real local store in a temporary folder: every child
 * row and every file goes, other cases stay, a resend's pointer is cleared, a lost review's rating
 * is recomputed, and a documents-only purge keeps the case and marks it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/db.ts";
import type { Database } from "../db/client.ts";
import {
  caseConsents,
  caseDocuments,
  caseMessages,
  caseStatusEvents,
  cases,
  lawyers,
  reviews,
} from "../db/schema.ts";
import { createLocalStore, type DocumentStore, randomKey } from "../storage/index.ts";
import { deleteCaseDocuments, deleteCases } from "./delete.ts";

let database: Database;
let dir: string;
let store: DocumentStore;
let lawyerId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "lexatlas-delete-"));
  store = createLocalStore(dir);
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: "Ana Delete",
      email: "delete@firm.example",
      location: "Lisbon",
      country: "Portugal",
      countryCode: "PT",
      city: "Lisbon",
    })
    .returning({ id: lawyers.id });
  lawyerId = (row as { id: number }).id;
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const NOW = new Date("2026-06-01T12:00:00Z");

async function addCase(withReview = false): Promise<{ id: string; key: string }> {
  const [c] = await database.db
    .insert(cases)
    .values({
      lawyerId,
      caseTitle: "Fall at work",
      caseType: "Workplace Injuries",
      description: "I fell from a ladder at work.",
      clientName: "Rui",
      clientEmail: "rui@example.com",
      clientPhone: "+351 21 000 0000",
      engagedAt: withReview ? NOW : null,
    })
    .returning({ id: cases.id });
  const id = (c as { id: string }).id;
  const key = randomKey();
  const tmp = path.join(await store.tempDir(), `${key}.tmp`);
  await writeFile(tmp, "%PDF-1.4 test");
  await store.putFile(key, tmp, "application/pdf");
  await database.db.insert(caseDocuments).values({
    caseId: id,
    fileName: "report.pdf",
    fileType: "application/pdf",
    fileSize: 13,
    fileUrl: key,
  });
  await database.db.insert(caseStatusEvents).values({ caseId: id, status: "pending" });
  await database.db.insert(caseMessages).values({ caseId: id, authorRole: "client", body: "Hello" });
  await database.db
    .insert(caseConsents)
    .values({ caseId: id, purpose: "health_data", textVersion: "v1", locale: "en", givenAt: NOW });
  if (withReview) {
    await database.db.insert(reviews).values({
      caseId: id,
      lawyerId,
      rating: 5,
      communication: 5,
      responsiveness: 5,
      outcome: 5,
      title: "Very good help",
      text: "She explained every step of the claim clearly and answered fast.",
      status: "published",
      engagedOn: "2026-06-01",
    });
    await database.db.update(lawyers).set({ rating: 5, reviewCount: 1 }).where(eq(lawyers.id, lawyerId));
  }
  return { id, key };
}

async function countFor(ids: string[]) {
  const q = async (
    t: typeof caseDocuments | typeof caseMessages | typeof caseStatusEvents | typeof caseConsents,
  ) => (await database.db.select().from(t).where(inArray(t.caseId, ids))).length;
  return {
    cases: (await database.db.select().from(cases).where(inArray(cases.id, ids))).length,
    documents: await q(caseDocuments),
    messages: await q(caseMessages),
    events: await q(caseStatusEvents),
    consents: await q(caseConsents),
  };
}

describe("deleteCases", () => {
  it("removes the cases, every child row and their files, and leaves other cases alone", async () => {
    const a = await addCase();
    const b = await addCase();
    const kept = await addCase();
    await database.db.update(cases).set({ resentFromCaseId: a.id }).where(eq(cases.id, kept.id));
    const result = await deleteCases(database.db, store, [a.id, b.id]);
    expect(result).toEqual({ cases: 2, documents: 2, fileFailures: 0 });
    expect(await countFor([a.id, b.id])).toEqual({
      cases: 0,
      documents: 0,
      messages: 0,
      events: 0,
      consents: 0,
    });
    expect(await store.get(a.key)).toBeNull();
    expect(await store.get(b.key)).toBeNull();
    expect(await countFor([kept.id])).toEqual({
      cases: 1,
      documents: 1,
      messages: 1,
      events: 1,
      consents: 1,
    });
    expect(await store.get(kept.key)).not.toBeNull();
    const [k] = await database.db.select().from(cases).where(eq(cases.id, kept.id));
    expect(k?.resentFromCaseId).toBeNull();
  });

  it("recomputes the rating of a lawyer who loses a review with the case", async () => {
    const r = await addCase(true);
    await deleteCases(database.db, store, [r.id]);
    const [l] = await database.db.select().from(lawyers).where(eq(lawyers.id, lawyerId));
    expect(l?.reviewCount).toBe(0);
    expect(Number(l?.rating)).toBe(0);
  });

  it("does nothing for no ids and ignores unknown ones", async () => {
    expect(await deleteCases(database.db, store, [])).toEqual({ cases: 0, documents: 0, fileFailures: 0 });
    expect(await deleteCases(database.db, store, ["00000000-0000-4000-8000-000000000000"])).toEqual({
      cases: 0,
      documents: 0,
      fileFailures: 0,
    });
  });

  it("counts a file that cannot be deleted and still deletes the rows", async () => {
    const a = await addCase();
    const failing = { delete: async () => Promise.reject(new Error("bucket unavailable")) };
    const errors: unknown[] = [];
    const result = await deleteCases(database.db, failing, [a.id], { error: (o: unknown) => errors.push(o) });
    expect(result).toEqual({ cases: 1, documents: 1, fileFailures: 1 });
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).not.toContain("rui@example.com");
    expect((await countFor([a.id])).cases).toBe(0);
  });
});

describe("deleteCaseDocuments", () => {
  it("removes the documents and their files, keeps the case and marks it purged", async () => {
    const a = await addCase();
    const result = await deleteCaseDocuments(database.db, store, [a.id], NOW);
    expect(result).toEqual({ cases: 1, documents: 1, fileFailures: 0 });
    expect(await countFor([a.id])).toEqual({ cases: 1, documents: 0, messages: 1, events: 1, consents: 1 });
    expect(await store.get(a.key)).toBeNull();
    const [row] = await database.db.select().from(cases).where(eq(cases.id, a.id));
    expect(row?.documentsPurgedAt?.toISOString()).toBe(NOW.toISOString());
  });
});
