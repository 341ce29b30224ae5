/**
 * Export (issue 17 §4; GDPR Art. 15 access, Art. 20 portability): a signed-in client or lawyer,
 * or a visitor with a case link, downloads a zip of `data.json` (docs/data-export.md) and their
 * documents. Up to EXPORT_INLINE_MAX_DOCUMENTS documents and EXPORT_INLINE_MAX_BYTES it streams
 * at once; above, it is built in the background into the document store, the person is emailed
 * when it is ready, and it stays EXPORT_AVAILABLE_DAYS before the daily job deletes it
 * (erase-account.ts runDataRightsJob). Art. 12(3) allows one month; the build answers in minutes.
 */

import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, or, sql } from "drizzle-orm";
import { isLocale, type Locale, localizePath } from "../../lib/i18n/locales.ts";
import {
  EXPORT_AVAILABLE_DAYS,
  EXPORT_INLINE_MAX_BYTES,
  EXPORT_INLINE_MAX_DOCUMENTS,
} from "../../lib/privacy.ts";
import { cases, dataExports, users } from "../db/schema.ts";
import { exportReadyEmail } from "../email/templates/index.ts";
import { NotFoundError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { randomKey } from "../storage/index.ts";
import { collectExport, type ExportSubject, exportDocuments } from "./collect.ts";
import { DATA_RIGHTS_MESSAGES, DAY_MS, type DataRightsDeps, ownerMatches, subjectKey } from "./context.ts";
import { exportZip } from "./zip.ts";

/** An export started: the zip now (a stream), or a background build to poll at `statusUrl`. */
export type ExportStart =
  | { kind: "zip"; body: Readable; fileName: string }
  | { kind: "building"; id: string; statusUrl: string };

/** A background export's state, or its zip once ready. */
export type ExportState =
  | { kind: "status"; status: "building" | "failed"; createdAt: string }
  | { kind: "zip"; body: Readable; fileName: string; size: number };

/** The background builds this process started and has not finished (settled by the service's `settle`). */
export type ExportJobs = Set<Promise<void>>;

/**
 * How long a background export may stay `building` before it reads `failed` (issue 18 §2): the
 * build runs inside the instance that accepted the request, so an instance stopped or replaced
 * meanwhile (a rolling deploy) leaves its row behind; the person then sees "failed" and can ask
 * again instead of waiting forever. Builds take seconds to minutes (docs/performance.md).
 */
export const EXPORT_BUILD_ORPHANED_MS = 60 * 60_000;

/** Whether an export row is a build no instance is working on any more (EXPORT_BUILD_ORPHANED_MS). */
function orphaned(row: { status: string; createdAt: Date }, now: Date): boolean {
  return row.status === "building" && now.getTime() - row.createdAt.getTime() > EXPORT_BUILD_ORPHANED_MS;
}

/** The zip's download file name: "lexatlas-export-YYYY-MM-DD.zip". */
function zipName(now: Date): string {
  return `lexatlas-export-${now.toISOString().slice(0, 10)}.zip`;
}

/** Where the ready email sends the person (their dashboard, or the case page), to whom, and in which language. */
async function recipient(deps: DataRightsDeps, subject: ExportSubject, locale: Locale) {
  const { db } = deps;
  const [person] =
    subject.kind === "user"
      ? await db
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, subject.userId))
      : await db
          .select({ email: cases.clientEmail, locale: cases.locale })
          .from(cases)
          .where(eq(cases.id, subject.caseId));
  if (!person) return null;
  const l = isLocale(person.locale) ? person.locale : isLocale(locale) ? locale : "en";
  const page =
    subject.kind === "user"
      ? `${localizePath("/dashboard", l)}#your-data`
      : localizePath(`/cases/${subject.caseId}`, l);
  return { to: person.email, locale: l, link: `${deps.emailLinkOrigin}${page}` };
}

