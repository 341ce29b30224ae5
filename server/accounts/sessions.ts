/**
 * Sessions of the accounts service (issue 3): issuing one after a sign-up or sign-in, finding the
 * user of a token or a request, signing out, and the hourly purge of expired rows. Session
 * secrets are 256 random bits stored as SHA-256 (server/security/tokens.ts) and last
 * SESSION_TTL_MS.
 */
import { and, eq, gt, lt, lte } from "drizzle-orm";
import { isStaffRole, SESSION_TTL_MS } from "../../lib/account.ts";
import { caseAccessTokens, passwordResetTokens, userSessions, users } from "../db/schema.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import { requestToken } from "./cookies.ts";
import type { AccountsContext, AccountsDeps } from "./rules.ts";
import { scrubbed } from "./rules.ts";
import type { Authenticated, IssuedSession } from "./service.ts";
import { toPublicUser, type UserRow } from "./users.ts";

/** How often (at most) one process deletes expired sessions and reset tokens of everyone: hourly. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, reset tokens, case access tokens (issue 16 §1/§3,
 * server/cases/access-tokens.ts) and rate-limit rows, at most hourly per process; failures are
 * logged (warn), never thrown.
 */
export async function purgeExpired(deps: AccountsContext): Promise<void> {
  const { db, clock, rateLimits, logger, state } = deps;
  const now = clock.now();
  if (now.getTime() - state.lastPurge < PURGE_INTERVAL_MS) return;
  state.lastPurge = now.getTime();
  try {
    await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
    await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
    await db.delete(caseAccessTokens).where(lte(caseAccessTokens.expiresAt, now));
    await rateLimits.purgeExpired();
  } catch (err) {
    logger.warn({ err: scrubbed(err, "purge") }, "purging expired sessions failed");
  }
}

/**
 * Stores a new session for the user `row` and answers its secret (shown once) with the public
 * user and expiry; `passwordChangeRequired` restricts it until the password is changed (issue 27 §2).
 */
export async function issueSession(
  deps: AccountsContext,
  row: UserRow,
  passwordChangeRequired = false,
): Promise<IssuedSession> {
  const { db, clock } = deps;
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(userSessions).values({
    userId: row.id,
    sessionToken: hashToken(token),
    expiresAt,
    createdAt: now,
    passwordChangeRequired,
  });
  await purgeExpired(deps);
  return { token, user: toPublicUser(row, clock.now()), expiresAt, passwordChangeRequired };
}

/**
 * The signed-in user of a session secret (as a bearer), or null for a malformed, unknown or
 * expired one, or a staff session that has not passed the second factor (issue 15 §1).
 */
export async function userForToken(
  deps: Pick<AccountsDeps, "db" | "clock">,
  token: string | null | undefined,
): Promise<Authenticated | null> {
  const { db, clock } = deps;
  if (!looksLikeToken(token)) return null;
  const [found] = await db
    .select({
      user: users,
      sessionId: userSessions.id,
      secondFactorAt: userSessions.secondFactorAt,
      passwordChangeRequired: userSessions.passwordChangeRequired,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.sessionToken, hashToken(token)), gt(userSessions.expiresAt, clock.now())))
    .limit(1);
  if (!found) return null;
  // A staff session that has not passed the second factor signs no one in (issue 15 §1): only
  // the second-factor page reads it (server/staff pendingSession). An account promoted to
  // staff thus loses its earlier sessions' use at once.
  if (isStaffRole(found.user.role) && found.secondFactorAt === null) return null;
  return {
    user: toPublicUser(found.user, clock.now()),
    sessionId: found.sessionId,
    via: "bearer",
    token,
    passwordChangeRequired: found.passwordChangeRequired,
  };
}

/** The user of a request (bearer header first, then the session cookie, cookies.ts requestToken), or null. */
export async function userFromRequest(
  deps: Pick<AccountsDeps, "db" | "clock">,
  request: Request,
): Promise<Authenticated | null> {
  const found = requestToken(request);
  if (!found) return null;
  const auth = await userForToken(deps, found.token);
  return auth ? { ...auth, via: found.via } : null;
}

/** Deletes the session of `token` (sign-out); a malformed or unknown token is ignored. */
export async function logOut(deps: Pick<AccountsDeps, "db">, token: string): Promise<void> {
  if (!looksLikeToken(token)) return;
  await deps.db.delete(userSessions).where(eq(userSessions.sessionToken, hashToken(token)));
}
