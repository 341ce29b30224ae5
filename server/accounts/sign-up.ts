/**
 * Sign-up (issue 3): creating an account with its first session. Emails are stored and compared
 * trimmed and lowercased; passwords are argon2id and must meet the policy of the account's role
 * (issue 27 §2); limited per IP ('signup-ip').
 */
import { sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type SignUpInput } from "../../lib/account.ts";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales.ts";
import { users } from "../db/schema.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { hashPassword } from "./passwords.ts";
import { type AccountsContext, checkPolicy, isUniqueViolation, limit, scrubbed } from "./rules.ts";
import type { IssuedSession, RequestMeta } from "./service.ts";
import { issueSession } from "./sessions.ts";
import { normalizeEmail, type UserRow } from "./users.ts";

/**
 * Creates a user and a session: 429 past 'signup-ip', 400 on `email` for an address the relay
 * cannot carry (issue 14 §2), 400 on `password` against the policy, 409 on `email` when taken
 * (also when two sign-ups race: the unique index on lower(email) decides).
 */
export async function signUp(
  deps: AccountsContext,
  input: SignUpInput,
  meta: RequestMeta,
): Promise<IssuedSession> {
  const { db, clock, mailer, logger, signals } = deps;
  await limit(deps, "signup-ip", meta.ip);
  const email = normalizeEmail(input.email);
  // Issue 14 §2: a Unicode local part only where the relay can carry it (SMTPUTF8).
  if (!(await mailer.acceptsAddress(email))) throw new ValidationError(INTERNATIONAL_EMAIL_MESSAGE, "email");
  checkPolicy(input.password, { role: input.role, email }, "password");
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, "email");
  const password = await hashPassword(input.password);
  let row: UserRow | undefined;
  try {
    [row] = await db
      .insert(users)
      .values({
        email,
        password,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        locale: meta.locale ?? DEFAULT_LOCALE,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
  } catch (err) {
    // Two sign-ups with one email at once: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, "email");
    throw scrubbed(err, "sign-up");
  }
  if (!row) throw new Error("sign-up inserted no row");
  logger.info({ userId: row.id, role: row.role }, "account created");
  await signals?.record({ kind: "sign_up", userId: row.id }, meta);
  return issueSession(deps, row);
}
