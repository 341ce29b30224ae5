/**
 * What a case's lawyer may see of it (issue 27 §2; issue 17 §2 two-stage intake, ABA Model Rule
 * 1.18 and its Comment 4: a prospective client's information is confidential, and intake before
 * the conflict check is limited to what the check needs). One rule for every reader the lawyer has:
 * the case page and GET /api/cases/{id} (reads.ts detailOf), the case lists, the thread, the
 * document downloads (index.ts download), the emails to the lawyer (emails.ts, the response
 * reminder), and the lawyer's data export (server/rights/collect.ts).
 *
 * The rule is the fact, not the status: until the lawyer accepted the case for review
 * (`acceptedAt` set, only ever by the accept move of lib/case-states.ts), the lawyer gets the
 * conflict-check summary and nothing else. The summary is an allow-list (LAWYER_SUMMARY_COLUMNS),
 * so a column added to `cases` later stays sealed until someone decides otherwise.
 */
import type { cases } from "../db/schema.ts";

/** A row of `cases`. */
type CaseRow = typeof cases.$inferSelect;

/**
 * The columns of a case its lawyer sees before acceptance: what identifies the case (id, listing,
 * title, type, priority, status, language, dates), the conflict-check facts (the client's name,
 * the other party, when and where the incident happened) and the intake's own record (accepted,
 * declined with the reason the lawyer gave, engaged, closed, reminders, purge). Everything else —
 * the description, the documents, the budget, the date needed, the client's email, phone, preferred
 * channel and account, the case it was re-sent from — opens with acceptance.
 */
export const LAWYER_SUMMARY_COLUMNS = [
  "id",
  "lawyerId",
  "caseTitle",
  "caseType",
  "priority",
  "status",
  "locale",
  "createdAt",
  "updatedAt",
  "clientName",
  "otherParty",
  "incidentDate",
  "incidentPlace",
  "acceptedAt",
  "declinedAt",
  "declineReason",
  "engagedAt",
  "closedAt",
  "remindedAt",
  "clientNotifiedAt",
  "documentsPurgedAt",
] as const satisfies readonly (keyof CaseRow)[];

const SUMMARY = new Set<string>(LAWYER_SUMMARY_COLUMNS);

/** A case as its lawyer may see it: every field outside the summary may be null. */
export type LawyerCaseView<T> = {
  [K in keyof T]: K extends (typeof LAWYER_SUMMARY_COLUMNS)[number] ? T[K] : T[K] | null;
};

/**
 * Whether the case file (description, documents and the rest beyond the summary) is open to the
 * case's lawyer: only once `acceptedAt` is set (a Date, or its ISO string in an API shape).
 */
export function caseFileOpenToLawyer(c: { acceptedAt: Date | string | null }): boolean {
  return c.acceptedAt !== null;
}

/**
 * The case `c` (a `cases` row, or any object with its field names) as its lawyer may see it: `c`
 * itself once accepted; before, a copy in which every field outside LAWYER_SUMMARY_COLUMNS is null
 * (so the shape stays and a caller that forgets a field shows nothing rather than the file).
 */
export function caseAsLawyerSeesIt<T extends { acceptedAt: Date | string | null }>(c: T): LawyerCaseView<T> {
  if (caseFileOpenToLawyer(c)) return c as LawyerCaseView<T>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c)) out[key] = SUMMARY.has(key) ? value : null;
  return out as LawyerCaseView<T>;
}
