/**
 * Staff roles and the back office's server side (issue 15 §1), on a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL) with the real services and a test clock: the append-only
 * audit log (trigger), `npm run staff:create`, the TOTP second factor (enrolment, replay, recovery
 * codes, rate limit, pending expiry, secret sealed at rest and never logged), the contact inbox
 * and the audit search, and the listing ownership changes written to the audit log.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublicUser, SESSION_COOKIE } from "../../lib/account.ts";
import { insertTestListing, TEST_PASSWORD } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { hasAudit, recordAudit } from "../audit/index.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import {
  auditLog,
  contactMessages,
  listingClaims,
  passwordResetTokens,
  staffSecondFactors,
  users,
} from "../db/schema.ts";
import { RateLimitedError, ValidationError } from "../errors.ts";
import { hashClaimToken } from "../listings/index.ts";
import { createLogger } from "../logger.ts";
import { hashToken, newToken } from "../security/tokens.ts";
import { createServices, type Services } from "../services.ts";
import { PENDING_SECOND_FACTOR_TTL_MS } from "./index.ts";
import { createSecretBox } from "./secret-box.ts";
import { createOrPromoteStaff, parseStaffArgs, runStaffCreate, STAFF_LINK_TTL_MS } from "./staff-cli.ts";

let database: Database;
let services: Services;
let dataDir: string;
const clock = createTestClock("2026-03-02T10:00:00Z");
/** Every log line the services wrote (level debug), to prove secrets never reach the log. */
const logLines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-staff-"));
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "debug", DATA_DIR: dataDir }),
    logger: createLogger("debug", sink),
    clock,
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const fresh = (prefix: string) => {
  counter += 1;
  return `${prefix}.${counter}@example.org`;
};
const meta = () => ({ ip: `198.51.100.${++counter % 250}`, origin: "http://localhost" });

/** A request carrying the session cookie `token`. */
const withCookie = (token: string) =>
  new Request("http://localhost/login/second-factor", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });

/** The current TOTP code of `secret` at the test clock's time (plus `offsetSeconds`). */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds });

/**
 * A staff account made by the staff:create code path, its password set through the link, signed
 * in with the password: answers the pending session's token and the account's email.
 */
async function staffSignedIn(role: "moderator" | "admin" = "moderator", email = fresh(role)) {
  const made = await createOrPromoteStaff(
    database,
    { email, role, resetSecondFactor: false },
    {
      origin: "http://localhost",
      clock,
    },
  );
  const token = new URL(made.link).searchParams.get("token") ?? "";
  await services.accounts.resetPassword({ token, newPassword: TEST_PASSWORD }, meta());
  const session = await services.accounts.logIn({ email, password: TEST_PASSWORD }, meta());
  return { email, userId: made.userId, token: session.token };
}

/** Signs in `email` and passes the second factor with `secret`; answers the passed session token. */
async function passWith(email: string, code: () => Promise<string>) {
  const session = await services.accounts.logIn({ email, password: TEST_PASSWORD }, meta());
  const pending = await services.staff.pendingSession(withCookie(session.token));
  if (!pending) throw new Error("no pending session");
  const passed = await services.staff.verify(pending, await code(), { ip: "203.0.113.9" });
  return passed.token;
}

/** Enrols a fresh staff account; answers its email, secret, recovery codes and passed token. */
async function enrolled(role: "moderator" | "admin" = "moderator") {
  const { email, token, userId } = await staffSignedIn(role);
  const pending = await services.staff.pendingSession(withCookie(token));
  if (!pending) throw new Error("no pending session");
  const { secret } = await services.staff.enrolment(pending);
  const done = await services.staff.confirmEnrolment(pending, await codeAt(secret), { ip: "203.0.113.9" });
  return { email, userId, secret, recoveryCodes: done.recoveryCodes, token: done.session.token };
}

