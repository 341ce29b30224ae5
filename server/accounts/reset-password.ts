/**
 * Password reset by emailed link (issue 3): asking for a link (the answer does not tell whether
 * the address has an account), reading a link, and setting a new password with it. Links are 256
 * random bits stored as SHA-256, last RESET_TOKEN_TTL_MS, work once; a new request voids the
 * user's earlier links; a reset revokes every session of the user; forgot-password and reset are
 * limited per IP.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, RESET_TOKEN_TTL_MS, type UserRole } from "../../lib/account.ts";
import { DEFAULT_LOCALE, isLocale, localizePath } from "../../lib/i18n/locales.ts";
import { passwordResetTokens, userSessions, users } from "../db/schema.ts";
import { EN, passwordResetEmail } from "../email/templates/index.ts";
import { ValidationError } from "../errors.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import { hashPassword } from "./passwords.ts";
import { type AccountsContext, type AccountsDeps, checkPolicy, limit, scrubbed } from "./rules.ts";
import type { RequestMeta } from "./service.ts";
import { normalizeEmail } from "./users.ts";

/**
 * How long after a forgot-password answer its background work (store the link, send the email)
 * starts, in ms. Started at once, that work (PGlite runs on the main thread, nodemailer builds the
 * message synchronously) delayed the answer itself by 2 to 4 ms, enough to tell an existing
 * account from an unknown one; 50 ms later the answers are flushed (scripts/bench-auth.ts).
 */
export const RESET_WORK_DELAY_MS = 50;

/** Subject of the password reset email (server/email/templates, English). */
export const RESET_EMAIL_SUBJECT = EN["reset.subject"];

/** The account (role, email) of a usable (unused, unexpired) reset link, or undefined. */
async function resetLinkAccount(deps: Pick<AccountsDeps, "db" | "clock">, token: string | null | undefined) {
  if (!looksLikeToken(token)) return undefined;
  const [found] = await deps.db
    .select({ role: users.role, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.token, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return found;
}

/**
 * Stores a new reset link for the user (voiding their earlier ones) and emails it in the account's
 * language. Runs after the forgot-password answer; failures are logged, never thrown.
 */
async function sendResetLink(
  deps: AccountsDeps,
  user: { id: string; email: string; firstName: string; locale: string },
  origin: string,
) {
  const { db, clock, mailer, logger } = deps;
  try {
    const token = newToken();
    const expiresAt = new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS);
    await db.transaction(async (tx) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt });
    });
    // In the account's language, with the link to the page in that language (issue 14 §1).
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const mail = await passwordResetEmail(
      {
        firstName: user.firstName,
        link: `${origin}${localizePath("/reset-password", locale)}?token=${token}`,
      },
      locale,
    );
    mailer.sendLater({ to: user.email, ...mail });
  } catch (err) {
    logger.error({ err: scrubbed(err, "storing a reset link") }, "password reset link not sent");
  }
}

/**
 * Asks for a reset link for `rawEmail`: 429 past 'forgot-ip'; otherwise answers the same whether
 * or not the address has an account. The link is stored and emailed RESET_WORK_DELAY_MS after the
 * answer, one at a time per process (AccountsState.resetQueue).
 */
export async function requestPasswordReset(
  deps: AccountsContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<void> {
  await limit(deps, "forgot-ip", meta.ip);
  const email = normalizeEmail(rawEmail);
  // The answer waits only for work that is the same whether or not the address has an
  // account (the rate limit and this read). Storing the link and sending it are writes and
  // SMTP round trips that only an account causes, so they run after the response.
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!user) return;
  const origin = meta.origin.replace(/\/+$/, "");
  deps.state.resetQueue = deps.state.resetQueue
    .then(() => new Promise((resolve) => setTimeout(resolve, RESET_WORK_DELAY_MS)))
    .then(() => sendResetLink(deps, user, origin));
}

/** True when `token` names a usable reset link; a read only, it never consumes the link. */
export async function resetTokenIsUsable(
  deps: Pick<AccountsDeps, "db" | "clock">,
  token: string | null | undefined,
): Promise<boolean> {
  // No rate limit and no timing care: the answer proves only what the 256-bit token itself
  // proves to whoever holds it, and the row is found by its SHA-256 through the unique index.
  return (await resetLinkAccount(deps, token)) !== undefined;
}

/** The role of the account a usable reset link belongs to, or null (as resetTokenIsUsable). */
export async function resetTokenRole(
  deps: Pick<AccountsDeps, "db" | "clock">,
  token: string | null | undefined,
): Promise<UserRole | null> {
  // The column holds one of USER_ROLES (a CHECK constraint; users.ts reads it the same way).
  return ((await resetLinkAccount(deps, token))?.role as UserRole | undefined) ?? null;
}

/**
 * Sets a new password with a reset link: 429 past 'reset-ip', 400 on `token` for a link that is
 * malformed, unknown, used or expired, 400 on `newPassword` against the account's policy (the
 * link stays usable). Claiming the link, setting the password and revoking every session of the
 * user is one transaction; the account's failed sign-ins are cleared.
 */
export async function resetPassword(
  deps: AccountsDeps,
  { token, newPassword }: { token: string; newPassword: string },
  meta: RequestMeta,
): Promise<void> {
  const { db, clock, rateLimits, logger } = deps;
  await limit(deps, "reset-ip", meta.ip);
  if (!looksLikeToken(token)) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, "token");
  // The policy depends on the account (a staff set-password link asks 12 characters): read it
  // first, without using the link up, so a refused password leaves the link usable.
  const account = await resetLinkAccount(deps, token);
  if (!account) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, "token");
  checkPolicy(newPassword, account, "newPassword");
  const password = await hashPassword(newPassword);
  const email = await db
    .transaction(async (tx) => {
      // Claiming the token and using it is one atomic step: two concurrent uses, one wins.
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(passwordResetTokens.token, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, clock.now()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) return null;
      const [user] = await tx
        .update(users)
        .set({ password, updatedAt: clock.now() })
        .where(eq(users.id, claimed.userId))
        .returning({ email: users.email });
      await tx.delete(userSessions).where(eq(userSessions.userId, claimed.userId));
      return user?.email ?? null;
    })
    .catch((err: unknown) => {
      throw scrubbed(err, "password reset");
    });
  if (email === null) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, "token");
  // The owner proved the address: earlier failed logins no longer count against it.
  await rateLimits.reset("login-account", normalizeEmail(email));
  logger.info("password reset; every session of the account revoked");
}
