/**
 * /api/listing and /media/logos through the real server on loopback against a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a real in-process SMTP server (issue 3
 * "Lawyer onboarding"). The server trusts X-Forwarded-For (TRUST_PROXY), so each test speaks from
 * its own client IP and the per-IP limits of one test do not leak into another.
 */

import http from "node:http";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_TOKEN_TTL_MS, SESSION_COOKIE } from "../../lib/account.ts";
import { INVALID_CHARACTERS_MESSAGE } from "../../lib/input-boundary.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../lib/listing-owner.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, firstMessages, insertTestListing, testApi } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { emailLinkOrigin } from "../config.ts";
import type { Database } from "../db/client.ts";
import { emailVerifications, lawyerLogos, lawyers, listingClaims, users } from "../db/schema.ts";
import { NOT_JSON_MESSAGE as NOT_JSON_MESSAGE_REFERENCE } from "../http.ts";
import { CLAIM_EMAIL_SUBJECT, hashClaimToken, VERIFY_EMAIL_SUBJECT } from "../listings/index.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";
import { LISTING_BODY_TOO_LARGE, LOGO_IMMUTABLE } from "./listings.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const NOT_JSON_MESSAGE = english(NOT_JSON_MESSAGE_REFERENCE);

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
/** The server's clock: expiry tests move it and put it back (docs/testing.md "Time"). */
const clock = createTestClock();

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" }, clock });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** Requests from fresh IPs; sign-ups of fresh lawyers (unless `role` says otherwise). */
const { freshIp, freshEmail, call, signUp } = testApi(() => server, {
  emailPrefix: "lawyer",
  signUpDefaults: { role: "lawyer" },
});

/** Inserts a verified listing in Toronto with the given contact email; answers its id. */
function insertListing(email: string, fields: Partial<typeof lawyers.$inferInsert> = {}): Promise<number> {
  return insertTestListing(database, email, {
    experience: 15,
    rating: 4.8,
    reviewCount: 120,
    bio: "Personal injury lawyer in Toronto.",
    ...fields,
  });
}

/** The token of the newest claim email to `email`, read from the real SMTP server. */
async function claimTokenFromEmail(email: string, after: number): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m.subject === CLAIM_EMAIL_SUBJECT && smtp.messages.indexOf(m) >= after,
  );
  const link = /(http\S+\/claim-listing\?token=)([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link?.[1]).toBe(`${emailLinkOrigin(server.config)}/claim-listing?token=`);
  return link?.[2] ?? "";
}

/** Requests a claim link as `token`'s account and answers the emailed token. */
async function requestClaimToken(token: string, email: string): Promise<string> {
  const before = smtp.messages.length;
  const r = await call("POST", "/api/listing/claim", { token });
  expect(r.status, r.text).toBe(200);
  return claimTokenFromEmail(email, before);
}

const VALID_CREATE = {
  name: "Zora Vantwest",
  firm: "Vantwest Injury Advocates",
  phone: "(416) 555-0199",
  countryCode: "ca",
  city: "Toronto",
  state: "Ontario",
  businessAddress: "100 King St W, Toronto",
  website: "vantwest.example.com",
  bio: "Serious injury claims across Ontario.",
  practiceAreas: ["Slip & Fall", "Car Accidents"],
  experience: 12,
  workingHours: "Mon-Fri 9:00-17:00",
  admissionRegulator: "Law Society of Ontario",
  admissionNumber: "L12345",
  admissionYear: 2013,
};

/** The token of the newest verification email to `email`, read from the real SMTP server. */
async function verifyTokenFromEmail(email: string, after: number): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(email) && m.subject === VERIFY_EMAIL_SUBJECT && smtp.messages.indexOf(m) >= after,
  );
  const link = /(http\S+\/claim-listing\?verify=)([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link?.[1]).toBe(`${emailLinkOrigin(server.config)}/claim-listing?verify=`);
  return link?.[2] ?? "";
}

/** Requests a verification link as `token`'s account and answers the emailed token. */
async function requestVerifyToken(token: string, email: string): Promise<string> {
  const before = smtp.messages.length;
  const r = await call("POST", "/api/listing/verify-email", { token });
  expect(r.status, r.text).toBe(200);
  return verifyTokenFromEmail(email, before);
}

/** Proves the account's email with the emailed link, as a lawyer must before creating a listing. */
async function verifyEmail(account: { token: string; email: string }): Promise<void> {
  const verify = await requestVerifyToken(account.token, account.email);
  const r = await call("POST", "/api/listing/verify-email/confirm", {
    token: account.token,
    body: { token: verify },
  });
  expect(r.status, r.text).toBe(200);
}

/** A fresh lawyer account whose email is verified (through the emailed link). */
async function verifiedLawyer(fields: Record<string, unknown> = {}) {
  const account = await signUp(fields);
  await verifyEmail(account);
  return account;
}

/** A lawyer account linked to a fresh listing it created. */
async function linkedLawyer() {
  const account = await verifiedLawyer();
  const r = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
  expect(r.status, r.text).toBe(201);
  return { ...account, lawyerId: r.body.listing.id as number };
}

describe(`GET /api/listing (${TEST_ENGINE})`, () => {
  it("answers 401 signed out and 403 to a client account, saying listings are for lawyers", async () => {
    expect((await call("GET", "/api/listing")).status).toBe(401);
    const client = await signUp({ role: "user" });
    const r = await call("GET", "/api/listing", { token: client.token });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: LISTING_MESSAGES.clientOnly });
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("offers the unlinked listing whose email is the account's, in any letter case", async () => {
    const account = await signUp();
    const id = await insertListing(account.email.toUpperCase());
    const r = await call("GET", "/api/listing", { token: account.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      kind: "claimable",
      email: account.email,
      candidate: {
        id,
        name: "Aaron Clarke",
        firm: "Clarke Injury Law",
        city: "Toronto",
        country: "Canada",
        location: "Toronto, Ontario, Canada",
      },
      claimSentAt: null,
    });
  });

  it("offers the create form (with the country list) when no listing uses the email", async () => {
    const account = await signUp();
    const r = await call("GET", "/api/listing", { token: account.token });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe("create");
    expect(r.body.email).toBe(account.email);
    expect(r.body.countries).toContainEqual({ code: "US", name: "United States" });
    expect(r.body.countries).toContainEqual({ code: "CA", name: "Canada" });
    expect(r.body.countries.length).toBeGreaterThan(200);
  });

  it("does not offer a listing another account has already linked", async () => {
    const owner = await linkedLawyer();
    const account = await signUp();
    await database.db.update(lawyers).set({ email: account.email }).where(eq(lawyers.id, owner.lawyerId));
    const r = await call("GET", "/api/listing", { token: account.token });
    expect(r.body.kind).toBe("create");
  });
});

