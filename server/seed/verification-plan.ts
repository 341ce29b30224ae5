/**
 * What a new listing's verification starts as, carried next to its row into insertBatches
 * (server/seed/insert.ts), which writes the admission, checks and discipline records and then
 * lets recomputeVerifications (server/verification/recompute.ts) set the `verified` cache: the
 * seed, the import and the benchmark go through the same code path (issue 15 §2).
 *
 * Dates are days relative to the insert's clock, so demo data seeded today has checks of the
 * last months and due dates ahead, whatever day the server first starts, and the generator stays
 * deterministic.
 */
import type { CheckKind, CheckMethod, CheckStatus } from "../../lib/verification.ts";
import type { CheckDetails } from "../db/schema.ts";

/** A check to write; `checkedDaysAgo` / `dueInDays` null leave the dates empty. */
export interface PlannedCheck {
  kind: CheckKind;
  status: CheckStatus;
  method: CheckMethod | null;
  source: string | null;
  sourceUrl: string | null;
  checkedDaysAgo: number | null;
  dueInDays: number | null;
  details?: CheckDetails | undefined;
  demo: boolean;
}

/** A listing's verification to write with it. */
export interface VerificationPlan {
  admission?:
    | {
        countryCode: string;
        region: string | null;
        regulator: string;
        licenceNumber: string;
        yearAdmitted: number | null;
        status: "active" | "inactive" | "suspended" | "revoked";
      }
    | undefined;
  checks: PlannedCheck[];
  discipline?:
    | {
        daysAgo: number;
        outcome: string;
        regulator: string;
        sourceUrl: string | null;
        lawyerStatement: string | null;
        demo: boolean;
      }[]
    | undefined;
}
