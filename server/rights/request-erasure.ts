/**
 * Asking for erasure (issue 17 §4, GDPR Art. 17): a deletion request (password re-checked)
 * schedules the account's deletion ERASURE_GRACE_DAYS later by the injectable clock and emails a
 * confirmation; it can be cancelled until then. The daily job then erases (erase-account.ts).
 */

import { eq } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { isLocale, localizePath } from "../../lib/i18n/locales.ts";
import { ERASURE_GRACE_DAYS } from "../../lib/privacy.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { accountErasures, users } from "../db/schema.ts";
import { deletionScheduledEmail } from "../email/templates/index.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { DATA_RIGHTS_MESSAGES, DAY_MS, type DataRightsDeps } from "./context.ts";

/** A pending deletion. */
export interface PendingErasure {
  requestedAt: string;
  deletionDate: string;
}

/** `userId`'s pending deletion (ISO 8601 dates), or null. */
export async function pendingErasure(
  deps: Pick<DataRightsDeps, "db">,
  userId: string,
): Promise<PendingErasure | null> {
  const [row] = await deps.db.select().from(accountErasures).where(eq(accountErasures.userId, userId));
  return row
    ? { requestedAt: row.requestedAt.toISOString(), deletionDate: row.deletionDate.toISOString() }
    : null;
}

/**
 * Schedules the deletion of `user`'s account at now + ERASURE_GRACE_DAYS after checking
 * `password` (re-authentication), and emails the confirmation (a failed email is logged). Asking
 * again keeps the first date. Counts 'erasure-user' per account.
 * @throws ForbiddenError staff; ValidationError wrong password (field `password`); RateLimitedError
 */
export async function requestErasure(
  deps: DataRightsDeps,
  input: { user: PublicUser; password: string },
): Promise<PendingErasure> {
  const { db, clock, logger } = deps;
  const { user } = input;
  if (isStaffRole(user.role)) throw new ForbiddenError(DATA_RIGHTS_MESSAGES.staffCannotDelete);
  await consumeLimit(deps.rateLimits, "erasure-user", user.id, DATA_RIGHTS_MESSAGES.erasureTooMany);
  const [row] = await db
    .select({ password: users.password, locale: users.locale })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.password, input.password)))
    throw new ValidationError(DATA_RIGHTS_MESSAGES.wrongPassword, "password");
  const existing = await pendingErasure(deps, user.id);
  if (existing) return existing;
  const now = clock.now();
  const deletionDate = new Date(now.getTime() + ERASURE_GRACE_DAYS * DAY_MS);
  await db
    .insert(accountErasures)
    .values({ userId: user.id, requestedAt: now, deletionDate })
    .onConflictDoNothing();
  const locale = isLocale(row.locale) ? row.locale : "en";
  await deps.mailer
    .send({
      to: user.email,
      ...(await deletionScheduledEmail(
        {
          firstName: user.firstName,
          deletionDate,
          cancelLink: `${deps.emailLinkOrigin}${localizePath("/dashboard", locale)}#your-data`,
        },
        locale,
      )),
    })
    .catch((error) => logger.error({ err: error }, "deletion confirmation email failed"));
  return { requestedAt: now.toISOString(), deletionDate: deletionDate.toISOString() };
}

/** Cancels `user`'s pending deletion; counts 'erasure-user'. @throws NotFoundError when none is pending; RateLimitedError */
export async function cancelErasure(deps: DataRightsDeps, user: PublicUser): Promise<void> {
  await consumeLimit(deps.rateLimits, "erasure-user", user.id, DATA_RIGHTS_MESSAGES.erasureTooMany);
  const removed = await deps.db
    .delete(accountErasures)
    .where(eq(accountErasures.userId, user.id))
    .returning();
  if (removed.length === 0) throw new NotFoundError(DATA_RIGHTS_MESSAGES.noPendingDeletion);
}