/** Builds export `id` into the store, marks it ready (or failed) and emails the person. Never throws. */
async function buildExport(
  deps: DataRightsDeps,
  id: string,
  subject: ExportSubject,
  locale: Locale,
): Promise<void> {
  const { db, clock, store, logger } = deps;
  const dir = await mkdtemp(path.join(await store.tempDir(), "export-"));
  try {
    const content = await collectExport(db, subject, clock.now());
    if (!content) throw new Error("export subject vanished");
    const file = path.join(dir, "export.zip");
    await pipeline(exportZip(content, store, logger), createWriteStream(file));
    const key = randomKey();
    const size = (await stat(file)).size;
    await store.putFile(key, file, "application/zip");
    const now = clock.now();
    const updated = await db
      .update(dataExports)
      .set({
        status: "ready",
        storageKey: key,
        byteSize: size,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_AVAILABLE_DAYS * DAY_MS),
      })
      .where(eq(dataExports.id, id))
      .returning({ expiresAt: dataExports.expiresAt });
    if (updated.length === 0) {
      // The account or case was erased while building: the zip must not outlive it.
      await store.delete(key);
      return;
    }
    const to = await recipient(deps, subject, locale);
    if (to && updated[0]?.expiresAt)
      await deps.mailer
        .send({
          to: to.to,
          ...(await exportReadyEmail({ link: to.link, availableUntil: updated[0].expiresAt }, to.locale)),
        })
        .catch((error) => logger.error({ err: error, exportId: id }, "export ready email failed"));
  } catch (error) {
    logger.error({ err: error, exportId: id }, "background export failed");
    await db.update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, id));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the export of `subject` (DataRightsService.startExport): the zip at once when small,
 * else a background build (202) added to `jobs`; `locale` is the ready email's language. Counts
 * 'export-user' per subject. @throws RateLimitedError; NotFoundError when the subject is gone
 */
export async function startExport(
  deps: DataRightsDeps & { jobs: ExportJobs },
  input: { subject: ExportSubject; locale: Locale },
): Promise<ExportStart> {
  const { db, clock, store, logger, jobs } = deps;
  const { subject, locale } = input;
  await consumeLimit(deps.rateLimits, "export-user", subjectKey(subject), DATA_RIGHTS_MESSAGES.exportTooMany);
  const docs = await exportDocuments(db, subject);
  const bytes = docs.reduce((sum, d) => sum + d.size, 0);
  const now = clock.now();
  if (docs.length <= EXPORT_INLINE_MAX_DOCUMENTS && bytes <= EXPORT_INLINE_MAX_BYTES) {
    const content = await collectExport(db, subject, now);
    if (!content) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
    return { kind: "zip", body: exportZip(content, store, logger), fileName: zipName(now) };
  }
  const [row] = await db
    .insert(dataExports)
    .values({
      userId: subject.kind === "user" ? subject.userId : null,
      caseId: subject.kind === "case" ? subject.caseId : null,
      locale: isLocale(locale) ? locale : "en",
      createdAt: now,
    })
    .returning({ id: dataExports.id });
  if (!row) throw new Error("export row not created");
  const job = buildExport(deps, row.id, subject, locale).finally(() => jobs.delete(job));
  jobs.add(job);
  return { kind: "building", id: row.id, statusUrl: `/api/account/export/${row.id}` };
}

/**
 * Background export `id` of `subject` (DataRightsService.exportState): its status while building
 * or failed (an orphaned build reads failed), its zip when ready.
 * @throws NotFoundError another subject's, expired, malformed or unknown id, or a zip missing from the store
 */
export async function exportState(
  deps: DataRightsDeps,
  input: { id: string; subject: ExportSubject },
): Promise<ExportState> {
  const { db, clock, store } = deps;
  const { id, subject } = input;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), ownerMatches(subject)));
  const now = clock.now();
  if (!row || (row.expiresAt && row.expiresAt <= now))
    throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
  if (row.status !== "ready" || !row.storageKey)
    return {
      kind: "status",
      status: row.status === "failed" || orphaned(row, now) ? "failed" : "building",
      createdAt: row.createdAt.toISOString(),
    };
  const object = await store.get(row.storageKey);
  if (!object) throw new NotFoundError(DATA_RIGHTS_MESSAGES.exportNotFound);
  return { kind: "zip", body: object.body, size: object.size, fileName: zipName(row.readyAt ?? now) };
}

/** The latest unexpired background export of `subject` (its id, status, expiry), or null; for the dashboard. */
export async function latestExport(
  deps: Pick<DataRightsDeps, "db" | "clock">,
  subject: ExportSubject,
): Promise<{ id: string; status: string; expiresAt: string | null } | null> {
  const { db, clock } = deps;
  const rows = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      expiresAt: dataExports.expiresAt,
      createdAt: dataExports.createdAt,
    })
    .from(dataExports)
    .where(
      and(
        ownerMatches(subject),
        or(sql`${dataExports.expiresAt} IS NULL`, sql`${dataExports.expiresAt} > ${clock.now()}`),
      ),
    )
    .orderBy(sql`${dataExports.createdAt} DESC`)
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  const status = orphaned(r, clock.now()) ? "failed" : r.status;
  return { id: r.id, status, expiresAt: r.expiresAt?.toISOString() ?? null };
}
