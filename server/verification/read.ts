/**
 * The public read model of a listing's verification (issue 15 §2 "Profile and cards"): its
 * checks, admissions and public disciplinary records, as `GET /api/lawyers/{id}` and the profile
 * page show them (lib/verification.ts shapes). A check past its `nextCheckDue` on the clock's day
 * reads `lapsed` (never a tick), whatever its row says [S16][S20][S27].
 */
import { asc, eq } from "drizzle-orm";
import { CHECK_KINDS } from "../../lib/constants.ts";
import {
  type BarAdmissionDTO,
  type CheckKind,
  type CheckMethod,
  type CheckStatus,
  type DisciplinaryRecordDTO,
  effectiveCheckStatus,
  isoDay,
  licenceStatus,
  type VerificationDTO,
} from "../../lib/verification.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { barAdmissions, disciplinaryRecords, verificationChecks } from "../db/schema.ts";

/** A listing's verification and public discipline. */
export interface ListingVerification {
  verification: VerificationDTO;
  disciplinaryRecords: DisciplinaryRecordDTO[];
}

/**
 * Reads the verification of one listing (empty lists and status `unverified` for a listing
 * without any; the id is not checked to exist). Checks come in CHECK_KINDS order (licence,
 * discipline, insurance, education, experience), then by id. Throws only database errors.
 */
export async function readVerification(
  db: Db,
  lawyerId: number,
  clock: Clock = systemClock,
): Promise<ListingVerification> {
  const today = isoDay(clock.now());
  const [checks, admissions, records] = await Promise.all([
    db
      .select()
      .from(verificationChecks)
      .where(eq(verificationChecks.lawyerId, lawyerId))
      .orderBy(asc(verificationChecks.id)),
    db
      .select()
      .from(barAdmissions)
      .where(eq(barAdmissions.lawyerId, lawyerId))
      .orderBy(asc(barAdmissions.id)),
    db
      .select()
      .from(disciplinaryRecords)
      .where(eq(disciplinaryRecords.lawyerId, lawyerId))
      .orderBy(asc(disciplinaryRecords.decidedOn), asc(disciplinaryRecords.id)),
  ]);
  const order = (k: string) => CHECK_KINDS.indexOf(k as CheckKind);
  const sorted = [...checks].sort((a, b) => order(a.kind) - order(b.kind) || a.id - b.id);
  const stored = sorted.map((c) => ({
    kind: c.kind as CheckKind,
    status: c.status as CheckStatus,
    nextCheckDue: c.nextCheckDue ?? null,
  }));
  return {
    verification: {
      status: licenceStatus(stored, today),
      checks: sorted.map((c) => ({
        kind: c.kind as CheckKind,
        status: effectiveCheckStatus(
          { status: c.status as CheckStatus, nextCheckDue: c.nextCheckDue ?? null },
          today,
        ),
        method: (c.method as CheckMethod | null) ?? null,
        source: c.source ?? null,
        sourceUrl: c.sourceUrl ?? null,
        checkedOn: c.checkedOn ?? null,
        nextCheckDue: c.nextCheckDue ?? null,
        details: c.details ?? null,
        demo: c.demo,
      })),
      admissions: admissions.map((a) => ({
        countryCode: a.countryCode,
        region: a.region ?? null,
        regulator: a.regulator,
        licenceNumber: a.licenceNumber,
        yearAdmitted: a.yearAdmitted ?? null,
        status: a.status as BarAdmissionDTO["status"],
      })),
    },
    disciplinaryRecords: records.map((r) => ({
      date: r.decidedOn,
      outcome: r.outcome,
      regulator: r.regulator,
      sourceUrl: r.sourceUrl ?? null,
      lawyerStatement: r.lawyerStatement ?? null,
      demo: r.demo,
    })),
  };
}
