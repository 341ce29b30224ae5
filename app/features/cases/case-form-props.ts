/**
 * The props of Submit Case (CaseFormDialog.tsx) that the lazy dialog (CaseFormModal.tsx) takes
 * too: in a module of their own, so the dialog does not import the button that loads it (issue 30:
 * no import circles).
 */
import type { ReactNode } from "react";

/** The lawyer the case goes to, and the signed-in client's name and email to prefill. */
export interface SubmitCaseButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { clientName: string; clientEmail: string } | null;
  /**
   * The lawyer's country (ISO 3166-1 alpha-2, e.g. "JP"): the form's budget ranges show in its
   * currency (issue 14 §2); USD when left out.
   */
  countryCode?: string | null;
  /** The in-page case form is shown (`?form=case`): the link scrolls to it, no dialog. */
  inPage?: boolean;
  /**
   * False when the lawyer's licence is not verified (issue 15 §2): the form says so before the
   * sender attaches documents. Absent: nothing is said.
   */
  licenceVerified?: boolean;
  /**
   * Issue 28 §4: false when nobody manages the listing: the form says so before the first step,
   * and the confirmation says what happens instead of a promise. Absent: managed.
   */
  managed?: boolean;
  /** Issue 28 §4: what the confirmation offers when nobody manages the listing (the managed lawyers nearby). */
  alternatives?: ReactNode;
}
