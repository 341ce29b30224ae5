/**
 * A signed-in user's change of password (issue 27 §2): the current password must be right, the new
 * one must meet the policy of the account's role; every other session of the account is revoked
 * and this one is no longer held to changing its password.
 */
import { and, eq, ne } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type ChangePasswordInput } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { userSessions, users } from "../db/schema.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { type AccountsDeps, checkPolicy, limit, scrubbed } from "./rules.ts";
import type { Authenticated } from "./service.ts";
import { normalizeEmail } from "./users.ts";

/**
 * Changes `session`'s user's password: 429 past 'password-change-user', 404 when the user is gone,
 * 400 on `currentPassword` when it is wrong, 400 on `newPassword` against the policy. Clears the
 * account's failed sign-ins ('login-account').
 */
export async function changePassword(
  deps: AccountsDeps,
  session: Authenticated,
  input: ChangePasswordInput,
): Promise<void> {
  const { db, clock, rateLimits, logger } = deps;
  await limit(deps, "password-change-user", session.user.id);
  const [row] = await db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (!row) throw new NotFoundError(msg("errors:account.gone"));
  if (!(await verifyPassword(row.password, input.currentPassword)))
    throw new ValidationError(ACCOUNT_MESSAGES.currentPasswordWrong, "currentPassword");
  checkPolicy(input.newPassword, row, "newPassword");
  const password = await hashPassword(input.newPassword);
  await db
    .transaction(async (tx) => {
      await tx.update(users).set({ password, updatedAt: clock.now() }).where(eq(users.id, row.id));
      // Whoever else held a session (perhaps with the old, weak password) is signed out.
      await tx
        .delete(userSessions)
        .where(and(eq(userSessions.userId, row.id), ne(userSessions.id, session.sessionId)));
      await tx
        .update(userSessions)
        .set({ passwordChangeRequired: false })
        .where(eq(userSessions.id, session.sessionId));
    })
    .catch((err: unknown) => {
      throw scrubbed(err, "password change");
    });
  await rateLimits.reset("login-account", normalizeEmail(row.email));
  logger.info({ userId: row.id }, "password changed; the account's other sessions revoked");
}
