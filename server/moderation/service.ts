/**
 * The moderation service's contract (issue 15 §3 "Reports and corrections"): visitors report a
 * listing, lawyers ask for corrections of facts they cannot edit, anyone asks for the removal of
 * an unclaimed listing about them; moderators resolve reports, answer requests and hide or
 * restore listings, always with a reason and an audit entry. Used by the page loaders and
 * actions (app/routes/lawyer.report.tsx, lawyer.removal.tsx, dashboard.corrections.tsx,
 * admin.report.tsx, admin.correction.tsx, admin.listing.tsx). The implementation is
 * server/moderation/index.ts.
 */

import type { PublicUser } from "../../lib/account.ts";
import type { ContactDetail } from "../../lib/contact-details.ts";
import type {
  CorrectionField,
  CorrectionKind,
  CorrectionStatus,
  HiddenReason,
  ReportReason,
  ReportStatus,
} from "../../lib/moderation.ts";
import type { QueueProvider } from "../staff/service.ts";

/** Who sent a report or request: the client IP (rate limit), the page's locale, the account if signed in. */
export interface RequestMeta {
  ip: string;
  locale: string;
  userId?: string | null;
}

/** A listing as moderation screens show it. */
export interface ModeratedListing {
  id: number;
  name: string;
  firm: string;
  hidden: boolean;
  hiddenReason: HiddenReason | null;
  hiddenAt: string | null;
  /** True when a lawyer account owns the listing. */
  claimed: boolean;
}

/** One report as /admin/reports/:id shows it (dates ISO 8601). */
export interface ReportView {
  id: string;
  listing: ModeratedListing;
  reason: ReportReason;
  details: string;
  /** Links and contact details in `details` (issue 27 §2, lib/contact-details.ts), shown with a notice. */
  contactDetails: ContactDetail[];
  email: string | null;
  status: ReportStatus;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/** One correction or removal request as /admin/corrections/:id shows it. */
export interface CorrectionView {
  id: string;
  listing: ModeratedListing;
  kind: CorrectionKind;
  field: CorrectionField | null;
  details: string;
  email: string;
  locale: string;
  status: CorrectionStatus;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
}

/** The moderation domain functions, bound to the process's database, clock, mailer and limits. */
export interface ModerationService {
  /**
   * Stores a visitor's report of listing `lawyerId` (reason, details, optional email) in
   * listing_reports, where the `reports` queue finds it.
   * @throws ValidationError per field, NotFoundError unknown or hidden listing, RateLimitedError past 'report-ip'
   */
  submitReport(lawyerId: number, input: Record<string, unknown>, meta: RequestMeta): Promise<{ id: string }>;
  /**
   * Stores a lawyer's correction request about their own listing's admissions or discipline
   * statement (the facts they cannot edit); the answer goes to the account's email.
   * @throws ForbiddenError not a lawyer with a listing, ValidationError per field, RateLimitedError past 'correction-ip'
   */
  submitCorrection(
    user: PublicUser,
    input: Record<string, unknown>,
    meta: RequestMeta,
  ): Promise<{ id: string }>;
  /**
   * Stores a removal request for an UNCLAIMED listing (anyone, signed in or by email).
   * @throws ValidationError per field, NotFoundError unknown or hidden listing, ConflictError claimed listing, RateLimitedError past 'correction-ip'
   */
  submitRemoval(lawyerId: number, input: Record<string, unknown>, meta: RequestMeta): Promise<{ id: string }>;
  /** A visible listing's name and whether a lawyer claimed it (the public forms), or null (unknown or hidden). */
  publicListing(lawyerId: number): Promise<{ id: number; name: string; claimed: boolean } | null>;
  /** The open reports, oldest first (the `reports` queue's provider). */
  reportsQueue: QueueProvider;
  /** The open correction and removal requests, oldest first (the `corrections` queue's provider). */
  correctionsQueue: QueueProvider;
  /** One report, or null (unknown or malformed id). @throws ForbiddenError not staff */
  report(actor: PublicUser, id: string): Promise<ReportView | null>;
  /** One correction or removal request, or null. @throws ForbiddenError not staff */
  correction(actor: PublicUser, id: string): Promise<CorrectionView | null>;
  /** One listing's moderation state, or null for an unknown id. @throws ForbiddenError not staff */
  listing(actor: PublicUser, lawyerId: number): Promise<ModeratedListing | null>;
  /**
   * Closes an open report: `dismiss`, or `hide` (hides the listing with the report's reason, unless
   * it is hidden already). Audited (report.dismissed / report.hidden, and listing.hidden); the
   * reporter gets the answer by email when they left one.
   * @throws ForbiddenError not staff, NotFoundError unknown id, ConflictError closed already, ValidationError no reason, RateLimitedError
   */
  resolveReport(
    actor: PublicUser,
    id: string,
    decision: { outcome: "dismiss" | "hide"; note: unknown },
    meta: { ip: string },
  ): Promise<void>;
  /**
   * Answers an open correction or removal request: accept or decline with a reason, audited
   * (correction.accepted / correction.declined), emailed in the requester's locale. Accepting a
   * removal hides the listing (reason removal_request).
   * @throws ForbiddenError not staff, NotFoundError unknown id, ConflictError answered already, ValidationError no reason, RateLimitedError
   */
  answerCorrection(
    actor: PublicUser,
    id: string,
    decision: { outcome: "accept" | "decline"; note: unknown },
    meta: { ip: string },
  ): Promise<void>;
  /**
   * Hides (`hidden` true, with a general `reason`) or restores a listing, audited
   * (listing.hidden / listing.restored, before -> after visibility, the moderator's note).
   * @throws ForbiddenError not staff, NotFoundError unknown listing, ConflictError already in that state, ValidationError no note or reason, RateLimitedError
   */
  setVisibility(
    actor: PublicUser,
    lawyerId: number,
    change: { hidden: boolean; reason?: unknown; note: unknown },
    meta: { ip: string },
  ): Promise<void>;
  /** The signed-in lawyer's own correction requests, newest first (no one else's). */
  myCorrections(user: PublicUser): Promise<CorrectionView[]>;
}
