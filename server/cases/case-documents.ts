/**
 * A case's documents after intake (issue 17 §2/§3): a party downloads one, each download recorded
 * and rate-limited; the client reads the log of who downloaded what.
 */
import { and, eq } from "drizzle-orm";
import { CASE_DOCUMENT_TYPES } from "../../lib/cases.ts";
import { isUuid } from "../../lib/ids.ts";
import { caseDocuments } from "../db/schema.ts";
import { type CaseDownloadInfo, caseDownloads, downloaderOf, recordDownload } from "../storage/downloads.ts";
import type { CasesDeps } from "./context.ts";
import type { CaseDownload, CaseViewer } from "./service.ts";
import { caseFileOpenToLawyer } from "./visibility.ts";

/**
 * Document `docId` of case `id` for one of its parties, or null: a stranger, a malformed id, a
 * document of another case, a file missing from the store (logged), and the lawyer before
 * acceptance (issue 17 §2, issue 27 §2). Counts 'document-download' per account or per case and
 * records the download (who, when; issue 17 §3) once the file was read.
 * @throws RateLimitedError past 'document-download'
 */
export async function downloadCaseDocument(
  deps: CasesDeps,
  input: { id: string; docId: string; viewer: CaseViewer },
): Promise<CaseDownload | null> {
  const { db, clock, rateLimits, logger, documents, reads } = deps;
  const { docId, viewer } = input;
  if (!isUuid(docId)) return null;
  const row = await reads.loadCase(input.id);
  const role = row ? await reads.roleOf(row, viewer) : null;
  if (!row || !role || (role === "lawyer" && !caseFileOpenToLawyer(row))) return null;
  const [doc] = await db
    .select()
    .from(caseDocuments)
    .where(and(eq(caseDocuments.id, docId.toLowerCase()), eq(caseDocuments.caseId, row.id)));
  if (!doc) return null;
  // Issue 17 §3: every download writes a log row, so downloads are rate-limited (429).
  const who = downloaderOf(row, viewer, role);
  await rateLimits.consume("document-download", who.userId ? `user:${who.userId}` : `case:${row.id}`);
  const object = await documents.get(doc.fileUrl);
  if (!object) {
    logger.error({ caseId: row.id, documentId: doc.id }, "a case document is missing from the store");
    return null;
  }
  const mediaType =
    CASE_DOCUMENT_TYPES[doc.fileType as keyof typeof CASE_DOCUMENT_TYPES] ?? "application/octet-stream";
  // Issue 17 §3: every download is recorded (who, when) once the file was read and authenticated.
  await recordDownload(db, { ...who, caseId: row.id, caseDocumentId: doc.id, at: clock.now() });
  return { fileName: doc.fileName, mediaType, size: object.size, body: object.body };
}

/** The download log of case `id` for its client (issue 17 §3), or null for anyone else. */
export async function caseDownloadLog(
  deps: Pick<CasesDeps, "db" | "reads">,
  input: { id: string; viewer: CaseViewer },
): Promise<CaseDownloadInfo[] | null> {
  const row = await deps.reads.loadCase(input.id);
  if (!row || (await deps.reads.roleOf(row, input.viewer)) !== "client") return null;
  return caseDownloads(deps.db, row.id);
}
