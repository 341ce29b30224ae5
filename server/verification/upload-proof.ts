/**
 * Proof uploads of a verification request (issue 15 §2 "upload proof (kept private, like case
 * documents)"): the submission's rate limit counted before the body is read, the multipart form
 * read as the case form is (server/cases/intake.ts: streamed, size-limited, type read from the
 * content), the accepted proof types, and the staged files moved into the encrypting store under
 * random keys.
 */
import type { PublicUser } from "../../lib/account.ts";
import { CASE_UPLOAD_MESSAGES, type CaseForm, readCaseRequest } from "../cases/intake.ts";
import type { StagedDocument } from "../cases/service.ts";
import { UnprocessableError, ValidationError } from "../errors.ts";
import { randomKey } from "../storage/index.ts";
import { listingOf } from "./request-input.ts";
import { PROOF_TYPES, VERIFICATION_MESSAGES, type VerificationDeps } from "./service.ts";

/** A staged proof with the store key it was written under. */
export type StoredProof = StagedDocument & { key: string };

/**
 * Counts one request submission of `user` under 'verification-user' before its body (the proof
 * uploads) is read. @throws ForbiddenError no listing, RateLimitedError past the limit
 */
export async function limitSubmission(
  deps: Pick<VerificationDeps, "rateLimits">,
  input: { user: PublicUser },
): Promise<void> {
  listingOf(input.user);
  await deps.rateLimits.consume("verification-user", input.user.id);
}

/**
 * Reads the request form (multipart, `documents` parts staged in the store's temporary
 * directory) as the case form does. @throws the case form's upload errors (413, 422, 400)
 */
export async function readProofForm(
  deps: Pick<VerificationDeps, "store">,
  input: { request: Request; fields: Record<string, string> },
): Promise<CaseForm> {
  return readCaseRequest(input.request, await deps.store.tempDir(), input.fields);
}

/**
 * Checks the staged proofs: each one PDF, JPEG or PNG (PROOF_TYPES), at least one.
 * @throws UnprocessableError another type (e.g. DOC/DOCX), ValidationError none
 */
export function checkProofs(staged: readonly StagedDocument[]): void {
  for (const doc of staged)
    if (!(PROOF_TYPES as readonly string[]).includes(doc.fileType))
      throw new UnprocessableError(CASE_UPLOAD_MESSAGES.badType(doc.fileName), "documents");
  if (staged.length === 0) throw new ValidationError(VERIFICATION_MESSAGES.needProof, "documents");
}

/**
 * Writes each staged proof into the store under a random key and pushes the key onto `stored`
 * as soon as it is written, so the caller can delete them all if a later step fails.
 */
export async function storeProofs(
  deps: Pick<VerificationDeps, "store">,
  input: { staged: readonly StagedDocument[]; stored: string[] },
): Promise<StoredProof[]> {
  const files: StoredProof[] = [];
  for (const doc of input.staged) {
    const key = randomKey();
    await deps.store.putFile(key, doc.tempPath, doc.mediaType);
    input.stored.push(key);
    files.push({ ...doc, key });
  }
  return files;
}
