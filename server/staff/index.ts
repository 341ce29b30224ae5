/**
 * The staff service (issue 15 §1): second factor for staff sign-in (TOTP, RFC 6238, through
 * otplib, with recovery codes), the back office's queues, the contact-form inbox and the audit
 * log. Contract and shapes: server/staff/service.ts; security notes: docs/security.md "Staff and
 * the back office".
 *
 * This file only binds the use cases to the process's dependencies (issue 30): second-factor.ts
 * (pending session, enrolment, confirmation, sign-in check), contact-inbox.ts (inbox, message,
 * handled/reopened), the queues and the audit log below; rules.ts holds what they share.
 *
 * - TOTP: 6 digits, 30-second steps, SHA-1 (what every authenticator app reads from an otpauth
 *   URI); one step of tolerance either side for clock drift; a code's time step is accepted once
 *   (`last_time_step`, updated atomically), so a code seen over a shoulder cannot be replayed.
 *   The time comes from the injected clock (server/clock.ts).
 * - The secret is stored sealed with AES-256-GCM (secret-box.ts), never logged.
 * - 10 recovery codes of 10 base32 characters (50 bits each), shown once, stored as SHA-256,
 *   each usable once; a new enrolment replaces them.
 * - Code attempts count under 'second-factor-user' (5 per 15 minutes per account), cleared by a
 *   success; a pending session expires PENDING_SECOND_FACTOR_TTL_MS after the password.
 * - Passing the factor revokes the pending session and issues a fresh one (no session fixation)
 *   that lasts STAFF_SESSION_TTL_MS.
 */
import { listingHistory, searchAudit } from "../audit/index.ts";
import { contactInbox, contactMessage, setContactStatus } from "./contact-inbox.ts";
import { requireStaff, type StaffContext, type StaffDeps } from "./rules.ts";
import { confirmEnrolment, enrolment, pendingSession, verifySecondFactor } from "./second-factor.ts";
import { createSecretBox, type SecretBox, staffSecretKey } from "./secret-box.ts";
import { QUEUE_KINDS, type QueueItem, type QueueKind, type StaffService } from "./service.ts";

export {
  CONTACT_PAGE_SIZE,
  PENDING_SECOND_FACTOR_TTL_MS,
  RECOVERY_CODE_COUNT,
  STAFF_MESSAGES,
  STAFF_SESSION_TTL_MS,
  type StaffDeps,
  TOTP_ISSUER,
} from "./rules.ts";
export { hashRecoveryCode } from "./second-factor.ts";
export type * from "./service.ts";
export { QUEUE_KINDS } from "./service.ts";

/** Creates the staff service (one per process, server/services.ts). */
export function createStaffService(deps: StaffDeps): StaffService {
  const { db } = deps;
  const queues = deps.queues ?? {};
  let box: SecretBox | null = null;
  const ctx: StaffContext = {
    ...deps,
    secrets: () => {
      box ??= createSecretBox(staffSecretKey(deps.config));
      return box;
    },
  };
  const emptyQueue = async (): Promise<QueueItem[]> => [];
  return {
    pendingSession: (request) => pendingSession(ctx, request),
    enrolment: (pending) => enrolment(ctx, pending),
    confirmEnrolment: (pending, code, meta) => confirmEnrolment(ctx, pending, code, meta),
    verify: (pending, code, meta) => verifySecondFactor(ctx, pending, code, meta),
    async queues(max) {
      const entries = await Promise.all(
        QUEUE_KINDS.map(async (kind) => [kind, await (queues[kind] ?? emptyQueue)(max)] as const),
      );
      return Object.fromEntries(entries) as Record<QueueKind, QueueItem[]>;
    },
    contactInbox: (filter, page) => contactInbox(ctx, filter, page),
    contactMessage: (id) => contactMessage(ctx, id),
    setContactStatus: (actor, id, status, meta) => setContactStatus(ctx, actor, id, status, meta),
    async auditLog(actor, filter, page) {
      const role = requireStaff(actor);
      return searchAudit(db, filter, page, role === "admin");
    },
    async listingHistory(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return [];
      return listingHistory(db, user.lawyerId, user.id);
    },
  };
}