describe(`audit log is append-only (${TEST_ENGINE})`, () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE on audit_log, whoever asks", async () => {
    await recordAudit(database.db, {
      actor: { userId: null, role: "system" },
      action: "staff.role_granted",
      subjectType: "user",
      subjectId: "tamper-test",
      after: { role: "moderator" },
      at: clock.now(),
    });
    await expect(database.db.execute(sql`UPDATE audit_log SET reason = 'changed'`)).rejects.toThrow();
    await expect(
      database.db.execute(sql`DELETE FROM audit_log WHERE subject_id = 'tamper-test'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, "tamper-test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBeNull();
  });
});

describe(`npm run staff:create (${TEST_ENGINE})`, () => {
  it("refuses bad options with the usage (64) and any role but admin or moderator", () => {
    expect(parseStaffArgs([])).toHaveProperty("usage");
    expect(parseStaffArgs(["--email", "a@example.org", "--role", "lawyer"])).toHaveProperty("usage");
    expect(parseStaffArgs(["--email", "a@example.org", "--role", "user"])).toHaveProperty("usage");
    expect(parseStaffArgs(["--email", "not-an-email", "--role", "admin"])).toHaveProperty("usage");
    expect(parseStaffArgs(["--email", "a@example.org", "--role", "admin", "--bogus", "x"])).toHaveProperty(
      "usage",
    );
    expect(parseStaffArgs(["--email", "a@example.org", "--role", "moderator"])).toEqual({
      email: "a@example.org",
      role: "moderator",
      resetSecondFactor: false,
    });
  });

  it("creates an account with a one-time set-password link that lasts 24 hours, audited as the system", async () => {
    const email = fresh("new-staff");
    const made = await createOrPromoteStaff(
      database,
      { email, role: "admin", resetSecondFactor: false },
      {
        origin: "https://lexatlas.example",
        clock,
      },
    );
    expect(made.created).toBe(true);
    expect(made.link).toMatch(/^https:\/\/lexatlas\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(made.expiresAt.getTime() - clock.now().getTime()).toBe(STAFF_LINK_TTL_MS);
    const [user] = await database.db.select().from(users).where(eq(users.id, made.userId));
    expect(user?.role).toBe("admin");
    const token = new URL(made.link).searchParams.get("token") ?? "";
    const [stored] = await database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, made.userId));
    expect(stored?.token).toBe(hashToken(token));
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, made.userId));
    expect(entry).toMatchObject({ action: "staff.role_granted", actorRole: "system", actorUserId: null });
    expect(entry?.after).toEqual({ role: "admin" });
    // Works once, and not after 24 hours.
    await services.accounts.resetPassword({ token, newPassword: TEST_PASSWORD }, meta());
    await expect(
      services.accounts.resetPassword({ token, newPassword: TEST_PASSWORD }, meta()),
    ).rejects.toThrow(ValidationError);
    const again = await createOrPromoteStaff(
      database,
      { email, role: "admin", resetSecondFactor: false },
      {
        origin: "https://lexatlas.example",
        clock,
      },
    );
    clock.advance(STAFF_LINK_TTL_MS + 1000);
    const late = new URL(again.link).searchParams.get("token") ?? "";
    expect(await services.accounts.resetTokenIsUsable(late)).toBe(false);
  });

  it("promotes an existing lawyer: its sessions and its password stop working at once, and the audit says lawyer → moderator", async () => {
    const email = fresh("promoted");
    const signed = await services.accounts.signUp(
      { email, password: TEST_PASSWORD, firstName: "Lee", lastName: "Park", role: "lawyer" },
      meta(),
    );
    expect(await services.accounts.userForToken(signed.token)).not.toBeNull();
    const made = await createOrPromoteStaff(
      database,
      { email, role: "moderator", resetSecondFactor: false },
      {
        origin: "http://localhost",
        clock,
      },
    );
    expect(made).toMatchObject({ created: false, previousRole: "lawyer" });
    expect(await services.accounts.userForToken(signed.token)).toBeNull();
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, made.userId));
    expect(entry?.before).toEqual({ role: "lawyer" });
    expect(entry?.after).toEqual({ role: "moderator", secondFactorReset: true, passwordReplaced: true });
    // Whoever registered the address before the promotion cannot sign in with their own password
    // (and so cannot enrol their own authenticator): only the printed link leads in.
    await expect(services.accounts.logIn({ email, password: TEST_PASSWORD }, meta())).rejects.toThrow();
  });

  it("the command prints the link for a fresh PGlite folder, and exits 75 while a server holds the folder", async () => {
    if (TEST_ENGINE !== "pglite") return;
    const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-staff-cli-"));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const env = { DATA_DIR: dir, LOG_LEVEL: "silent", PUBLIC_URL: "https://lexatlas.example" };
      const io = { env, out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
      expect(await runStaffCreate(["--email", "Ops@Example.org", "--role", "moderator"], io)).toBe(0);
      expect(out.join("\n")).toMatch(/Created moderator account ops@example\.org/);
      expect(out.join("\n")).toMatch(/https:\/\/lexatlas\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/);
      expect(await runStaffCreate(["--email", "x@example.org", "--role", "root"], io)).toBe(64);
      const held = await openDatabase({ dataDir: dir });
      try {
        expect(await runStaffCreate(["--email", "y@example.org", "--role", "admin"], io)).toBe(75);
      } finally {
        await held.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe(`staff second factor (${TEST_ENGINE})`, () => {
  it("after the password a staff session signs no one in; enrolment gives a QR code, 10 recovery codes and a fresh session", async () => {
    const { token, userId } = await staffSignedIn();
    expect(await services.accounts.userForToken(token)).toBeNull();
    const pending = await services.staff.pendingSession(withCookie(token));
    expect(pending).toMatchObject({ enrolled: false, user: { id: userId, role: "moderator" } });
    if (!pending) return;
    const enrolment = await services.staff.enrolment(pending);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/LexAtlas:/);
    expect(enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(enrolment.qrSvg).not.toMatch(/<script/i);
    // The same secret until confirmed (a reload shows the same QR code).
    expect((await services.staff.enrolment(pending)).secret).toBe(enrolment.secret);
    // Sealed at rest: the row holds neither the secret nor anything that decodes without the key.
    const [row] = await database.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, userId));
    expect(row?.secret).not.toContain(enrolment.secret);
    expect(row?.secret).toMatch(/^v1\./);
    expect(() => createSecretBox(Buffer.alloc(32, 7)).open(row?.secret ?? "")).toThrow();

    await expect(services.staff.confirmEnrolment(pending, "000000", { ip: "203.0.113.1" })).rejects.toThrow(
      ValidationError,
    );
    const done = await services.staff.confirmEnrolment(pending, await codeAt(enrolment.secret), {
      ip: "203.0.113.1",
    });
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const code of done.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The pending session is gone; the new one signs in.
    expect(await services.staff.pendingSession(withCookie(token))).toBeNull();
    expect((await services.accounts.userForToken(done.session.token))?.user.role).toBe("moderator");
    expect(await hasAudit(database.db, "staff.second_factor_enrolled", "user", userId)).toBe(true);
    // Recovery codes are stored hashed only.
    const stored = await database.db.execute(
      sql`SELECT code_hash FROM staff_recovery_codes WHERE user_id = ${userId}`,
    );
    const hashes = JSON.stringify(stored.rows);
    for (const code of done.recoveryCodes) expect(hashes).not.toContain(code.replace("-", ""));
    // Neither the secret nor a recovery code ever reached the log.
    const log = logLines.join("");
    expect(log).not.toContain(enrolment.secret);
    for (const code of done.recoveryCodes) expect(log).not.toContain(code);
  });

  it("a later sign-in passes with the current code; the same code is not accepted twice (replay)", async () => {
    const { email, secret } = await enrolled();
    clock.advance(30_000);
    const code = await codeAt(secret);
    const first = await passWith(email, async () => code);
    expect(await services.accounts.userForToken(first)).not.toBeNull();
    await expect(passWith(email, async () => code)).rejects.toThrow(ValidationError);
    clock.advance(30_000);
    await expect(passWith(email, () => codeAt(secret))).resolves.toBeTruthy();
  });

  it("a code from two steps away is refused; one step of drift is accepted", async () => {
    const { email, secret } = await enrolled();
    clock.advance(90_000);
    await expect(passWith(email, () => codeAt(secret, -90))).rejects.toThrow(ValidationError);
    await expect(passWith(email, () => codeAt(secret, -30))).resolves.toBeTruthy();
  });

  it("a recovery code passes once, and its use is audited", async () => {
    const { email, userId, recoveryCodes } = await enrolled("admin");
    const code = recoveryCodes[3] ?? "";
    await expect(passWith(email, async () => code.toUpperCase())).resolves.toBeTruthy();
    await expect(passWith(email, async () => code)).rejects.toThrow(ValidationError);
    expect(await hasAudit(database.db, "staff.recovery_code_used", "user", userId)).toBe(true);
    const signIns = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, userId));
    expect(signIns.filter((r) => r.action === "staff.signed_in").map((r) => r.after)).toEqual([
      { secondFactor: "recovery_code" },
    ]);
  });

  it("limits code attempts to 5 per 15 minutes per account, even with the right code afterwards; a success clears the count", async () => {
    const { email, secret } = await enrolled();
    // 4 wrong codes, then the right one: passes, and the count starts again.
    for (let i = 0; i < 4; i++)
      await expect(passWith(email, async () => "123456")).rejects.toThrow(ValidationError);
    clock.advance(30_000);
    await expect(passWith(email, () => codeAt(secret))).resolves.toBeTruthy();
    for (let i = 0; i < 5; i++)
      await expect(passWith(email, async () => "123456")).rejects.toThrow(ValidationError);
    clock.advance(30_000);
    const refused = await passWith(email, () => codeAt(secret)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("a pending session expires 10 minutes after the password", async () => {
    const { email, secret } = await enrolled();
    const session = await services.accounts.logIn({ email, password: TEST_PASSWORD }, meta());
    clock.advance(PENDING_SECOND_FACTOR_TTL_MS + 1000);
    expect(await services.staff.pendingSession(withCookie(session.token))).toBeNull();
    expect(await services.accounts.userForToken(session.token)).toBeNull();
    // Signing in again starts a new pending window, and the code then passes.
    await expect(passWith(email, () => codeAt(secret))).resolves.toBeTruthy();
  });

  it("a client or lawyer session is never a pending staff session", async () => {
    const signed = await services.accounts.signUp(
      { email: fresh("client"), password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee", role: "user" },
      meta(),
    );
    expect(await services.staff.pendingSession(withCookie(signed.token))).toBeNull();
    expect(await services.staff.pendingSession(withCookie(newToken()))).toBeNull();
  });
});

/** The PublicUser of a freshly enrolled staff account with `role`. */
async function staffUserOf(role: "moderator" | "admin"): Promise<PublicUser> {
  const auth = await services.accounts.userForToken((await enrolled(role)).token);
  if (!auth) throw new Error("no staff session");
  return auth.user;
}

describe(`contact inbox and audit search (${TEST_ENGINE})`, () => {
  it("lists, filters, pages, opens and marks handled, audited with before → after and the IP", async () => {
    for (let i = 0; i < 23; i++) {
      await database.db.insert(contactMessages).values({
        name: `Sender ${i}`,
        email: `sender${i}@example.org`,
        subject: `Question ${i}`,
        category: i % 2 === 0 ? "Technical Support" : "General Inquiry",
        message: "Hello",
        createdAt: new Date(clock.now().getTime() - i * 60_000),
      });
    }
    const all = await services.staff.contactInbox({}, 1);
    expect(all.total).toBeGreaterThanOrEqual(23);
    expect(all.rows).toHaveLength(20);
    expect(all.pageCount).toBe(Math.ceil(all.total / 20));
    const tech = await services.staff.contactInbox({ category: "Technical Support" }, 1);
    expect(tech.rows.every((r) => r.category === "Technical Support")).toBe(true);
    const first = all.rows[0];
    if (!first) throw new Error("no message");
    const moderator = await staffUserOf("moderator");
    await services.staff.setContactStatus(moderator, first.id, "handled", { ip: "203.0.113.77" });
    const opened = await services.staff.contactMessage(first.id);
    expect(opened).toMatchObject({ status: "handled", handledByEmail: moderator.email });
    const handled = await services.staff.contactInbox({ status: "handled" }, 1);
    expect(handled.rows.map((r) => r.id)).toContain(first.id);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, first.id));
    expect(entry).toMatchObject({
      action: "contact.marked_handled",
      actorUserId: moderator.id,
      actorRole: "moderator",
      ip: "203.0.113.77",
      before: { status: "new" },
      after: { status: "handled" },
    });
    // Search by actor email, action, subject and date range; IPs only for admins.
    const byActor = await services.staff.auditLog(
      moderator,
      { actorEmail: moderator.email.toUpperCase() },
      1,
    );
    expect(byActor.rows.some((r) => r.subjectId === first.id)).toBe(true);
    expect(byActor.rows.every((r) => r.ip === null)).toBe(true);
    const admin = await staffUserOf("admin");
    const asAdmin = await services.staff.auditLog(
      admin,
      { action: "contact.marked_handled", subjectId: first.id },
      1,
    );
    expect(asAdmin.rows).toHaveLength(1);
    expect(asAdmin.rows[0]?.ip).toBe("203.0.113.77");
    const before = await services.staff.auditLog(
      admin,
      { subjectId: first.id, to: new Date(clock.now().getTime() - 1) },
      1,
    );
    expect(before.rows).toHaveLength(0);
    const within = await services.staff.auditLog(
      admin,
      { subjectType: "contact_message", from: new Date(clock.now().getTime() - 1000) },
      1,
    );
    expect(within.rows.some((r) => r.subjectId === first.id)).toBe(true);
    // Unknown and malformed ids, and a lawyer as actor.
    expect(await services.staff.contactMessage("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await services.staff.contactMessage("../../etc")).toBeNull();
    const lawyer = (
      await services.accounts.signUp(
        {
          email: fresh("lawyer"),
          password: TEST_PASSWORD,
          firstName: "Ann",
          lastName: "Lee",
          role: "lawyer",
        },
        meta(),
      )
    ).user;
    await expect(services.staff.setContactStatus(lawyer, first.id, "new", { ip: "x" })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    await expect(services.staff.auditLog(lawyer, {}, 1)).rejects.toMatchObject({ status: 403 });
  });
});

describe(`listing ownership is audited (${TEST_ENGINE})`, () => {
  it("a claim and a creation each write one audit entry in their transaction, shown only to the owner", async () => {
    // Claim: a lawyer whose email is the listing's, with a claim link.
    const email = fresh("claimer");
    const signed = await services.accounts.signUp(
      { email, password: TEST_PASSWORD, firstName: "Aaron", lastName: "Clarke", role: "lawyer" },
      meta(),
    );
    const lawyerId = await insertTestListing(database, email);
    const token = newToken();
    await database.db.insert(listingClaims).values({
      userId: signed.user.id,
      lawyerId,
      token: hashClaimToken(token),
      expiresAt: new Date(clock.now().getTime() + 60 * 60_000),
    });
    await services.listings.confirmClaim(signed.user, token);
    expect(await hasAudit(database.db, "listing.claimed", "listing", String(lawyerId))).toBe(true);
    const owner = (await services.accounts.userForToken(signed.token))?.user;
    if (!owner) throw new Error("no owner");
    const history = await services.staff.listingHistory(owner);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: "listing.claimed", actorEmail: email, ip: null });

    // Creation: a lawyer with a verified email creates a pending listing.
    const creatorEmail = fresh("creator");
    const creator = await services.accounts.signUp(
      {
        email: creatorEmail,
        password: TEST_PASSWORD,
        firstName: "Zora",
        lastName: "Vantwest",
        role: "lawyer",
      },
      meta(),
    );
    await database.db.update(users).set({ isVerified: true }).where(eq(users.id, creator.user.id));
    const me = (await services.accounts.userForToken(creator.token))?.user;
    if (!me) throw new Error("no creator");
    const view = await services.listings.createListing(me, {
      name: "Zora Vantwest",
      firm: "Vantwest Injury Advocates",
      phone: "(416) 555-0199",
      countryCode: "ca",
      city: "Toronto",
      state: "Ontario",
      practiceAreas: ["Car Accidents"],
      experience: 12,
      // Issue 15 §2 "Publication": a new listing names its bar admission.
      admissionRegulator: "Law Society of Ontario",
      admissionNumber: "L54321",
    });
    const createdId = (view as { listing?: { id: number } }).listing?.id;
    expect(createdId).toBeTypeOf("number");
    expect(await hasAudit(database.db, "listing.created", "listing", String(createdId))).toBe(true);
    // The other lawyer's history holds only their own listing's entries.
    const other = (await services.accounts.userForToken(creator.token))?.user;
    if (!other) throw new Error("no creator");
    const otherHistory = await services.staff.listingHistory(other);
    expect(otherHistory.map((r) => r.action)).toEqual(["listing.created"]);
    // A client has no listing history.
    expect(await services.staff.listingHistory({ ...owner, role: "user" })).toEqual([]);
  });
});
