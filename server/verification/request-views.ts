/**
 * What the verification screens read (issue 15 §2): the owner's page (/dashboard/verification:
 * admissions with their licence state, checks in CHECK_KINDS order, public discipline, the last
 * 20 requests with their proofs) and the moderator's screen (/admin/verification/:id: the same
 * plus the request, the owner's email and the regulators' register pages). One mapping of a
 * request row to its RequestView (requestViewOf) serves both.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { CHECK_KINDS } from "../../lib/constants.ts";
import { isIntegerId } from "../../lib/ids.ts";
import type { CheckKind, CheckStatus } from "../../lib/verification.ts";
import type { Db } from "../db/client.ts";
import {
  barAdmissions,
  disciplinaryRecords,
  lawyers,
  users,
  verificationChecks,
  verificationProofs,
  verificationRequests,
} from "../db/schema.ts";
import { regulatorFor } from "../seed/demo-regulators.ts";
import type { OwnerVerificationView, RequestView, StaffRequestView, VerificationDeps } from "./service.ts";

type RequestRow = typeof verificationRequests.$inferSelect;
type ProofRow = typeof verificationProofs.$inferSelect;

/**
 * The view of request `r` with the proofs of `proofs` that belong to it (never a storage key;
 * dates ISO 8601).
 */
export function requestViewOf(r: RequestRow, proofs: readonly ProofRow[]): RequestView {
  return {
    id: r.id,
    lawyerId: r.lawyerId,
    kinds: r.kinds as CheckKind[],
    admissionIds: r.admissionIds,
    details: r.details ?? null,
    note: r.note ?? null,
    status: r.status as RequestView["status"],
    decisionReason: r.decisionReason ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    proofs: proofs
      .filter((p) => p.requestId === r.id)
      .map((p) => ({ id: p.id, fileName: p.fileName, fileType: p.fileType, fileSize: p.fileSize })),
  };
}

/** The verification page of listing `lawyerId`, or null for an unknown listing. */
export async function listingVerificationView(
  deps: { db: Db },
  input: { lawyerId: number },
): Promise<OwnerVerificationView | null> {
  const { db } = deps;
  const { lawyerId } = input;
  const [listing] = await db.select({ name: lawyers.name }).from(lawyers).where(eq(lawyers.id, lawyerId));
  if (!listing) return null;
  const [admissions, checks, records, requests] = await Promise.all([
    db
      .select()
      .from(barAdmissions)
      .where(eq(barAdmissions.lawyerId, lawyerId))
      .orderBy(asc(barAdmissions.id)),
    db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.lawyerId, lawyerId))
      .orderBy(asc(verificationChecks.id)),
    db
      .select()
      .from(disciplinaryRecords)
      .where(eq(disciplinaryRecords.lawyerId, lawyerId))
      .orderBy(asc(disciplinaryRecords.decidedOn)),
    db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.lawyerId, lawyerId))
      .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
      .limit(20),
  ]);
  const proofs =
    requests.length === 0
      ? []
      : await db
          .select()
          .from(verificationProofs)
          .where(
            inArray(
              verificationProofs.requestId,
              requests.map((r) => r.id),
            ),
          )
          .orderBy(asc(verificationProofs.uploadedAt));
  const order = (k: string) => CHECK_KINDS.indexOf(k as CheckKind);
  return {
    lawyerId,
    listingName: listing.name,
    admissions: admissions.map((a) => ({
      id: a.id,
      countryCode: a.countryCode,
      region: a.region ?? null,
      regulator: a.regulator,
      licenceNumber: a.licenceNumber,
      yearAdmitted: a.yearAdmitted ?? null,
      status: a.status,
      licenceStatus:
        (checks.find((c) => c.kind === "licence" && c.admissionId === a.id)?.status as CheckStatus) ??
        "unverified",
    })),
    checks: [...checks]
      .sort((a, b) => order(a.kind) - order(b.kind) || a.id - b.id)
      .map((c) => ({
        id: c.id,
        kind: c.kind as CheckKind,
        admissionId: c.admissionId ?? null,
        status: c.status as CheckStatus,
        method: c.method ?? null,
        source: c.source ?? null,
        sourceUrl: c.sourceUrl ?? null,
        checkedOn: c.checkedOn ?? null,
        nextCheckDue: c.nextCheckDue ?? null,
        details: c.details ?? null,
      })),
    discipline: records.map((r) => ({
      id: r.id,
      date: r.decidedOn,
      outcome: r.outcome,
      regulator: r.regulator,
      sourceUrl: r.sourceUrl ?? null,
      lawyerStatement: r.lawyerStatement ?? null,
    })),
    requests: requests.map((r) => requestViewOf(r, proofs)),
  };
}

/** The owner's page data, or null for an account without a listing (a client, staff, a new lawyer). */
export async function ownerVerificationView(
  deps: { db: Db },
  input: { user: PublicUser },
): Promise<OwnerVerificationView | null> {
  const { user } = input;
  if (user.role !== "lawyer" || user.lawyerId === null) return null;
  return listingVerificationView(deps, { lawyerId: user.lawyerId });
}

/** Request `id` with its proofs (one older than the page's last 20), or null for an unknown id. */
async function requestById(db: Db, id: number): Promise<RequestView | null> {
  const [r] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
  if (!r) return null;
  const proofs = await db.select().from(verificationProofs).where(eq(verificationProofs.requestId, id));
  return requestViewOf(r, proofs);
}

/**
 * Request `id` for the moderator's screen (the caller checked the staff role): its listing's
 * page, the request, the owner's email and per admission the regulator's register page; null for
 * an unknown or malformed id.
 */
export async function staffRequestView(
  deps: Pick<VerificationDeps, "db">,
  input: { id: number },
): Promise<StaffRequestView | null> {
  const { db } = deps;
  const { id } = input;
  if (!isIntegerId(id)) return null;
  const [row] = await db
    .select({ lawyerId: verificationRequests.lawyerId })
    .from(verificationRequests)
    .where(eq(verificationRequests.id, id));
  if (!row) return null;
  const view = await listingVerificationView(deps, { lawyerId: row.lawyerId });
  if (!view) return null;
  const request = view.requests.find((r) => r.id === id) ?? (await requestById(db, id));
  if (!request) return null;
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.lawyerId, row.lawyerId))
    .limit(1);
  const registers = Object.fromEntries(
    view.admissions.map((a) => [a.id, regulatorFor(a.countryCode, a.region).registerUrl]),
  );
  return { ...view, request, ownerEmail: owner?.email ?? null, registers };
}
