/**
 * The accounts service (issue 3): sign-up, login, sessions, profile and password reset, built
 * from vetted primitives (docs/design.md §2): argon2id (passwords.ts), 256-bit opaque tokens stored as
 * SHA-256 (tokens.ts), database-backed rate limits (server/security/rate-limit.ts) and the
 * process's mailer. It knows nothing of HTTP beyond reading a Request's credentials; the API
 * (server/api/auth.ts) and the page actions call the same object. The contract is
 * server/accounts/service.ts.
 *
 * This file only binds the use cases to the process's dependencies (issue 30): sign-up.ts,
 * log-in.ts, sessions.ts (issue, find, sign out, purge), change-password.ts, update-profile.ts
 * (profile and locale), reset-password.ts (forgot, read and use a reset link); rules.ts holds
 * what they share.
 *
 * Rules (issue 3): emails are stored and compared trimmed and lowercased; passwords are argon2id;
 * every new password (sign-up, reset, change) must meet the password policy of the account's
 * role (passwords.ts passwordPolicyProblem; issue 27 §2), and a login with a password that no
 * longer does marks its session passwordChangeRequired; session and reset secrets
 * are 256 random bits stored as SHA-256; sessions last SESSION_TTL_MS, reset links
 * RESET_TOKEN_TTL_MS and work once; a new reset request voids the user's earlier links; a reset
 * revokes every session of the user; login is limited per IP and per account (reset on success),
 * sign-up, forgot-password and reset per IP (429 with retryAfterSeconds).
 */
import { changePassword } from "./change-password.ts";
import { clearedSessionCookie, sessionCookie } from "./cookies.ts";
import { logIn } from "./log-in.ts";
import { requestPasswordReset, resetPassword, resetTokenIsUsable, resetTokenRole } from "./reset-password.ts";
import type { AccountsContext, AccountsDeps } from "./rules.ts";
import type { AccountsService } from "./service.ts";
import { logOut, userForToken, userFromRequest } from "./sessions.ts";
import { signUp } from "./sign-up.ts";
import { setLocale, updateProfile } from "./update-profile.ts";

export { RESET_EMAIL_SUBJECT, RESET_WORK_DELAY_MS } from "./reset-password.ts";
export type { AccountsDeps } from "./rules.ts";
export type { AccountsService, Authenticated, IssuedSession, RequestMeta } from "./service.ts";

/**
 * Creates the accounts service over the process's database, mailer and rate limits (one per
 * process, made in server/services.ts createServices). Every method implements the contract in
 * server/accounts/service.ts; failures users can cause are DomainErrors (server/errors.ts) with status,
 * message (ACCOUNT_MESSAGES) and the field in fieldErrors. Database failures propagate (as a 500), scrubbed of parameters.
 */
export function createAccountsService(deps: AccountsDeps): AccountsService {
  const ctx: AccountsContext = { ...deps, state: { lastPurge: 0, resetQueue: Promise.resolve() } };
  return {
    signUp: (input, meta) => signUp(ctx, input, meta),
    logIn: (input, meta) => logIn(ctx, input, meta),
    changePassword: (session, input, _meta) => changePassword(ctx, session, input),
    userForToken: (token) => userForToken(ctx, token),
    userFromRequest: (request) => userFromRequest(ctx, request),
    logOut: (token) => logOut(ctx, token),
    updateProfile: (userId, patch, region = null) => updateProfile(ctx, userId, patch, region),
    setLocale: (userId, locale) => setLocale(ctx, userId, locale),
    requestPasswordReset: (email, meta) => requestPasswordReset(ctx, email, meta),
    resetTokenIsUsable: (token) => resetTokenIsUsable(ctx, token),
    resetTokenRole: (token) => resetTokenRole(ctx, token),
    resetPassword: (input, meta) => resetPassword(ctx, input, meta),
    sessionCookie: (token, expiresAt) => sessionCookie(token, expiresAt, ctx.clock.now()),
    clearedSessionCookie,
  };
}
