/**
 * The public shape of a listing's verification (issue 15 §2 "Profile and cards"; the JSON of
 * `GET /api/lawyers/{id}` carries `verification` and `disciplinaryRecords` with these exact
 * names), and the rule that decides what a check shows, shared by server and browser.
 *
 * Rule (issue 15 §2; the licence badge of trust feature 1 in research notes
 * [S16][S18][S20][S22][S27]): a check counts as verified only while it is not past its
 * `nextCheckDue` (licence yearly, insurance at expiry); past it, it shows `lapsed`. The listing's
 * status is the best state of its licence checks: verified > pending > lapsed > rejected >
 * unverified. Only `verified` shows the tick.
 */
import type { ADMISSION_STATUSES, CHECK_KINDS, CHECK_METHODS, CHECK_STATUSES } from "./constants.ts";
import { sameSpecialistTitle } from "./specialist-titles.ts";

/** One of the checks (the five of issue 15 §2 and, issue 28 §2, one per specialist title). */
export type CheckKind = (typeof CHECK_KINDS)[number];
/** A check's state. */
export type CheckStatus = (typeof CHECK_STATUSES)[number];
/** How a check was made. */
export type CheckMethod = (typeof CHECK_METHODS)[number];

/** One check as the public sees it (dates are ISO `YYYY-MM-DD`, null when not known). */
export interface VerificationCheckDTO {
  kind: CheckKind;
  status: CheckStatus;
  method: CheckMethod | null;
  source: string | null;
  sourceUrl: string | null;
  checkedOn: string | null;
  nextCheckDue: string | null;
  /**
   * What was found: insurance carrier/cover/expiry, education school/degree/year, a specialist
   * title's title/issuer/area/since (issue 28 §2), …; null when nothing.
   */
  details: Record<string, string | number | boolean | null> | null;
  /**
   * True for the seed's made-up records: the page marks them "Demo record" in its own language
   * (issue 28 §2: the marker comes from the catalogs, the stored source is the regulator's name).
   */
  demo: boolean;
}

/** One bar admission as the public sees it. */
export interface BarAdmissionDTO {
  countryCode: string;
  region: string | null;
  regulator: string;
  licenceNumber: string;
  yearAdmitted: number | null;
  status: (typeof ADMISSION_STATUSES)[number];
}

/** A listing's verification: the computed status, every check and every admission. */
export interface VerificationDTO {
  status: CheckStatus;
  checks: VerificationCheckDTO[];
  admissions: BarAdmissionDTO[];
}

/**
 * A public disciplinary record from the regulator, with the lawyer's statement (issue 15 §2
 * [S1][S20][S21]). A demo record (`demo`, issue 28 §2) carries its outcome and statement as
 * catalog references (lib/i18n/message.ts msg) that the page translates; a real one the
 * regulator's own words, shown as they are.
 */
export interface DisciplinaryRecordDTO {
  date: string;
  outcome: string;
  regulator: string;
  sourceUrl: string | null;
  lawyerStatement: string | null;
  demo: boolean;
}

/** Today's date `YYYY-MM-DD` in UTC for a clock instant (the day the due dates are compared with). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * What a stored check shows on `today` (`YYYY-MM-DD`): `lapsed` for a verified check whose
 * `nextCheckDue` is before today, otherwise its stored status. Pure; never throws.
 */
export function effectiveCheckStatus(
  check: { status: CheckStatus; nextCheckDue: string | null },
  today: string,
): CheckStatus {
  if (check.status === "verified" && check.nextCheckDue !== null && check.nextCheckDue < today)
    return "lapsed";
  return check.status;
}

const LICENCE_ORDER: readonly CheckStatus[] = ["verified", "pending", "lapsed", "rejected", "unverified"];

/**
 * The listing's status from its checks on `today`: the best effective state of its licence checks
 * (verified > pending > lapsed > rejected > unverified); `unverified` without a licence check.
 * The SQL of server/verification/recompute.ts applies the same rule to the cache columns.
 */
export function licenceStatus(
  checks: readonly { kind: CheckKind; status: CheckStatus; nextCheckDue: string | null }[],
  today: string,
): CheckStatus {
  let best = LICENCE_ORDER.length - 1;
  for (const c of checks) {
    if (c.kind !== "licence") continue;
    best = Math.min(best, LICENCE_ORDER.indexOf(effectiveCheckStatus(c, today)));
  }
  return LICENCE_ORDER[best] as CheckStatus;
}

/** The licence check that earns the tick (verified, not past due), with its source, or null. */
export function verifiedLicence(v: VerificationDTO | null | undefined): VerificationCheckDTO | null {
  return v?.checks.find((c) => c.kind === "licence" && c.status === "verified") ?? null;
}

/**
 * The check of one specialist title (issue 28 §2): the `specialist_title` check whose details name
 * the same title from the same body (lib/specialist-titles.ts sameSpecialistTitle), or undefined
 * (the title is not checked yet). A check of a title the listing no longer states matches nothing.
 */
export function specialistTitleCheck<C extends { kind: CheckKind; details: Record<string, unknown> | null }>(
  checks: readonly C[],
  title: { title: string; issuer: string },
): C | undefined {
  return checks.find(
    (c) =>
      c.kind === "specialist_title" &&
      sameSpecialistTitle(title, {
        title: String(c.details?.title ?? ""),
        issuer: String(c.details?.issuer ?? ""),
      }),
  );
}
