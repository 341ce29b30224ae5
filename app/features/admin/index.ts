/**
 * Admin: the staff back office (issue 15 §1): its frame and navigation (AdminShell), the queues
 * overview, the contact-form inbox and message, the audit log, and the staff second-factor screen.
 * The guard (admin-guard.server.ts) and the loaders' work are server-only and not exported here.
 */
export { ADMIN_SECTIONS, type AdminSection, AdminShell, Pager } from "./AdminShell";
export { AuditLogView, type AuditQuery } from "./AuditLogView";
export { ContactInbox, inboxSearch, StatusBadge } from "./ContactInbox";
export { ContactMessage } from "./ContactMessage";
export { QueuesOverview } from "./QueuesOverview";
export { RecheckView } from "./RecheckView";
export { SecondFactorForm, type SecondFactorView } from "./SecondFactorForm";
