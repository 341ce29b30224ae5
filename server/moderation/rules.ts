/**
 * What every moderation use case shares (issue 15 §3): the messages of its failures, the form
 * errors (a zod failure per field, the moderator's required note), the locale an answer is
 * written in, the rate limit answered with moderation's own message, the staff check.
 */
import type { ZodError } from "zod";
import { isStaffRole, type PublicUser, type StaffRole } from "../../lib/account.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { fieldErrorsOf } from "../../lib/messages.ts";
import { MODERATION_MESSAGES, ModeratorNoteSchema } from "../../lib/moderation.ts";
import { ForbiddenError, RateLimitedError, ValidationError } from "../errors.ts";
import type { RateLimitName, RateLimits } from "../security/rate-limit.ts";

/** Messages of the service's failures (catalog references). */
export const MODERATION_TEXT = {
  notStaff: msg("admin:forbidden.notStaff"),
  listingGone: msg("moderation:errors.listingGone"),
  reportGone: msg("moderation:errors.reportGone"),
  correctionGone: msg("moderation:errors.correctionGone"),
  closed: msg("moderation:errors.closed"),
  claimed: msg("moderation:errors.claimed"),
  noListing: msg("moderation:errors.noListing"),
  sameState: msg("moderation:errors.sameState"),
  hiddenReason: msg("moderation:errors.hiddenReason"),
} as const;

/** A ValidationError with each field's first message, from a failed zod parse. */
export function invalid(error: ZodError): ValidationError {
  return new ValidationError(MODERATION_MESSAGES.invalid, fieldErrorsOf(error));
}

/** The moderator's note, trimmed, or a ValidationError on the field `note` (every decision carries a reason). */
export function noteOf(note: unknown): string {
  const parsed = ModeratorNoteSchema.safeParse(note ?? "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.note;
    throw new ValidationError(MODERATION_MESSAGES.invalid, { note: message });
  }
  return parsed.data;
}

/** The locale to write to, falling back to English. */
export const localeOf = (l: string | undefined): Locale => (l && isLocale(l) ? l : DEFAULT_LOCALE);

/**
 * Counts one use of limit `name` for `key`. @throws RateLimitedError with moderation's own
 * message (MODERATION_MESSAGES.tooMany) and the limit's retry-after
 */
export async function limit(rateLimits: RateLimits, name: RateLimitName, key: string): Promise<void> {
  try {
    await rateLimits.consume(name, key);
  } catch (err) {
    if (err instanceof RateLimitedError)
      throw new RateLimitedError(MODERATION_MESSAGES.tooMany, err.retryAfterSeconds);
    throw err;
  }
}

/** The actor's staff role. @throws ForbiddenError for any other role */
export function requireStaff(actor: PublicUser): StaffRole {
  if (!isStaffRole(actor.role)) throw new ForbiddenError(MODERATION_TEXT.notStaff);
  return actor.role;
}
