/**
 * `npm run staff:create -- --email ADDRESS --role admin|moderator [--first-name NAME] [--last-name NAME]`
 * (issue 15 §1: staff roles are never self-chosen; only this command gives them). Creates the
 * account, or promotes an existing one, and prints a one-time set-password link: a password-reset
 * token (the mechanism of server/accounts, only its SHA-256 stored) that lasts
 * STAFF_LINK_TTL_MS (24 hours) and works once. Every session of the account is revoked, so the
 * next sign-in needs the password and then the second factor. Promoting a client or lawyer
 * account also replaces its password with an unknown one and drops any second factor, so only
 * the link leads in (no pre-hijacking of an address registered before the promotion). The change is written to the
 * audit log as "staff.role_granted" by the system. As a function so tests run it in-process.
 *
 * Exit codes (as `npm run import`): 0 done, 1 failed (nothing written), 64 usage error, 75 the
 * PGlite data folder is in use by a running server (stop it, or use DATABASE_URL), 78 bad
 * configuration.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isStaffRole } from "../../lib/account.ts";
import { STAFF_ROLES } from "../../lib/constants.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { normalizeEmail } from "../accounts/users.ts";
import { recordAudit } from "../audit/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import { emailLinkOrigin } from "../config.ts";
import type { Database } from "../db/client.ts";
import {
  passwordResetTokens,
  staffRecoveryCodes,
  staffSecondFactors,
  userSessions,
  users,
} from "../db/schema.ts";
import { errorSummary } from "../logger.ts";
import { type CliIO, cliOutput, withCliDatabase } from "../ops/cli.ts";
import { hashToken, newToken } from "../security/tokens.ts";

/** How long the printed set-password link works: 24 hours (a reset link from the site lasts 1 hour). */
export const STAFF_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Where the command writes, its environment and clock; defaults to the process's (server/ops/cli.ts). */
export type StaffCliIO = CliIO;

const USAGE =
  "Usage: npm run staff:create -- --email ADDRESS --role admin|moderator [--first-name NAME] [--last-name NAME] [--reset-second-factor]";

const ArgsSchema = z.object({
  email: z.email().max(255),
  role: z.enum(STAFF_ROLES),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  resetSecondFactor: z.boolean(),
});

/** The parsed options, or a usage message. */
export function parseStaffArgs(args: string[]): z.infer<typeof ArgsSchema> | { usage: string } {
  const named: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--reset-second-factor") {
      named.resetSecondFactor = true;
      continue;
    }
    const key = {
      "--email": "email",
      "--role": "role",
      "--first-name": "firstName",
      "--last-name": "lastName",
    }[arg];
    const value = args[i + 1];
    if (!key || value === undefined || value.startsWith("--"))
      return { usage: `Bad option ${arg}\n${USAGE}` };
    named[key] = value;
    i++;
  }
  const parsed = ArgsSchema.safeParse({ resetSecondFactor: false, ...named });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  --${String(i.path[0])}: ${i.message}`).join("\n");
    return { usage: `${issues}\n${USAGE}` };
  }
  return parsed.data;
}

/** What createOrPromoteStaff did. */
export interface StaffCreated {
  userId: string;
  created: boolean;
  previousRole: string | null;
  /** The one-time set-password link (absolute URL). */
  link: string;
  expiresAt: Date;
}

/**
 * Creates the staff account `email` with `role`, or gives an existing account that role; in one
 * transaction: revokes its sessions, voids its earlier reset links, stores a new set-password
 * token (STAFF_LINK_TTL_MS), optionally removes its second factor (re-enrolment at next sign-in),
 * and records "staff.role_granted" (before/after role) in the audit log.
 */
export async function createOrPromoteStaff(
  database: Pick<Database, "db">,
  input: z.infer<typeof ArgsSchema>,
  options: { origin: string; clock?: Clock },
): Promise<StaffCreated> {
  const clock = options.clock ?? systemClock;
  const email = normalizeEmail(input.email);
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_LINK_TTL_MS);
  // A random password nobody knows until the link sets one.
  const placeholder = await hashPassword(newToken());
  return database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    let userId: string;
    // A promotion (a client or lawyer account becoming staff) also replaces the password and
    // drops any second factor: sign-up does not prove the address, so whoever registered it
    // before the operator ran this command must not be able to sign in with their own password
    // and enrol their own authenticator (account pre-hijacking; docs/security.md). Only the
    // printed link leads in.
    const promoted = existing !== undefined && !isStaffRole(existing.role);
    const resetFactor = input.resetSecondFactor || promoted;
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({ role: input.role, updatedAt: now, ...(promoted ? { password: placeholder } : {}) })
        .where(eq(users.id, userId));
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          password: placeholder,
          firstName: input.firstName ?? "LexAtlas",
          lastName: input.lastName ?? "Staff",
          role: input.role,
          isVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error("creating the account inserted no row");
      userId = row.id;
    }
    await tx.delete(userSessions).where(eq(userSessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx
      .insert(passwordResetTokens)
      .values({ userId, token: hashToken(token), expiresAt, createdAt: now });
    if (resetFactor) {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    }
    await recordAudit(tx, {
      actor: { userId: null, role: "system" },
      action: "staff.role_granted",
      subjectType: "user",
      subjectId: userId,
      before: existing ? { role: existing.role } : null,
      after: {
        role: input.role,
        ...(resetFactor ? { secondFactorReset: true } : {}),
        ...(promoted ? { passwordReplaced: true } : {}),
      },
      reason: "npm run staff:create",
      at: now,
    });
    return {
      userId,
      created: !existing,
      previousRole: existing?.role ?? null,
      link: `${options.origin}/reset-password?token=${token}`,
      expiresAt,
    };
  });
}

/**
 * Runs the command with `args` (without node and script). Returns the exit code; never throws.
 * Prints the link on stdout and nothing secret elsewhere.
 */
export async function runStaffCreate(args: string[], io: StaffCliIO = {}): Promise<number> {
  const { out, err } = cliOutput(io);
  const parsed = parseStaffArgs(args);
  if ("usage" in parsed) {
    err(parsed.usage);
    return 64;
  }
  return withCliDatabase(io, err, async ({ config, database }) => {
    try {
      const done = await createOrPromoteStaff(database, parsed, {
        origin: emailLinkOrigin(config),
        ...(io.clock ? { clock: io.clock } : {}),
      });
      const what = done.created
        ? `Created ${parsed.role} account ${normalizeEmail(parsed.email)}.`
        : `${normalizeEmail(parsed.email)} is now ${parsed.role} (was ${done.previousRole}); its sessions were signed out.`;
      out(what);
      out(`Set the password with this one-time link (valid until ${done.expiresAt.toISOString()}):`);
      out(done.link);
      out("Then sign in at /login: the first sign-in enrols the authenticator app (second factor).");
      return 0;
    } catch (e) {
      err(`Failed; nothing was written: ${errorSummary(e)}`);
      return 1;
    }
  });
}
