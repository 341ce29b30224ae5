/**
 * The download log of case documents and verification proofs (issue 17 §3: "Downloads are
 * authorised per request, never by a reusable public link; every download is recorded (who,
 * when) and the client sees the list on the case page"; GDPR Art. 5(2) accountability and
 * Art. 32(1)(d)). Written by the cases service's `download` and the verification service's proof
 * download after their authorisation, read by the case page (app/features/cases/DocumentDownloads).
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { caseDocuments, documentDownloads } from "../db/schema.ts";

/** Who downloaded: the signed-in client, the holder of the case link, the case's lawyer, or staff. */
export type DownloaderRole = "client" | "case_link" | "lawyer" | "staff";

/** One download to record: a case document (caseId + caseDocumentId) or a proof (proofId). */
export type DownloadEntry = {
  userId: string | null;
  role: DownloaderRole;
  at: Date;
} & ({ caseId: string; caseDocumentId: string } | { proofId: string });

/**
 * Who a case party is for the log: the lawyer (their user id), the signed-in client who submitted
 * the case (their user id), else the holder of the case's link (no user id).
 */
export function downloaderOf(
  row: { userId: string | null },
  viewer: { user: { id: string } | null },
  role: "client" | "lawyer",
): { userId: string | null; role: DownloaderRole } {
  if (role === "lawyer") return { userId: viewer.user?.id ?? null, role: "lawyer" };
  if (viewer.user && row.userId === viewer.user.id) return { userId: viewer.user.id, role: "client" };
  return { userId: null, role: "case_link" };
}

/** Records one download. */
export async function recordDownload(db: Db, entry: DownloadEntry): Promise<void> {
  await db.insert(documentDownloads).values({
    caseId: "caseId" in entry ? entry.caseId : null,
    caseDocumentId: "caseDocumentId" in entry ? entry.caseDocumentId : null,
    proofId: "proofId" in entry ? entry.proofId : null,
    userId: entry.userId,
    downloaderRole: entry.role,
    downloadedAt: entry.at,
  });
}

/** One line of a case's download list (shown to its client). */
export interface CaseDownloadInfo {
  /** The download's own id. */
  id: string;
  documentId: string;
  fileName: string;
  role: DownloaderRole;
  /** ISO 8601. */
  downloadedAt: string;
}

/** The downloads of a case's documents, newest first (at most `limit`, default 200). */
export async function caseDownloads(db: Db, caseId: string, limit = 200): Promise<CaseDownloadInfo[]> {
  const rows = await db
    .select({
      id: documentDownloads.id,
      documentId: documentDownloads.caseDocumentId,
      fileName: caseDocuments.fileName,
      role: documentDownloads.downloaderRole,
      downloadedAt: documentDownloads.downloadedAt,
    })
    .from(documentDownloads)
    .innerJoin(caseDocuments, eq(caseDocuments.id, documentDownloads.caseDocumentId))
    .where(eq(documentDownloads.caseId, caseId))
    .orderBy(desc(documentDownloads.downloadedAt), desc(documentDownloads.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    documentId: r.documentId ?? "",
    fileName: r.fileName,
    role: r.role as DownloaderRole,
    downloadedAt: r.downloadedAt.toISOString(),
  }));
}
