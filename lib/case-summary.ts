/**
 * A submitted case as POST /api/cases answers it (issue 4 backend contract): one definition for
 * the cases domain that builds it (server/cases/service.ts) and the form that reads it
 * (app/features/cases/CaseFormModel.ts).
 */
import type { CaseStatus } from "./constants.ts";

/** A stored document as the API shows it; `fileType` is the type found in the content (extension form: pdf, doc, docx, jpg, png). */
export interface CaseDocumentInfo {
  id: string;
  fileName: string;
  fileType: string;
  /** Bytes. */
  fileSize: number;
}

/** The 201 answer's case (POST /api/cases; the HTTP contract of issue 4). */
export interface CaseSummary {
  id: string;
  lawyerId: number;
  lawyerName: string;
  caseTitle: string;
  caseType: string;
  priority: string;
  status: CaseStatus;
  /** ISO 8601. */
  createdAt: string;
  documents: CaseDocumentInfo[];
  /**
   * Issue 28 §4: whether an account with a confirmed email manages the listing the case went to.
   * When false nobody can answer yet: the listing's published address is told that a case is
   * waiting and how to claim the listing (without the client's details), and the case waits,
   * its description and documents held encrypted, until the lawyer claims the listing and accepts.
   */
  lawyerManaged: boolean;
}
