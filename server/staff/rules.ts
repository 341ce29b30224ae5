/**
 * What the staff use cases share (issue 15 §1; issue 30 "Use cases as files"): the constants of
 * the second factor and the contact inbox, their messages, the dependencies and the per-process
 * secret box, the rate limit and the staff-only check.
 */
import { isStaffRole, type PublicUser, type StaffRole } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import type { DomainDeps } from "../deps.ts";
import { ForbiddenError } from "../errors.ts";
import { consumeLimit, type RateLimitName } from "../security/rate-limit.ts";
import type { SecretBox } from "./secret-box.ts";
import type { QueueKind, QueueProvider } from "./service.ts";

/** How long after the password the second factor may still be given: 10 minutes. */
export const PENDING_SECOND_FACTOR_TTL_MS = 10 * 60 * 1000;
/** How long a staff session lasts after the second factor: 12 hours (a working day). */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Rows per page of the contact inbox. */
export const CONTACT_PAGE_SIZE = 20;
/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = "LexAtlas";

/** Messages of the second factor (catalog references, errors namespace). */
export const STAFF_MESSAGES = {
  wrongCode: msg("errors:staff.wrongCode"),
  tooManyCodes: msg("errors:staff.tooManyCodes"),
  alreadyEnrolled: msg("errors:staff.alreadyEnrolled"),
  notEnrolled: msg("errors:staff.notEnrolled"),
  notStaff: msg("errors:staff.notStaff"),
  messageGone: msg("errors:staff.messageGone"),
} as const;

/** What createStaffService needs. */
export interface StaffDeps extends Pick<DomainDeps, "db" | "clock" | "config" | "logger" | "rateLimits"> {
  /** Queue providers of issue 15 §2/§3 (verification, re-checks, reports, corrections); default none. */
  queues?: Partial<Record<QueueKind, QueueProvider>>;
}

/** The dependencies every staff use case takes: StaffDeps and the process's secret box (made on first use). */
export interface StaffContext extends StaffDeps {
  /** The box that seals TOTP secrets (secret-box.ts): reads or creates the key file on first call. */
  secrets: () => SecretBox;
}

/** Counts `key` under limit `name`; past it, RateLimitedError (429) with `message`, logged at info. */
export function limit(deps: StaffDeps, name: RateLimitName, key: string, message: string): Promise<void> {
  return consumeLimit(deps.rateLimits, name, key, message, deps.logger);
}

/** The actor's staff role; ForbiddenError (403) for anyone else. */
export function requireStaff(actor: PublicUser): StaffRole {
  if (!isStaffRole(actor.role)) throw new ForbiddenError(STAFF_MESSAGES.notStaff);
  return actor.role;
}

/** A UUID in its text form (contact message ids). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
