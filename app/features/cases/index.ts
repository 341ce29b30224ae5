/**
 * The cases feature (spec §2 "Case form dialog", §4, §5, §9 "Case form options"; issue 4 "Case
 * submission"; issue 13 §4 "The UI by feature"): Submit Case on a profile (the link that opens
 * the lazy dialog, and the in-page form with its page action that work without JavaScript), the
 * dashboard's cases panel, and the display helpers the case page and the inbox share. Routes and
 * other features import only from here.
 */

export { SubmitCaseButton, type SubmitCaseButtonProps } from "./CaseFormDialog";
export { CASE_FORM_SECTION_ID, CaseFormInPage } from "./CaseFormInPage";
export type { CaseDialogSent, CaseSuccessSummary } from "./CaseFormModel";
export { HealthDataConsentField } from "./CaseIntake";
export { CaseStatusGuide } from "./CaseStatusGuide";
export { CasesPanel } from "./CasesPanel";
export {
  budgetLabel,
  CASE_STATUS_COLORS,
  CaseStatusBadge,
  caseOptionLabel,
  formatCaseDate,
  formatCaseDay,
  formatFileSize,
  optionLabel,
} from "./case-display";
export { readCaseFlash } from "./case-flash";
export type { CaseFormFailure } from "./case-page-action.server";
