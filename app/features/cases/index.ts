/**
 * The cases feature (spec §2 "Case form dialog", §4, §5, §9 "Case form options"; issue 4 "Case
 * submission"; issue 13 §4 "The UI by feature"): Submit Case on a profile (the lazy dialog, and
 * the in-page form that works without JavaScript), the dashboard's cases panel, and the display
 * helpers the case page and the inbox share. Routes and other features import only from here.
 */
export { SubmitCaseButton, type SubmitCaseButtonProps } from "./CaseFormDialog";
export { CasesPanel } from "./CasesPanel";
export {
  CASE_STATUS_COLORS,
  CaseStatusBadge,
  formatCaseDate,
  formatCaseDay,
  formatFileSize,
  optionLabel,
} from "./case-display";
