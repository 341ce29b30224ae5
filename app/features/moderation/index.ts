/**
 * Moderation (issue 15 §3 "Reports and corrections"): the public report and removal pages, the
 * profile's links and the hidden listing's 410 page, the lawyer's correction requests and the back
 * office's report, request and listing screens. The actions' shared step
 * (moderation-action.server.ts) is server-only and not exported here.
 */
export { CorrectionScreen, ListingScreen, ReportScreen } from "./AdminScreens";
export { CorrectionsLink, CorrectionsPage } from "./CorrectionsPage";
export { failureOf } from "./forms";
export {
  HiddenListingPage,
  ListingModerationLinks,
  type ListingRef,
  RemovalPage,
  ReportPage,
} from "./PublicForms";