describe(`claiming a listing (${TEST_ENGINE})`, () => {
  it("emails a single-use link; the same account confirms it and is linked and verified", async () => {
    const account = await signUp({ firstName: "Aaron" });
    const id = await insertListing(account.email);
    const before = smtp.messages.length;
    const sent = await call("POST", "/api/listing/claim", { token: account.token });
    expect(sent.status).toBe(200);
    expect(sent.body.kind).toBe("claimable");
    expect(Date.parse(sent.body.claimSentAt)).toBeGreaterThan(Date.now() - 60_000);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(account.email) && smtp.messages.indexOf(m) >= before,
    );
    expect(mail.subject).toBe(CLAIM_EMAIL_SUBJECT);
    expect(mail.text).toContain("Aaron Clarke, Clarke Injury Law, Toronto, Ontario, Canada");
    const token = await claimTokenFromEmail(account.email, before);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(mail.html).toContain(`href="${emailLinkOrigin(server.config)}/claim-listing?token=${token}"`);

    // Stored only as its SHA-256, expiring in 24 hours.
    const [claim] = await database.db.select().from(listingClaims).where(eq(listingClaims.lawyerId, id));
    expect(claim?.token).toBe(hashClaimToken(token));
    expect(claim?.token).not.toContain(token);
    const ttl = (claim?.expiresAt.getTime() ?? 0) - (claim?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 24 * 3_600_000)).toBeLessThan(5_000);

    // The view remembers that a link was sent.
    expect((await call("GET", "/api/listing", { token: account.token })).body.claimSentAt).toBe(
      sent.body.claimSentAt,
    );

    const ok = await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.kind).toBe("linked");
    expect(ok.body.listing).toMatchObject({ id, name: "Aaron Clarke", profilePath: `/lawyer/${id}` });
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row).toMatchObject({
      lawyerId: id,
      isVerified: true,
      businessName: "Clarke Injury Law",
      businessPhone: "+14165550100",
    });
    const me = await call("GET", "/api/auth/me", { token: account.token });
    expect(me.body).toMatchObject({ lawyerId: id, isVerified: true });

    // Single use: the same link again is refused.
    const again = await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(LISTING_MESSAGES.claimUsed);
    // And a linked account cannot ask for another link.
    const more = await call("POST", "/api/listing/claim", { token: account.token });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(LISTING_MESSAGES.alreadyLinked);
  });

  it("escapes the listing's text in the HTML part of the email", async () => {
    const account = await signUp();
    await insertListing(account.email, { firm: 'Clarke & <b onmouseover="x">Sons</b>' });
    const before = smtp.messages.length;
    expect((await call("POST", "/api/listing/claim", { token: account.token })).status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(account.email) && smtp.messages.indexOf(m) >= before,
    );
    expect(mail.html).toContain("Clarke &amp; &lt;b onmouseover=&quot;x&quot;&gt;Sons&lt;/b&gt;");
    expect(mail.html).not.toContain("<b ");
    expect(mail.text).toContain('Clarke & <b onmouseover="x">Sons</b>');
  });

  it("refuses another account's token with 400, and the owner can still use it", async () => {
    const owner = await signUp();
    await insertListing(owner.email);
    const token = await requestClaimToken(owner.token, owner.email);
    const intruder = await signUp();
    const r = await call("POST", "/api/listing/claim/confirm", { token: intruder.token, body: { token } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(LISTING_MESSAGES.claimOtherUser);
    const [row] = await database.db.select().from(users).where(eq(users.id, intruder.user.id));
    expect(row?.lawyerId).toBeNull();
    const ok = await call("POST", "/api/listing/claim/confirm", { token: owner.token, body: { token } });
    expect(ok.status).toBe(200);
  });

  it("a claim link expires 24 hours after it was sent: 400 then, and it still works a second before (test clock)", () =>
    clock.rewinding(async () => {
      const account = await signUp();
      const id = await insertListing(account.email);
      const sent = clock.now().getTime();
      const token = await requestClaimToken(account.token, account.email);
      clock.set(new Date(sent + CLAIM_TOKEN_TTL_MS));
      const r = await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(LISTING_MESSAGES.claimExpired);
      // An expired link no longer counts as "sent".
      expect((await call("GET", "/api/listing", { token: account.token })).body).toMatchObject({
        kind: "claimable",
        candidate: { id },
        claimSentAt: null,
      });
      clock.set(new Date(sent + CLAIM_TOKEN_TTL_MS - 1000));
      const ok = await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
      expect(ok.status).toBe(200);
    }));

  it("refuses unknown tokens and bad bodies with 400, never 500", async () => {
    const account = await signUp();
    const unknown = await call("POST", "/api/listing/claim/confirm", {
      token: account.token,
      body: { token: "x".repeat(43) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.claimInvalid);
    for (const raw of [
      "{",
      "[]",
      '"token"',
      "null",
      '{"token": 5}',
      '{"token": ""}',
      '{"token":"a","x":1}',
    ]) {
      const r = await call("POST", "/api/listing/claim/confirm", { token: account.token, raw });
      expect(r.status, raw).toBe(400);
      expect(typeof r.body.message, raw).toBe("string");
    }
    const long = await call("POST", "/api/listing/claim/confirm", {
      token: account.token,
      body: { token: "y".repeat(300) },
    });
    expect(long.status).toBe(400);
  });

  it("links once when the same link is confirmed twice at the same moment", async () => {
    const account = await signUp();
    const id = await insertListing(account.email);
    const token = await requestClaimToken(account.token, account.email);
    const answers = await Promise.all(
      [1, 2].map(() => call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const linked = await database.db.select().from(users).where(eq(users.lawyerId, id));
    expect(linked.map((u) => u.id)).toEqual([account.user.id]);
  });

  it("answers 409 when another account linked the listing meanwhile", async () => {
    const account = await signUp();
    const id = await insertListing(account.email);
    const token = await requestClaimToken(account.token, account.email);
    const other = await signUp();
    await database.db.update(users).set({ lawyerId: id }).where(eq(users.id, other.user.id));
    const r = await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(LISTING_MESSAGES.listingTaken);
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.lawyerId).toBeNull();
  });

  it("answers 404 with nothing to claim, 403 to a client and 401 signed out", async () => {
    const account = await signUp();
    const none = await call("POST", "/api/listing/claim", { token: account.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(LISTING_MESSAGES.claimNoCandidate);
    const client = await signUp({ role: "user" });
    expect((await call("POST", "/api/listing/claim", { token: client.token })).status).toBe(403);
    const confirm = await call("POST", "/api/listing/claim/confirm", {
      token: client.token,
      body: { token: "z".repeat(43) },
    });
    expect(confirm.status).toBe(403);
    expect((await call("POST", "/api/listing/claim")).status).toBe(401);
  });

  it("limits claim emails per IP: 429 with Retry-After past the limit", async () => {
    const account = await signUp();
    await insertListing(account.email);
    const ip = freshIp();
    const { points } = RATE_LIMITS["claim-ip"];
    for (let i = 0; i < points; i++) {
      expect((await call("POST", "/api/listing/claim", { token: account.token, ip })).status).toBe(200);
    }
    const r = await call("POST", "/api/listing/claim", { token: account.token, ip });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(typeof r.body.message).toBe("string");
    // Another IP is not affected.
    expect((await call("POST", "/api/listing/claim", { token: account.token })).status).toBe(200);
  });
});

describe(`verifying the email before creating a listing (${TEST_ENGINE})`, () => {
  it("refuses to create a listing until the emailed link proves the address; then creates it", async () => {
    const account = await signUp();
    const view = await call("GET", "/api/listing", { token: account.token });
    expect(view.body).toMatchObject({ kind: "create", emailVerified: false, verificationSentAt: null });

    // Anyone can sign up with any address: the listing would show it. Not before it is proven.
    const early = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: LISTING_MESSAGES.verifyEmailFirst });
    expect(await database.db.select().from(lawyers).where(eq(lawyers.email, account.email))).toEqual([]);

    const before = smtp.messages.length;
    const sent = await call("POST", "/api/listing/verify-email", { token: account.token });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ kind: "create", emailVerified: false });
    expect(Date.parse(sent.body.verificationSentAt)).toBeGreaterThan(Date.now() - 60_000);
    const token = await verifyTokenFromEmail(account.email, before);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    // Stored only as its SHA-256, with the address it proves, expiring in 24 hours.
    const [link] = await database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, account.user.id));
    expect(link).toMatchObject({ token: hashClaimToken(token), email: account.email, usedAt: null });
    const ttl = (link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 24 * 3_600_000)).toBeLessThan(5_000);
    expect((await call("GET", "/api/listing", { token: account.token })).body.verificationSentAt).toBe(
      sent.body.verificationSentAt,
    );

    const ok = await call("POST", "/api/listing/verify-email/confirm", {
      token: account.token,
      body: { token },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ kind: "create", emailVerified: true, verificationSentAt: null });
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.isVerified).toBe(true);
    expect((await call("GET", "/api/auth/me", { token: account.token })).body.isVerified).toBe(true);

    // Single use; and a verified account needs no other link.
    const again = await call("POST", "/api/listing/verify-email/confirm", {
      token: account.token,
      body: { token },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(LISTING_MESSAGES.claimUsed);
    const more = await call("POST", "/api/listing/verify-email", { token: account.token });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(LISTING_MESSAGES.emailAlreadyVerified);

    const created = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
    expect(created.status, created.text).toBe(201);
    expect(created.body.listing.email).toBe(account.email);
    const linked = await call("POST", "/api/listing/verify-email", { token: account.token });
    expect(linked.status).toBe(409);
    expect(linked.body.message).toBe(LISTING_MESSAGES.alreadyLinked);
  });

  it("refuses another account's, an expired, an unknown and a reused token, and one sent to an old address", async () => {
    const owner = await signUp();
    const token = await requestVerifyToken(owner.token, owner.email);
    const intruder = await signUp();
    const other = await call("POST", "/api/listing/verify-email/confirm", {
      token: intruder.token,
      body: { token },
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(LISTING_MESSAGES.claimOtherUser);
    const [intruderRow] = await database.db.select().from(users).where(eq(users.id, intruder.user.id));
    expect(intruderRow?.isVerified).toBe(false);

    const unknown = await call("POST", "/api/listing/verify-email/confirm", {
      token: owner.token,
      body: { token: "x".repeat(43) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(LISTING_MESSAGES.claimInvalid);
    for (const raw of ["{", "[]", "null", '{"token": 5}', '{"token": ""}', '{"token":"a","x":1}']) {
      const r = await call("POST", "/api/listing/verify-email/confirm", { token: owner.token, raw });
      expect(r.status, raw).toBe(400);
    }

    // 24 hours later (test clock) the link has expired.
    await clock.rewinding(async () => {
      clock.advance(CLAIM_TOKEN_TTL_MS);
      const expired = await call("POST", "/api/listing/verify-email/confirm", {
        token: owner.token,
        body: { token },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(LISTING_MESSAGES.claimExpired);
    });

    // A link proves only the address it was sent to.
    const fresh = await requestVerifyToken(owner.token, owner.email);
    const moved = freshEmail("moved");
    await database.db.update(users).set({ email: moved }).where(eq(users.id, owner.user.id));
    const changed = await call("POST", "/api/listing/verify-email/confirm", {
      token: owner.token,
      body: { token: fresh },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(LISTING_MESSAGES.verifyEmailChanged);
    const [row] = await database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.isVerified).toBe(false);
  });

  it("verifies once when the same link is confirmed twice at the same moment", async () => {
    const account = await signUp();
    const token = await requestVerifyToken(account.token, account.email);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call("POST", "/api/listing/verify-email/confirm", { token: account.token, body: { token } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("answers 403 to a client and 401 signed out; limits links per IP with claim links (429)", async () => {
    const client = await signUp({ role: "user" });
    expect((await call("POST", "/api/listing/verify-email", { token: client.token })).status).toBe(403);
    expect((await call("POST", "/api/listing/verify-email")).status).toBe(401);
    expect(
      (await call("POST", "/api/listing/verify-email/confirm", { token: client.token, body: { token: "x" } }))
        .status,
    ).toBe(403);

    const account = await signUp();
    const ip = freshIp();
    const { points } = RATE_LIMITS["claim-ip"];
    for (let i = 0; i < points; i++) {
      expect((await call("POST", "/api/listing/verify-email", { token: account.token, ip })).status).toBe(
        200,
      );
    }
    const r = await call("POST", "/api/listing/verify-email", { token: account.token, ip });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("emails to an unproven address greet no one by name and carry nothing the account typed", async () => {
    // Sign-up names are the account's choice (100 characters): they must not reach a stranger.
    const firstName = "Mallory PAY-NOW-AT evil.example";
    const lastName = "Phisher";
    const account = await signUp({ firstName, lastName });
    const before = smtp.messages.length;
    expect((await call("POST", "/api/listing/verify-email", { token: account.token })).status).toBe(200);
    const verify = await smtp.waitFor(
      (m) =>
        m.subject === VERIFY_EMAIL_SUBJECT &&
        m.to.includes(account.email) &&
        smtp.messages.indexOf(m) >= before,
    );
    const claimer = await signUp({ firstName, lastName });
    await insertListing(claimer.email);
    const mid = smtp.messages.length;
    expect((await call("POST", "/api/listing/claim", { token: claimer.token })).status).toBe(200);
    const claim = await smtp.waitFor(
      (m) =>
        m.subject === CLAIM_EMAIL_SUBJECT && m.to.includes(claimer.email) && smtp.messages.indexOf(m) >= mid,
    );
    for (const mail of [verify, claim]) {
      for (const part of [mail.text, mail.html ?? ""]) {
        expect(part).not.toContain("Mallory");
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain(lastName);
      }
      expect(mail.text.startsWith("Hello,\n")).toBe(true);
      expect(mail.text).toContain("Someone signed up on LexAtlas with this address");
      expect(mail.text).toContain("If it wasn't you, ignore this email");
      expect(mail.html).toContain("If it wasn&#x27;t you, ignore this email");
    }
    expect(claim.text).toContain(
      'asked to manage the listing "Aaron Clarke, Clarke Injury Law, Toronto, Ontario, Canada"',
    );
  });
});

describe(`POST /api/listing (${TEST_ENGINE})`, () => {
  it("creates a pending listing with the account's email, linked to the account and searchable at once", async () => {
    const account = await verifiedLawyer();
    // Warm the search caches first: the new listing must show up anyway.
    await call("GET", "/api/lawyers/search?query=Vantwest");
    const r = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
    expect(r.status, r.text).toBe(201);
    const id = r.body.listing.id as number;
    expect(r.body.listing).toMatchObject({
      name: "Zora Vantwest",
      firm: "Vantwest Injury Advocates",
      email: account.email,
      phone: "+14165550199",
      country: "Canada",
      countryCode: "CA",
      state: "Ontario",
      city: "Toronto",
      location: "Toronto, Ontario, Canada",
      website: "https://vantwest.example.com",
      practiceAreas: ["Car Accidents", "Slip & Fall"],
      experience: 12,
      rating: 0,
      reviewCount: 0,
      verified: false,
      verificationStatus: "pending",
      logoUrl: null,
    });
    const pub = await call("GET", `/api/lawyers/${id}`);
    expect(pub.status).toBe(200);
    // Issue 15 §2 "Publication": the admission is public, its licence check pending, no tick.
    expect(pub.body.verification).toMatchObject({
      status: "pending",
      checks: [{ kind: "licence", status: "pending", source: "Law Society of Ontario", checkedOn: null }],
      admissions: [
        {
          countryCode: "CA",
          region: "Ontario",
          regulator: "Law Society of Ontario",
          licenceNumber: "L12345",
          yearAdmitted: 2013,
        },
      ],
    });
    expect(pub.body).toMatchObject({
      verified: false,
      verification_status: "pending",
      timeZone: "America/Toronto",
      business_address: "100 King St W, Toronto",
      workingHours: "Mon-Fri 9:00-17:00",
    });
    expect(pub.body.latitude).toBeCloseTo(43.7, 0);
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row).toMatchObject({
      lawyerId: id,
      isVerified: true,
      businessName: "Vantwest Injury Advocates",
      businessDescription: "Serious injury claims across Ontario.",
      businessPhone: "+14165550199",
      businessAddress: "100 King St W, Toronto",
      businessWebsite: "https://vantwest.example.com",
    });
    const found = await call("GET", "/api/lawyers/search?query=Vantwest");
    expect(found.body.map((l: { id: number }) => l.id)).toContain(id);
    const byArea = await call(
      "GET",
      "/api/lawyers/search?location=CA&practiceAreas=Slip%20%26%20Fall&pageSize=48",
    );
    expect(byArea.body.map((l: { id: number }) => l.id)).toContain(id);

    const twice = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(LISTING_MESSAGES.alreadyLinked);
  });

  it("puts a new city on the search map: 'injury lawyer in <new city>' finds the listing", async () => {
    const account = await verifiedLawyer();
    const r = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, city: "Kenora", name: "Una Quillfeather", firm: "" },
    });
    expect(r.status, r.text).toBe(201);
    const found = await call("GET", "/api/lawyers/search?query=injury%20lawyer%20in%20Kenora");
    expect(found.body.map((l: { id: number }) => l.id)).toEqual([r.body.listing.id]);
    const byName = await call("GET", "/api/lawyers/search?query=Quillfeather");
    expect(byName.body.map((l: { id: number }) => l.id)).toEqual([r.body.listing.id]);
  });

  it("refuses a listing without a bar admission (issue 15 §2 publication rule), writing nothing", async () => {
    const account = await verifiedLawyer();
    const { admissionRegulator: _r, admissionNumber: _n, ...withoutAdmission } = VALID_CREATE;
    const r = await call("POST", "/api/listing", { token: account.token, body: withoutAdmission });
    expect(r.status).toBe(400);
    expect(firstMessages(r.body)).toEqual({
      admissionRegulator: "Please enter the bar or law society that admitted you.",
      admissionNumber: "Please enter your licence or registration number.",
    });
    const year = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, admissionYear: 1800 },
    });
    expect(year.status).toBe(400);
    expect(firstMessages(year.body)).toEqual({
      admissionYear: "Please enter the year you were admitted, e.g. 2012.",
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.lawyerId).toBeNull();
  });

  it("refuses to create a second listing for an email that is already listed (claim it instead)", async () => {
    const account = await verifiedLawyer();
    await insertListing(account.email.toUpperCase());
    const r = await call("POST", "/api/listing", { token: account.token, body: VALID_CREATE });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(LISTING_MESSAGES.emailListed);
  });

  it("answers 400 with the message per field for bad input, never 500", async () => {
    const account = await verifiedLawyer();
    const bad = await call("POST", "/api/listing", {
      token: account.token,
      body: {
        ...VALID_CREATE,
        name: " ",
        phone: "12",
        website: "javascript:alert(1)",
        practiceAreas: [],
        experience: 200,
      },
    });
    expect(bad.status).toBe(400);
    expect(firstMessages(bad.body)).toEqual({
      name: "Please enter the name shown on your listing.",
      phone: "Please enter a valid phone number for Canada.",
      website: "Please enter a web address starting with http:// or https://.",
      practiceAreas: "Please choose at least one practice area.",
      experience: "Please enter your years of experience as a whole number from 0 to 80.",
    });
    expect(bad.body.message).toBe("Please enter the name shown on your listing.");
    expect(firstField(bad.body)).toBe("name");

    const phone = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, phone: "12" },
    });
    expect(phone.status).toBe(400);
    expect(firstMessages(phone.body)).toEqual({ phone: "Please enter a valid phone number for Canada." });
    // A valid number of another country (+44) is not a Canadian number.
    const foreign = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, phone: "+44 20 7946 0958" },
    });
    expect(firstMessages(foreign.body)).toEqual({ phone: "Please enter a valid phone number for Canada." });

    const country = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, countryCode: "XQ", phone: "+1 416 555 0199" },
    });
    expect(country.status).toBe(400);
    expect(firstMessages(country.body)).toEqual({ countryCode: "Please choose a country." });

    const area = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, practiceAreas: ["Tax Law"] },
    });
    expect(firstMessages(area.body)).toEqual({ practiceAreas: "Please choose at least one practice area." });

    const email = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, email: "someone@else.example" },
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe("Unknown field: email");

    for (const raw of ["{", "[]", "null", "42", '{"name": 5}']) {
      const r = await call("POST", "/api/listing", { token: account.token, raw });
      expect(r.status, raw).toBe(400);
      expect(typeof r.body.message, raw).toBe("string");
    }
    expect((await call("POST", "/api/listing", { token: account.token, raw: "[]" })).body.message).toBe(
      "The request body must be a JSON object.",
    );
    const text = await call("POST", "/api/listing", {
      token: account.token,
      raw: JSON.stringify(VALID_CREATE),
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(NOT_JSON_MESSAGE);
    const big = await call("POST", "/api/listing", {
      token: account.token,
      body: { ...VALID_CREATE, bio: "x".repeat(1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(LISTING_BODY_TOO_LARGE);
    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.lawyerId).toBeNull();
  });

  it("answers 403 to a client and 401 signed out", async () => {
    const client = await signUp({ role: "user" });
    expect((await call("POST", "/api/listing", { token: client.token, body: VALID_CREATE })).status).toBe(
      403,
    );
    expect((await call("POST", "/api/listing", { body: VALID_CREATE })).status).toBe(401);
  });
});

describe(`PUT /api/listing (${TEST_ENGINE})`, () => {
  it("sets the office position (issue 19 §1): both or neither, in range; the lawyer JSON carries it and openNow", async () => {
    const account = await signUp();
    const id = await insertListing(account.email, { timeZone: "America/Toronto" });
    const token = await requestClaimToken(account.token, account.email);
    await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } });
    const put = (body: Record<string, unknown>) =>
      call("PUT", "/api/listing", { token: account.token, body });

    const set = await put({ latitude: "43.6452", longitude: "-79,3806" });
    expect(set.status, set.text).toBe(200);
    expect(set.body.listing).toMatchObject({ latitude: 43.6452, longitude: -79.3806 });
    const pub = await call("GET", `/api/lawyers/${id}`);
    expect(pub.body).toMatchObject({ latitude: 43.6452, longitude: -79.3806 });

    const outOfRange = await put({ latitude: 91, longitude: 0 });
    expect(outOfRange.status).toBe(400);
    expect(Object.keys(outOfRange.body.fieldErrors)).toEqual(["latitude"]);
    const badLongitude = await put({ latitude: 10, longitude: "east" });
    expect(Object.keys(badLongitude.body.fieldErrors)).toEqual(["longitude"]);
    const onlyOne = await put({ latitude: 10 });
    expect(onlyOne.status).toBe(400);
    expect(onlyOne.body.fieldErrors.longitude).toEqual(["Enter both latitude and longitude, or neither."]);

    // Cleared: back on the city's point (Toronto in the GeoNames table), never null.
    const cleared = await put({ latitude: "", longitude: "" });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.listing.latitude).toBeCloseTo(43.7, 0);

    // openNow: true for hours that cover every minute, false for free text (nothing claimed).
    await put({ workingHours: "Mon-Sun 0:00-24:00" });
    expect((await call("GET", `/api/lawyers/${id}`)).body.openNow).toBe(true);
    await put({ workingHours: "by appointment" });
    expect((await call("GET", `/api/lawyers/${id}`)).body.openNow).toBe(false);
    const search = await call("GET", `/api/lawyers/search?query=${encodeURIComponent("Clarke")}`);
    for (const l of search.body) expect(typeof l.openNow).toBe("boolean");
  });

  it("changes the business fields; the public lawyer API and search show them at once", async () => {
    const account = await signUp();
    const id = await insertListing(account.email);
    const token = await requestClaimToken(account.token, account.email);
    expect(
      (await call("POST", "/api/listing/claim/confirm", { token: account.token, body: { token } })).status,
    ).toBe(200);
    // Read once so any cache holds the old values.
    expect((await call("GET", `/api/lawyers/${id}`)).body.phone).toBe("+14165550100");
    await call("GET", "/api/lawyers/search?query=Clarke");

    const r = await call("PUT", "/api/listing", {
      token: account.token,
      body: {
        name: "Aaron Q. Clarkesworth",
        firm: "Clarkesworth Injury Law",
        bio: "Now also serving Hamilton.",
        phone: "416 555 0177",
        businessAddress: "1 Front St, Toronto",
        website: "https://clarkesworth.example",
        workingHours: "Mon-Sat 8:00-18:00",
        practiceAreas: ["Dog Bites", "Car Accidents"],
        languages: "EN, fr",
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.listing).toMatchObject({
      phone: "+14165550177",
      practiceAreas: ["Car Accidents", "Dog Bites"],
      languages: ["en", "fr"],
    });

    const pub = await call("GET", `/api/lawyers/${id}`);
    expect(pub.body).toMatchObject({
      name: "Aaron Q. Clarkesworth",
      firm: "Clarkesworth Injury Law",
      bio: "Now also serving Hamilton.",
      phone: "+14165550177",
      business_address: "1 Front St, Toronto",
      website: "https://clarkesworth.example",
      workingHours: "Mon-Sat 8:00-18:00",
      practiceAreas: ["Car Accidents", "Dog Bites"],
      languages: ["en", "fr"],
      // An edit never changes the verification (issue 15 §2): the inserted listing had no check.
      verification_status: "unverified",
    });
    // The languages filter finds the listing at once (issue 14 §4).
    const speaksFrench = await call("GET", "/api/lawyers/search?query=Clarkesworth&languages=fr");
    expect(speaksFrench.body.map((l: { id: number }) => l.id)).toContain(id);
    const found = await call("GET", "/api/lawyers/search?query=Clarkesworth");
    expect(found.body.map((l: { id: number }) => l.id)).toContain(id);

    const [row] = await database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row).toMatchObject({
      businessName: "Clarkesworth Injury Law",
      businessDescription: "Now also serving Hamilton.",
      businessPhone: "+14165550177",
      businessAddress: "1 Front St, Toronto",
      businessWebsite: "https://clarkesworth.example",
    });

    // Only the given fields change; "" clears an optional one.
    const partial = await call("PUT", "/api/listing", { token: account.token, body: { website: "" } });
    expect(partial.status).toBe(200);
    expect(partial.body.listing).toMatchObject({ website: null, phone: "+14165550177" });
  });

  it("issue 28 §2: the owner states the listing's grammatical gender; the public API shows it; '' clears it", async () => {
    const account = await linkedLawyer();
    const put = (body: Record<string, unknown>) =>
      call("PUT", "/api/listing", { token: account.token, body });
    const set = await put({ grammaticalGender: "feminine" });
    expect(set.status, set.text).toBe(200);
    expect(set.body.listing.grammaticalGender).toBe("feminine");
    const id = set.body.listing.id as number;
    expect((await call("GET", `/api/lawyers/${id}`)).body.grammaticalGender).toBe("feminine");
    const bad = await put({ grammaticalGender: "female" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(["grammaticalGender"]);
    expect(bad.body.fieldErrors.grammaticalGender[0]).toContain("feminine, masculine, neutral");
    expect((await put({ grammaticalGender: "" })).body.listing.grammaticalGender).toBeNull();
    expect((await call("GET", `/api/lawyers/${id}`)).body.grammaticalGender).toBeNull();
  });

  it("answers 400 per field for bad input and for an empty or unknown body", async () => {
    const account = await linkedLawyer();
    const phone = await call("PUT", "/api/listing", {
      token: account.token,
      body: { phone: "+49 30 123456" },
    });
    expect(phone.status).toBe(400);
    expect(phone.body).toEqual({
      message: "Please enter a valid phone number for Canada.",
      fieldErrors: { phone: ["Please enter a valid phone number for Canada."] },
    });
    // The country is named in the reader's language, not in English (issue 14 §2).
    const named = async (lang: string) =>
      firstMessages(
        (
          await call("PUT", "/api/listing", {
            token: account.token,
            body: { phone: "+49 30 123456" },
            headers: { "Accept-Language": lang },
          })
        ).body,
      ).phone;
    expect(await named("de-DE")).toBe("Bitte geben Sie eine gültige Telefonnummer für Kanada ein.");
    expect(await named("fr")).toBe("Veuillez saisir un numéro de téléphone valide pour Canada.");
    expect(await named("ja")).toBe("カナダの有効な電話番号を入力してください。");
    expect(await named("ar")).toBe("يرجى إدخال رقم هاتف صالح في كندا.");
    const empty = await call("PUT", "/api/listing", { token: account.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to update: send at least one field.");
    const unknown = await call("PUT", "/api/listing", { token: account.token, body: { verified: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown field: verified");
    const name = await call("PUT", "/api/listing", {
      token: account.token,
      body: { name: "", practiceAreas: "x" },
    });
    expect(firstMessages(name.body)).toEqual({
      name: "Please enter the name shown on your listing.",
      practiceAreas: "Please choose at least one practice area.",
    });
    const [listing] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(listing?.verified).toBe(false);
  });

  it("answers 403 to a client, 404 to a lawyer without a listing, 401 signed out", async () => {
    const client = await signUp({ role: "user" });
    const r = await call("PUT", "/api/listing", { token: client.token, body: { phone: "+1 416 555 0100" } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(LISTING_MESSAGES.clientOnly);
    const lawyer = await signUp();
    const none = await call("PUT", "/api/listing", { token: lawyer.token, body: { bio: "x" } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(LISTING_MESSAGES.noListing);
    expect((await call("PUT", "/api/listing", { body: { bio: "x" } })).status).toBe(401);
  });

  it("refuses NUL and other control characters with 400 naming the field (PostgreSQL refuses NUL: was a 500)", async () => {
    const fresh = await verifiedLawyer();
    const created = await call("POST", "/api/listing", {
      token: fresh.token,
      body: { ...VALID_CREATE, name: "Zora\u0000 Vantwest", bio: "Line one\u0000" },
    });
    expect(created.status, created.text).toBe(400);
    expect(firstField(created.body)).toBe("name");
    // NUL is the input boundary's first (issue 27 §2), then the listing schema's own message.
    const notAllowed = english(INVALID_CHARACTERS_MESSAGE);
    expect(created.body.message).toBe(notAllowed);
    expect(created.body.fieldErrors).toEqual({
      name: [notAllowed, "The name contains invisible control characters (such as NUL). Please remove them."],
      bio: [
        notAllowed,
        "The About text contains invisible control characters (such as NUL). Please remove them.",
      ],
    });
    const [none] = await database.db.select().from(users).where(eq(users.id, fresh.user.id));
    expect(none?.lawyerId).toBeNull();

    const account = await linkedLawyer();
    for (const [field, value] of [
      ["name", "Zora\u0000"],
      ["bio", "About\u0000"],
      ["firm", "Firm\u0007"],
      ["website", "https://firm.example/\u0000"],
      ["workingHours", "Mon\nFri"],
    ] as const) {
      const r = await call("PUT", "/api/listing", { token: account.token, body: { [field]: value } });
      expect(r.status, `${field}: ${r.text}`).toBe(400);
      expect(firstField(r.body), field).toBe(field);
      expect(r.body.message, field).toMatch(
        value.includes("\u0000")
          ? /characters that are not allowed/
          : /contains invisible control characters/,
      );
    }
    // Tabs and line breaks belong in a multi-line About text.
    const bio = "First paragraph.\r\n\r\n\tSecond paragraph.";
    const ok = await call("PUT", "/api/listing", { token: account.token, body: { bio } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.listing.bio).toBe(bio);
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(row?.name).toBe(VALID_CREATE.name);
  });

  it("limits listing writes per account (create, edits, logo uploads): 429 with Retry-After past 30 an hour", async () => {
    const account = await linkedLawyer(); // the create is write 1
    const { points, durationSeconds } = RATE_LIMITS["listing-write"];
    expect(points).toBe(30);
    // Invalid input is not a write and does not count.
    expect((await call("PUT", "/api/listing", { token: account.token, body: { phone: "1" } })).status).toBe(
      400,
    );
    const png = await pngWithExif();
    expect(
      (await call("PUT", "/api/listing/logo", { token: account.token, form: logoForm(png) })).status,
    ).toBe(200);
    for (let i = 2; i < points; i++) {
      const r = await call("PUT", "/api/listing", { token: account.token, body: { bio: `Edit ${i}` } });
      expect(r.status, `write ${i + 1}: ${r.text}`).toBe(200);
    }
    // Each from its own IP: the limit is the account's.
    const over = await call("PUT", "/api/listing", { token: account.token, body: { bio: "One too many" } });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(english(LISTING_MESSAGES.tooManyWrites));
    const retry = Number(over.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(durationSeconds);
    const logo = await call("PUT", "/api/listing/logo", { token: account.token, form: logoForm(png) });
    expect(logo.status).toBe(429);
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(row?.bio).toBe(`Edit ${points - 1}`);
    // Another account is not affected.
    const other = await linkedLawyer();
    expect((await call("PUT", "/api/listing", { token: other.token, body: { bio: "Mine" } })).status).toBe(
      200,
    );
  });

  it("repeated edits do not inflate the search vocabulary: counts move by what changed", async () => {
    const account = await linkedLawyer();
    const words = ["vantwest", "injury", "advocates", "quorvalis", "harbourline"] as const;
    const counts = async () => {
      const rows = await database.db.execute<{ word: string; frequency: number | string }>(
        sql`SELECT word, frequency FROM search_lexicon WHERE word IN (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )})`,
      );
      return Object.fromEntries(
        words.map((w) => [w, Number(rows.rows.find((r) => r.word === w)?.frequency ?? -1)]),
      ) as Record<(typeof words)[number], number>;
    };
    const start = await counts();
    expect(start.vantwest).toBeGreaterThan(0);
    // Saving the same firm again and again changes nothing.
    for (let i = 0; i < 5; i++) {
      const r = await call("PUT", "/api/listing", {
        token: account.token,
        body: { firm: VALID_CREATE.firm },
      });
      expect(r.status).toBe(200);
    }
    expect(await counts()).toEqual(start);
    // A new firm counts its new words once and gives back the old ones; renaming back restores them.
    const renamed = "Quorvalis Harbourline Injury";
    for (let i = 0; i < 3; i++) {
      expect(
        (await call("PUT", "/api/listing", { token: account.token, body: { firm: renamed } })).status,
      ).toBe(200);
      const mid = await counts();
      expect(mid).toMatchObject({
        quorvalis: 1,
        harbourline: 1,
        injury: start.injury,
        vantwest: start.vantwest - 1, // still in the name "Zora Vantwest"
        advocates: start.advocates - 1,
      });
      const back = { firm: VALID_CREATE.firm };
      expect((await call("PUT", "/api/listing", { token: account.token, body: back })).status).toBe(200);
      expect(await counts()).toEqual({ ...start, quorvalis: 0, harbourline: 0 });
    }
    // The renamed firm was searchable while it was the firm.
    expect(
      (await call("PUT", "/api/listing", { token: account.token, body: { firm: renamed } })).status,
    ).toBe(200);
    const found = await call("GET", "/api/lawyers/search?query=Quorvalis");
    expect(found.body.map((l: { id: number }) => l.id)).toContain(account.lawyerId);
  });

  it("refuses a cookie request from another site with 403", async () => {
    const account = await linkedLawyer();
    const r = await call("PUT", "/api/listing", {
      body: { bio: "pwned" },
      headers: { Cookie: `${SESSION_COOKIE}=${account.token}`, Origin: "https://evil.example" },
    });
    expect(r.status).toBe(403);
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(row?.bio).toBe(VALID_CREATE.bio);
  });
});

/** A multipart body with `bytes` as field `logo`. */
function logoForm(bytes: Uint8Array, name = "logo.png", type = "image/png"): FormData {
  const form = new FormData();
  form.set("logo", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

/**
 * Sends `bytes` zero bytes to PUT /api/listing/logo on its own connection and never ends the
 * body; resolves with the answer, which only comes if the server stops reading by itself.
 */
function uploadWithoutEnd(
  token: string,
  headers: Record<string, string>,
  bytes: number,
): Promise<{ status: number; body: string }> {
  const url = new URL(`${server.baseUrl}/api/listing/logo`);
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "PUT",
      agent: false,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "multipart/form-data; boundary=xyz",
        "X-Forwarded-For": freshIp(),
        ...headers,
      },
    });
    const chunk = Buffer.alloc(Math.min(bytes, 64 * 1024));
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
    };
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on("error", reject);
    write();
  });
}

/** A 640 × 320 PNG with EXIF (camera make and a GPS-like comment) to be stripped. */
async function pngWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 640, height: 320, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } },
  })
    .png()
    .withExif({ IFD0: { Make: "SecretCam", ImageDescription: "home address 12 Elm St" } })
    .toBuffer();
}

describe(`PUT /api/listing/logo and GET /media/logos (${TEST_ENGINE})`, () => {
  it("stores a PNG as a 256 px WebP without metadata and serves it immutable with nosniff", async () => {
    const account = await linkedLawyer();
    const png = await pngWithExif();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const r = await call("PUT", "/api/listing/logo", { token: account.token, form: logoForm(png) });
    expect(r.status, r.text).toBe(200);
    const url = r.body.listing.logoUrl as string;
    expect(url).toMatch(new RegExp(`^/media/logos/${account.lawyerId}\\?v=[0-9a-f]{16}$`));

    const [stored] = await database.db
      .select()
      .from(lawyerLogos)
      .where(eq(lawyerLogos.lawyerId, account.lawyerId));
    expect(stored?.contentType).toBe("image/webp");

    const res = await fetch(`${server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe(LOGO_IMMUTABLE);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(stored?.content as Buffer)).toBe(true);
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from("SecretCam"))).toBe(false);

    // The public profile points at it at once.
    expect((await call("GET", `/api/lawyers/${account.lawyerId}`)).body.business_logo).toBe(url);

    // Without the current version: revalidated, 304 on a matching ETag.
    const plain = await fetch(`${server.baseUrl}/media/logos/${account.lawyerId}?v=old`);
    expect(plain.headers.get("cache-control")).toBe("no-cache");
    const etag = plain.headers.get("etag") ?? "";
    await plain.arrayBuffer();
    const notModified = await fetch(`${server.baseUrl}/media/logos/${account.lawyerId}`, {
      headers: { "If-None-Match": etag },
    });
    expect(notModified.status).toBe(304);
  });

  it("accepts JPEG, WebP and the first frame of an animated GIF; keeps small images small", async () => {
    const account = await linkedLawyer();
    const base = sharp({ create: { width: 100, height: 60, channels: 3, background: "#c33" } });
    const jpeg = await base.clone().jpeg().toBuffer();
    const webp = await base.clone().webp().toBuffer();
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 120, channels: 4, background } })
        .png()
        .toBuffer();
    const frames = [await frame("#3c3"), await frame("#33c"), await frame("#3c3")];
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated, { pages: -1 }).metadata()).pages).toBe(3);
    for (const [bytes, name] of [
      [jpeg, "a.jpg"],
      [webp, "a.webp"],
      [animated, "a.gif"],
    ] as const) {
      const r = await call("PUT", "/api/listing/logo", {
        token: account.token,
        form: logoForm(bytes, name, ""),
      });
      expect(r.status, `${name}: ${r.text}`).toBe(200);
      const res = await fetch(`${server.baseUrl}${r.body.listing.logoUrl}`);
      const meta = await sharp(Buffer.from(await res.arrayBuffer()), { pages: -1 }).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.pages ?? 1).toBe(1);
      expect(meta.width).toBeLessThanOrEqual(100);
    }
  });

  it("refuses a text file renamed .png, an SVG and a truncated PNG with 422", async () => {
    const account = await linkedLawyer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const png = await pngWithExif();
    for (const [bytes, name] of [
      [Buffer.from("this is plain text, not an image\n".repeat(20)), "logo.png"],
      [svg, "logo.png"],
      [png.subarray(0, 200), "cut.png"],
    ] as const) {
      const r = await call("PUT", "/api/listing/logo", { token: account.token, form: logoForm(bytes, name) });
      expect(r.status, name).toBe(422);
      expect(r.body.message).toBe(LISTING_MESSAGES.logoType);
    }
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(row?.businessLogo).toBeNull();
    expect((await fetch(`${server.baseUrl}/media/logos/${account.lawyerId}`)).status).toBe(404);
  });

  it("refuses an image over 4096 × 4096 pixels with 422 saying so (the cap was 40 megapixels)", async () => {
    const account = await linkedLawyer();
    const big = await sharp({ create: { width: 4097, height: 4096, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    expect(big.byteLength).toBeLessThan(LOGO_MAX_BYTES);
    const r = await call("PUT", "/api/listing/logo", { token: account.token, form: logoForm(big) });
    expect(r.status, r.text).toBe(422);
    expect(r.body.message).toBe(LISTING_MESSAGES.logoPixels);
    expect(r.body.message).toContain("4096 × 4096 pixels");
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, account.lawyerId));
    expect(row?.businessLogo).toBeNull();
  });

  it("refuses a file of 2 MB + 1 byte with 413", async () => {
    const account = await linkedLawyer();
    const r = await call("PUT", "/api/listing/logo", {
      token: account.token,
      form: logoForm(new Uint8Array(LOGO_MAX_BYTES + 1)),
    });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(LISTING_MESSAGES.logoTooLarge);
  });

  it("stops reading an upload as soon as it passes the limit (413 before the body ends)", async () => {
    const account = await linkedLawyer();
    // A chunked upload (no Content-Length) of 3 MB that never ends: only a server that stops
    // reading at the limit can answer.
    const chunked = await uploadWithoutEnd(
      account.token,
      { "Transfer-Encoding": "chunked" },
      3 * 1024 * 1024,
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ message: LISTING_MESSAGES.logoTooLarge });
    // A declared length over the limit is refused before reading anything.
    const declared = await uploadWithoutEnd(
      account.token,
      { "Content-Length": String(3 * 1024 * 1024) },
      1024,
    );
    expect(declared.status).toBe(413);
  });

  it("answers 400 without a file, 415 for JSON, 403 to a client, 404 without a listing, 401 signed out", async () => {
    const account = await linkedLawyer();
    const none = await call("PUT", "/api/listing/logo", { token: account.token, form: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(LISTING_MESSAGES.logoMissing);
    const text = new FormData();
    text.set("logo", "not a file");
    expect((await call("PUT", "/api/listing/logo", { token: account.token, form: text })).status).toBe(400);
    const json = await call("PUT", "/api/listing/logo", { token: account.token, body: { logo: "x" } });
    expect(json.status).toBe(415);
    const png = await pngWithExif();
    const client = await signUp({ role: "user" });
    expect(
      (await call("PUT", "/api/listing/logo", { token: client.token, form: logoForm(png) })).status,
    ).toBe(403);
    const lawyer = await signUp();
    const noListing = await call("PUT", "/api/listing/logo", { token: lawyer.token, form: logoForm(png) });
    expect(noListing.status).toBe(404);
    expect((await call("PUT", "/api/listing/logo", { form: logoForm(png) })).status).toBe(401);
  });

  it("answers 404 for a listing without a logo and for ids that name no listing", async () => {
    for (const id of ["999999", "0", "01", "abc", "99999999999"]) {
      const res = await fetch(`${server.baseUrl}/media/logos/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe(`/api/openapi.json (${TEST_ENGINE})`, () => {
  it("documents every listing route", async () => {
    const doc = (await call("GET", "/api/openapi.json")).body;
    expect(Object.keys(doc.paths["/api/listing"]).sort()).toEqual(["get", "post", "put"]);
    expect(Object.keys(doc.paths["/api/listing/claim"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/listing/claim/confirm"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/listing/logo"])).toEqual(["put"]);
    expect(Object.keys(doc.paths["/api/listing/verify-email"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/listing/verify-email/confirm"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/listing"].post.responses)).toContain("429");
  });
});
