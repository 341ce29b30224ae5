/**
 * A lawyer's verification request (issue 15 §2 "Lawyers request verification from their
 * dashboard"): the picked kinds with their details and proof files are stored, and every check
 * the request is about (check-targets.ts) becomes `pending`, audited and recomputed in one
 * transaction. The staged uploads are deleted in every case, and the stored proofs when the
 * request is not saved.
 */
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PublicUser } from "../../lib/account.ts";
import { recordAudit } from "../audit/index.ts";
import { discardStaged } from "../cases/intake.ts";
import type { StagedDocument } from "../cases/service.ts";
import {
  barAdmissions,
  type CheckDetails,
  verificationChecks,
  verificationProofs,
  verificationRequests,
} from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { findCheck, labelOf, targetsOf, titleDetails, titlesOf } from "./check-targets.ts";
import { recomputeVerification } from "./recompute.ts";
import { actorOf, listingOf, RequestInputSchema, validationOf } from "./request-input.ts";
import { VERIFICATION_MESSAGES, type VerificationDeps } from "./service.ts";
import { checkProofs, type StoredProof, storeProofs } from "./upload-proof.ts";

type RequestInput = z.output<typeof RequestInputSchema>;

/**
 * The details the picked kinds need (insurance: carrier, cover, expiry; education: school,
 * degree, year) as stored on the request. @throws ValidationError one message per missing field
 */
export function requestDetails(v: RequestInput): CheckDetails {
  const fieldErrors: Record<string, string> = {};
  if (v.kinds.includes("insurance")) {
    if (!v.insuranceCarrier) fieldErrors.insuranceCarrier = VERIFICATION_MESSAGES.invalid;
    if (!v.insuranceCover) fieldErrors.insuranceCover = VERIFICATION_MESSAGES.invalid;
    if (!v.insuranceExpiry) fieldErrors.insuranceExpiry = VERIFICATION_MESSAGES.invalid;
  }
  if (v.kinds.includes("education")) {
    if (!v.educationSchool) fieldErrors.educationSchool = VERIFICATION_MESSAGES.invalid;
    if (!v.educationDegree) fieldErrors.educationDegree = VERIFICATION_MESSAGES.invalid;
    if (!v.educationYear) fieldErrors.educationYear = VERIFICATION_MESSAGES.invalid;
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new ValidationError(VERIFICATION_MESSAGES.invalid, fieldErrors);
  const details: CheckDetails = {};
  if (v.kinds.includes("insurance"))
    Object.assign(details, {
      carrier: v.insuranceCarrier ?? null,
      cover: v.insuranceCover ?? null,
      expiry: v.insuranceExpiry ?? null,
    });
  if (v.kinds.includes("education"))
    Object.assign(details, {
      school: v.educationSchool ?? null,
      degree: v.educationDegree ?? null,
      year: v.educationYear ?? null,
    });
  return details;
}

/**
 * Stores a request with its proofs (`staged`, from readProofForm) and makes the picked checks
 * `pending` (audited "verification.requested", recomputed); answers the request's id. A licence
 * request without admission ids covers every admission of the listing.
 * @throws ForbiddenError no listing, ValidationError (form, no proof, unknown admission, no
 * specialist title, missing details), UnprocessableError a proof of another type than PDF/JPEG/PNG
 */
export async function submitRequest(
  deps: Pick<VerificationDeps, "db" | "clock" | "store">,
  input: { user: PublicUser; form: unknown; staged: StagedDocument[]; ip: string },
): Promise<number> {
  const { db, clock, store } = deps;
  const { user, staged, ip } = input;
  const stored: string[] = [];
  try {
    const lawyerId = listingOf(user);
    const parsed = RequestInputSchema.safeParse(input.form);
    if (!parsed.success) throw validationOf(parsed.error);
    const v = parsed.data;
    checkProofs(staged);
    const admissions = await db
      .select()
      .from(barAdmissions)
      .where(eq(barAdmissions.lawyerId, lawyerId))
      .orderBy(asc(barAdmissions.id));
    let admissionIds: number[] = [];
    if (v.kinds.includes("licence")) {
      admissionIds = v.admissionIds.length > 0 ? v.admissionIds : admissions.map((a) => a.id);
      if (admissionIds.length === 0 || admissionIds.some((id) => !admissions.some((a) => a.id === id)))
        throw new ValidationError(VERIFICATION_MESSAGES.needAdmission, "admissionIds");
    }
    const titles = await titlesOf(db, lawyerId);
    if (v.kinds.includes("specialist_title") && titles.length === 0)
      throw new ValidationError(VERIFICATION_MESSAGES.needSpecialistTitle, "kinds");
    const details = requestDetails(v);
    const files: StoredProof[] = await storeProofs({ store }, { staged, stored });
    const at = clock.now();
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(verificationRequests)
        .values({
          lawyerId,
          requestedBy: user.id,
          kinds: v.kinds,
          admissionIds,
          details: Object.keys(details).length > 0 ? details : null,
          note: v.note ?? null,
          createdAt: at,
        })
        .returning({ id: verificationRequests.id });
      const requestId = row?.id ?? 0;
      if (files.length > 0)
        await tx.insert(verificationProofs).values(
          files.map((f) => ({
            requestId,
            lawyerId,
            fileName: f.fileName,
            fileType: f.fileType,
            fileSize: f.size,
            fileKey: f.key,
            uploadedAt: at,
          })),
        );
      const before: Record<string, string | null> = {};
      for (const target of targetsOf(v.kinds, admissionIds, titles)) {
        const found = await findCheck(tx, lawyerId, target);
        before[labelOf(target)] = found?.status ?? null;
        if (found)
          await tx
            .update(verificationChecks)
            .set({ status: "pending", updatedAt: at })
            .where(eq(verificationChecks.id, found.id));
        else
          await tx.insert(verificationChecks).values({
            lawyerId,
            admissionId: target.admissionId,
            kind: target.kind,
            status: "pending",
            ...(target.title ? { source: target.title.issuer, details: titleDetails(target.title) } : {}),
          });
      }
      await recordAudit(tx, {
        actor: actorOf(user),
        action: "verification.requested",
        subjectType: "listing",
        subjectId: lawyerId,
        before,
        after: {
          requestId,
          checks: Object.fromEntries(Object.keys(before).map((k) => [k, "pending"])),
          proofs: files.length,
        },
        reason: v.note ?? null,
        ip,
        at,
      });
      await recomputeVerification(tx, lawyerId, clock);
      return requestId;
    });
    stored.length = 0;
    return id;
  } finally {
    await discardStaged(staged);
    for (const key of stored) await store.delete(key).catch(() => {});
  }
}
