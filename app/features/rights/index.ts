/**
 * Data rights (issue 17 §4; GDPR Art. 15, 17, 20): "Your data" on the dashboard and on
 * /dashboard/data (DataRightsSection: download my data, delete my account with its grace period
 * and cancel), and the case page's "Download this case's data" (CaseDataExport). The server work
 * is in server/rights; the routes in server/api/account-rights.ts.
 */
export { CaseDataExport } from "./CaseDataExport";
export {
  DataRightsSection,
  type DataRightsView,
  type DeletionFailure,
  deletionFailureOf,
} from "./DataRightsSection";
export { ExportButton } from "./ExportButton";
