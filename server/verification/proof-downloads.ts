/**
 * Downloading a verification proof (issue 15 §2 "upload proof (kept private, like case
 * documents)"; issue 17 §3): only the listing's owner and staff get the file, everyone else, an
 * unknown or malformed id null (404: no hint that the id exists, IDOR). Every download is
 * rate-limited and recorded.
 */
import { eq } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { CASE_DOCUMENT_TYPES } from "../../lib/cases.ts";
import { isUuid } from "../../lib/ids.ts";
import { verificationProofs } from "../db/schema.ts";
import { recordDownload } from "../storage/downloads.ts";
import type { ProofDownload, VerificationDeps } from "./service.ts";

/**
 * Proof `proofId` (a UUID) for its listing's owner or staff, with its media type from its stored
 * file type; null for anyone else, an unknown or malformed id, or a file missing from the store
 * (logged). Counts 'document-download' per user and records the download (role lawyer or staff).
 * @throws RateLimitedError past 'document-download'
 */
export async function downloadProof(
  deps: Pick<VerificationDeps, "db" | "clock" | "rateLimits" | "logger" | "store">,
  input: { user: PublicUser | null; proofId: string },
): Promise<ProofDownload | null> {
  const { db, clock, rateLimits, logger, store } = deps;
  const { user, proofId } = input;
  if (!user || !isUuid(proofId)) return null;
  const [proof] = await db
    .select()
    .from(verificationProofs)
    .where(eq(verificationProofs.id, proofId.toLowerCase()));
  if (!proof) return null;
  const owner = user.role === "lawyer" && user.lawyerId === proof.lawyerId;
  if (!owner && !isStaffRole(user.role)) return null;
  // Issue 17 §3: every download writes a log row, so downloads are rate-limited (429).
  await rateLimits.consume("document-download", `user:${user.id}`);
  const object = await store.get(proof.fileKey);
  if (!object) {
    logger.error({ proofId: proof.id }, "a verification proof is missing from the store");
    return null;
  }
  const mediaType =
    CASE_DOCUMENT_TYPES[proof.fileType as keyof typeof CASE_DOCUMENT_TYPES] ?? "application/octet-stream";
  // Issue 17 §3: every download is recorded (the owner lawyer, or staff in the back office).
  await recordDownload(db, {
    proofId: proof.id,
    userId: user.id,
    role: owner ? "lawyer" : "staff",
    at: clock.now(),
  });
  return { fileName: proof.fileName, mediaType, size: object.size, body: object.body };
}
