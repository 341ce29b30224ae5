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
}
