/**
 * Contract of the cases domain (issue 4 "Cases, messages and the contact form"): case intake with
 * documents, tracking, status changes and the case thread. Implemented in server/cases/index.ts.
 */
import type { PublicUser } from "../../lib/account.ts";
import type { CaseStatus } from "../../lib/constants.ts";

/** One case in a dashboard list (a client's own, or those sent to a lawyer's listing). */
export interface CaseListItem {
  id: string;
  caseTitle: string;
  caseType: string;
  status: CaseStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** The cases domain as loaders and API handlers use it. */
export interface CasesService {
  /** Cases for the dashboard: a client's own, or those sent to a lawyer's listing; newest first. */
  dashboardView(user: PublicUser): Promise<CaseListItem[]>;
}
