/**
 * Sign-in with email and password (issue 3): limited per IP and per account (the account's count
 * is reset on success); a password set under older, weaker rules still signs in, into a session
 * held to changing it (issue 27 §2).
 */
import { sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type LogInInput } from "../../lib/account.ts";
import { users } from "../db/schema.ts";
import { UnauthorizedError } from "../errors.ts";
import { passwordPolicyProblem, verifyDummy, verifyPassword } from "./passwords.ts";
import { type AccountsContext, limit } from "./rules.ts";
import type { IssuedSession, RequestMeta } from "./service.ts";
import { issueSession } from "./sessions.ts";
import { normalizeEmail } from "./users.ts";

/**
 * Signs in with email and password: 429 past 'login-ip' or 'login-account', 401 on a wrong pair
 * (an unknown email costs one argon2 verification too, so timing does not reveal accounts). A
 * right password the policy no longer accepts gives a session with `passwordChangeRequired`
 * (issue 27 §2).
 */
export async function logIn(
  deps: AccountsContext,
  input: LogInInput,
  meta: RequestMeta,
): Promise<IssuedSession> {
  const { db, rateLimits, logger, signals } = deps;
  const email = normalizeEmail(input.email);
  await limit(deps, "login-ip", meta.ip);
  await limit(deps, "login-account", email);
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  // An unknown email costs one argon2 verification too, so timing does not reveal accounts.
  const ok = row ? await verifyPassword(row.password, input.password) : await verifyDummy(input.password);
  if (!row || !ok) throw new UnauthorizedError(ACCOUNT_MESSAGES.badCredentials);
  await rateLimits.reset("login-account", email);
  await signals?.record({ kind: "sign_in", userId: row.id }, meta);
  // Issue 27 §2: the plaintext is at hand only now; a password set under older, weaker rules
  // signs in, and the session is then held to changing it (never stored, never logged).
  const weak = passwordPolicyProblem(input.password, { role: row.role, email: row.email }) !== null;
  if (weak) logger.info({ userId: row.id }, "signed in with a password the policy no longer accepts");
  return issueSession(deps, row, weak);
}
