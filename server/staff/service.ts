/**
 * The staff service's contract (issue 15 §1 "Staff roles and the back office"): the second factor
 * of staff sign-in, the back office's queues, the contact-form inbox and the audit log. Used by
 * the page loaders and actions of /login/second-factor and /admin (app/features/admin), which
 * import only these types. The implementation is server/staff/index.ts.
 */

import type { PublicUser, StaffRole } from "../../lib/account.ts";
import type { CONTACT_MESSAGE_STATUSES } from "../../lib/constants.ts";
import type { CheckKind } from "../../lib/verification.ts";
import type { AuditFilter, AuditPage, AuditRow } from "../audit/index.ts";

/** A staff session that passed the password but not yet the second factor. */
export interface PendingStaffSession {
  sessionId: string;
  user: PublicUser & { role: StaffRole };
  /** True once the account has a confirmed TOTP factor (else the page shows the enrolment). */
  enrolled: boolean;
}

/** What the enrolment step shows: the secret as text, the otpauth URI and its QR code as SVG. */
export interface Enrolment {
  /** Base32 secret, shown once as text for typing into an authenticator app. */
  secret: string;
  otpauthUri: string;
  /** The QR code of otpauthUri as an SVG document rendered on the server. */
  qrSvg: string;
}

/** A fresh session after the second factor passed (the pending one is revoked). */
export interface PassedSession {
  token: string;
  expiresAt: Date;
}

/** A contact message's inbox state (issue 15 §1). */
export type ContactStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** A contact-form message in the inbox list. */
export interface ContactSummary {
  id: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  priority: string;
  status: ContactStatus;
  createdAt: string;
}

/** One contact message opened in the inbox. */
export interface ContactMessageView extends ContactSummary {
  phone: string | null;
  message: string;
  handledAt: string | null;
  handledByEmail: string | null;
}

/** The inbox's filters (both optional) and a page of it. */
export interface ContactFilter {
  status?: ContactStatus;
  category?: string;
}

/** A page of the inbox (CONTACT_PAGE_SIZE rows, newest first) and the total under the filter. */
export interface ContactPage {
  rows: ContactSummary[];
  page: number;
  total: number;
  pageCount: number;
}

/** The back office's queues (issue 15 §1); the checks work of issue 15 §2/§3 fills them. */
export const QUEUE_KINDS = ["verification", "rechecks", "reports", "corrections", "reviews"] as const;
/** One of QUEUE_KINDS. */
export type QueueKind = (typeof QUEUE_KINDS)[number];

/**
 * One item waiting in a queue: what the overview lists. `href` is the path of the screen that
 * handles it (without locale prefix), e.g. "/admin/verification/42".
 */
export interface QueueItem {
  id: string;
  kind: QueueKind;
  /** Short text naming the subject, e.g. the listing's name. */
  title: string;
  /** The check the item is about (re-checks), shown after the title in the page's language. */
  checkKind?: CheckKind;
  subjectType: "listing" | "user";
  subjectId: string;
  /** When it entered the queue (ISO 8601). */
  since: string;
  href: string;
}

/**
 * The contract a queue plugs in with (issue 15 §2 and §3): a function answering the items
 * waiting, oldest first, at most `limit`. Pass providers to createStaffService (server/services.ts);
 * a queue without one answers [] and the page shows its empty state.
 */
export type QueueProvider = (limit: number) => Promise<QueueItem[]>;

/** The staff domain functions, bound to the process's database, clock, rate limits and key. */
export interface StaffService {
  /**
   * The request's staff session that has not passed the second factor yet (created less than
   * PENDING_SECOND_FACTOR_TTL_MS ago), or null (no cookie, not staff, already passed, expired).
   */
  pendingSession(request: Request): Promise<PendingStaffSession | null>;
  /**
   * The enrolment of a pending, not yet enrolled session: creates the TOTP secret once (stored
   * encrypted) and answers it with its QR code. @throws ConflictError when already enrolled
   */
  enrolment(pending: PendingStaffSession): Promise<Enrolment>;
  /**
   * Confirms the enrolment with a code from the app: marks the factor confirmed, stores 10 new
   * recovery codes (hashed) and answers them once, with a fresh session that passed.
   * @throws ValidationError wrong code, RateLimitedError past 'second-factor-user', ConflictError enrolled
   */
  confirmEnrolment(
    pending: PendingStaffSession,
    code: string,
    meta: { ip: string },
  ): Promise<{ recoveryCodes: string[]; session: PassedSession }>;
  /**
   * Checks a TOTP code (each time step accepted once) or a recovery code (each once) and answers
   * a fresh session that passed the second factor; the pending one is revoked.
   * @throws ValidationError wrong code, RateLimitedError past 'second-factor-user', ConflictError not enrolled
   */
  verify(pending: PendingStaffSession, code: string, meta: { ip: string }): Promise<PassedSession>;
  /** The items waiting in each queue (at most `limit` each). */
  queues(limit: number): Promise<Record<QueueKind, QueueItem[]>>;
  /** A page (1-based) of the contact inbox under `filter`, newest first. */
  contactInbox(filter: ContactFilter, page: number): Promise<ContactPage>;
  /** One contact message, or null for an unknown or malformed id. */
  contactMessage(id: string): Promise<ContactMessageView | null>;
  /**
   * Marks a contact message handled or new again, audited (contact.marked_handled /
   * contact.reopened) with the staff member, the before/after status and the IP.
   * @throws NotFoundError unknown id, RateLimitedError past 'staff-write', ForbiddenError not staff
   */
  setContactStatus(actor: PublicUser, id: string, status: ContactStatus, meta: { ip: string }): Promise<void>;
  /** The audit log for the back office; IPs only for admins. @throws ForbiddenError not staff */
  auditLog(actor: PublicUser, filter: AuditFilter, page: number): Promise<AuditPage>;
  /** The history of the lawyer's own listing (empty without one); nothing for other roles. */
  listingHistory(user: PublicUser): Promise<AuditRow[]>;
}
