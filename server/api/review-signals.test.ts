/**
 * Issue 27 §2 "Reviews that can't be gamed", against the real server and database with the
 * injectable clock:
 * - the attacker's self-review: a client account signed up from the lawyer's own IP sends the
 *   lawyer a case, the lawyer accepts and engages it, and 14 days later a 5-star review is HELD
 *   with its reason (`same_ip`), the listing's rating and reviewCount unchanged (0 and 0) until a
 *   moderator publishes it (then 5 and 1); the same with the lawyer's browser (`same_device`);
 * - a client at the firm's own domain (`firm_email_domain`; free mail is no sign);
 * - more than REVIEW_NETWORK_MAX reviews of one lawyer from one network in a month (`network_volume`);
 * - the attacker's links (bit.ly, t.me, .xyz, .ru) refused in a review and in the lawyer's reply,
 *   and contact details refused in the reply;
 * - the device cookie: set only on an answer that recorded a signal, never on browsing.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../lib/account.ts";
import { DEVICE_COOKIE } from "../../lib/privacy.ts";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT, REVIEW_NETWORK_MAX } from "../../lib/reviews.ts";
import { insertTestListing, TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { casePayload } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { cases, type lawyers, reviewSignals, reviews, users } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createServices, type Services } from "../services.ts";

const DAY = 86_400_000;
let database: Database;
let server: TestServer;
let services: Services;
const clock = createTestClock("2026-04-06T09:00:00Z");
const api = testApi(() => server, { emailPrefix: "signals" });
const { call, freshEmail, freshIp } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" }, clock });
  // The moderator's decision goes through the review service over the same database and clock.
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: server.dataDir }),
    logger: createLogger("silent"),
    clock,
  });
});
afterAll(async () => {
  services?.mailer.close?.();
  await server?.close();
  await database?.close();
});

/** The device cookie's value set by an answer, or null. */
const deviceSet = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.split(";")[0]
    ?.slice(DEVICE_COOKIE.length + 1) ?? null;

/** Signs up from `ip` (with `device`'s cookie when given); answers the token, user and the device cookie set. */
async function signUpFrom(ip: string, fields: Record<string, unknown> = {}, device?: string) {
  const r = await call("POST", "/api/auth/signup", {
    ip,
    body: { email: freshEmail(), password: TEST_PASSWORD, firstName: "Ann", lastName: "Lee", ...fields },
    headers: device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });
  expect(r.status, r.text).toBe(201);
  return {
    token: r.body.token as string,
    user: r.body.user as PublicUser,
    device: deviceSet(r.headers),
    setCookies: r.headers.getSetCookie(),
  };
}

/** A listing (at the firm's domain, `website`) managed by a lawyer account signed up from `ip`. */
async function lawyerFrom(ip: string, listing: Partial<typeof lawyers.$inferInsert> = {}) {
  const lawyerId = await insertTestListing(database, `office@clarke-law.example`, listing);
  const account = await signUpFrom(ip, { role: "lawyer" });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** The lawyer accepts (no conflict) and marks `caseId` engaged. */
async function engage(caseId: string, token: string) {
  expect(
    (await call("POST", `/api/cases/${caseId}/accept`, { token, body: { noConflict: true } })).status,
  ).toBe(200);
  const r = await call("POST", `/api/cases/${caseId}/status`, { token, body: { status: "engaged" } });
  expect(r.status, r.text).toBe(200);
}

/**
 * `client` sends the listing `lawyerId` a case (from `clientEmail`), its lawyer (`lawyerToken`)
 * engages it, 14 days pass and the client writes five stars; answers the case id and the review.
 */
async function reviewedCase(lawyerId: number, lawyerToken: string, clientToken: string, clientEmail: string) {
  const sent = await call("POST", "/api/cases", {
    token: clientToken,
    body: casePayload(lawyerId, { clientEmail }),
  });
  expect(sent.status, sent.text).toBe(201);
  const caseId = sent.body.case.id as string;
  await engage(caseId, lawyerToken);
  clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);
  const r = await call("POST", `/api/cases/${caseId}/review`, { token: clientToken, body: fiveStars });
  expect(r.status, r.text).toBe(201);
  return { caseId, review: r.body.review as { status: string } };
}

const fiveStars = {
  rating: 5,
  ratings: { communication: 5, responsiveness: 5, outcome: 5 },
  title: "The best lawyer in town",
  text: "Won my case quickly and kept me informed at every step of the way.",
};

/** The listing's public rating and review count. */
const figures = async (lawyerId: number) => {
  const body = (await call("GET", `/api/lawyers/${lawyerId}`)).body;
  return { rating: body.rating, reviewCount: body.reviewCount };
};

/** A moderator account the review service accepts. */
async function moderator(): Promise<PublicUser> {
  const m = await signUpFrom(freshIp());
  await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, m.user.id));
  return { ...m.user, role: "moderator" };
}

describe(`the self-review (issue 27 §2; ${TEST_ENGINE})`, () => {
  it("holds a review from the lawyer's own IP with its reason; the rating moves only when a moderator publishes", async () => {
    await clock.rewinding(async () => {
      const office = "203.0.113.50";
      const lawyer = await lawyerFrom(office);
      const client = await signUpFrom(office);
      const sent = await call("POST", "/api/cases", {
        ip: office,
        token: client.token,
        body: casePayload(lawyer.lawyerId, { clientEmail: "dana.rider@gmail.com" }),
      });
      expect(sent.status, sent.text).toBe(201);
      const caseId = sent.body.case.id as string;
      await engage(caseId, lawyer.token);
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);

      const r = await call("POST", `/api/cases/${caseId}/review`, {
        ip: office,
        token: client.token,
        body: fiveStars,
      });
      expect(r.status, r.text).toBe(201);
      expect(r.body.review.status).toBe("pending");
      expect(await figures(lawyer.lawyerId)).toEqual({ rating: 0, reviewCount: 0 });
      expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}/reviews`)).body).toEqual([]);

      const [row] = await database.db.select().from(reviews).where(eq(reviews.caseId, caseId));
      expect(row?.holdReasons).toEqual(["same_ip"]);
      const staff = await moderator();
      const seen = await services.reviews.moderation(staff, row?.id as string);
      expect(seen?.holdReasons).toEqual(["same_ip"]);
      expect(seen?.timeline.engagedAt).toBe(new Date(clock.now().getTime() - 14 * DAY).toISOString());
      expect(seen?.timeline.clientAccountCreatedAt).toBe(client.user.createdAt);

      await services.reviews.decide(staff, row?.id as string, { decision: "publish" }, { ip: "10.0.0.9" });
      expect(await figures(lawyer.lawyerId)).toEqual({ rating: 5, reviewCount: 1 });
      // An edit does not hold it again for what the moderator saw; a new link is still refused.
      clock.advance(DAY);
      const edited = await call("PATCH", `/api/cases/${caseId}/review`, {
        ip: office,
        token: client.token,
        body: { ...fiveStars, text: `${fiveStars.text} Thank you again.` },
      });
      expect(edited.body.review.status).toBe("published");
    });
  });

  it("holds a review written in the lawyer's browser (the device cookie), whatever the IPs", async () => {
    await clock.rewinding(async () => {
      // One browser: the cookie a page set when the lawyer signed in there (server/security/device-cookie.ts).
      const browser = randomBytes(32).toString("base64url");
      const lawyerId = await insertTestListing(database, "office@clarke-law.example");
      const lawyer = await signUpFrom(freshIp(), { role: "lawyer" }, browser);
      await database.db.update(users).set({ lawyerId }).where(eq(users.id, lawyer.user.id));
      const client = await signUpFrom(freshIp(), {}, browser);
      const { caseId, review } = await reviewedCase(
        lawyerId,
        lawyer.token,
        client.token,
        "kim.walker@gmail.com",
      );
      expect(review.status).toBe("pending");
      const [row] = await database.db.select().from(reviews).where(eq(reviews.caseId, caseId));
      expect(row?.holdReasons).toEqual(["same_device"]);
      expect(await figures(lawyerId)).toEqual({ rating: 0, reviewCount: 0 });
    });
  });

  it("does not hold an ordinary client's review: other IP, other browser, free mail on both sides", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerFrom(freshIp(), { email: "aaron.clarke@gmail.com", website: null });
      const client = await signUpFrom(freshIp());
      const { review } = await reviewedCase(
        lawyer.lawyerId,
        lawyer.token,
        client.token,
        "dana.rider@gmail.com",
      );
      expect(review.status).toBe("published");
      expect(await figures(lawyer.lawyerId)).toEqual({ rating: 5, reviewCount: 1 });
    });
  });

  it("holds a review of a client at the firm's own domain (firm_email_domain)", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerFrom(freshIp(), { website: "https://www.clarke-law.example/en" });
      const sent = await call("POST", "/api/cases", {
        body: casePayload(lawyer.lawyerId, { clientEmail: "paralegal@mail.clarke-law.example" }),
      });
      expect(sent.status, sent.text).toBe(201);
      await engage(sent.body.case.id, lawyer.token);
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);
      const client = await signUpFrom(freshIp());
      // The visitor's case comes to an account created after it was accepted: a second reason.
      await database.db
        .update(users)
        .set({ email: freshEmail("staff").replace("@example.org", "@clarke-law.example") })
        .where(eq(users.id, client.user.id));
      await database.db.update(cases).set({ userId: client.user.id }).where(eq(cases.id, sent.body.case.id));
      const r = await call("POST", `/api/cases/${sent.body.case.id}/review`, {
        token: client.token,
        body: fiveStars,
      });
      expect(r.status, r.text).toBe(201);
      const [row] = await database.db.select().from(reviews).where(eq(reviews.caseId, sent.body.case.id));
      expect(row?.holdReasons).toEqual(["firm_email_domain", "account_after_acceptance"]);
    });
  });

  it(`holds the review after ${REVIEW_NETWORK_MAX} of one lawyer from one /24 within a month (network_volume)`, async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerFrom(freshIp());
      const caseIds: string[] = [];
      const tokens: string[] = [];
      for (let i = 0; i <= REVIEW_NETWORK_MAX; i++) {
        const client = await signUpFrom(freshIp());
        const sent = await call("POST", "/api/cases", {
          token: client.token,
          body: casePayload(lawyer.lawyerId, { clientEmail: `client${i}@gmail.com` }),
        });
        await engage(sent.body.case.id, lawyer.token);
        caseIds.push(sent.body.case.id);
        tokens.push(client.token);
      }
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);
      const statuses: string[] = [];
      for (const [i, id] of caseIds.entries()) {
        const r = await call("POST", `/api/cases/${id}/review`, {
          ip: `192.0.2.${10 + i}`,
          token: tokens[i] as string,
          body: fiveStars,
        });
        statuses.push(r.body.review.status);
      }
      expect(statuses).toEqual([...Array(REVIEW_NETWORK_MAX).fill("published"), "pending"]);
      const [row] = await database.db
        .select()
        .from(reviews)
        .where(eq(reviews.caseId, caseIds.at(-1) as string));
      expect(row?.holdReasons).toEqual(["network_volume"]);
    });
  });
});

describe(`links and contact details (issue 27 §2; ${TEST_ENGINE})`, () => {
  it("refuses the attacker's links in a review and in the reply, and contact details in the reply", async () => {
    await clock.rewinding(async () => {
      const lawyer = await lawyerFrom(freshIp());
      const client = await signUpFrom(freshIp());
      const sent = await call("POST", "/api/cases", {
        token: client.token,
        body: casePayload(lawyer.lawyerId, { clientEmail: "robin@gmail.com" }),
      });
      await engage(sent.body.case.id, lawyer.token);
      clock.advance(REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY);
      const path = `/api/cases/${sent.body.case.id}/review`;
      for (const link of ["bit.ly/3xYzAbC", "t.me/injuryhelp", "injury-deals.xyz", "cheap-claims.ru"]) {
        const r = await call("POST", path, {
          token: client.token,
          body: { ...fiveStars, text: `${fiveStars.text} More help: ${link}` },
        });
        expect(r.status, link).toBe(400);
        expect(r.body.fieldErrors.text[0]).toContain(link);
      }
      const written = await call("POST", path, { token: client.token, body: fiveStars });
      expect(written.status).toBe(201);
      const id = written.body.review.id as string;
      for (const reply of [
        "Thanks! Cheaper claims at injury-deals.xyz",
        "Thanks! Message us on t.me/injuryhelp",
        "Thanks! Call me on +1 416 555 0123 any time.",
        "Thanks! Write to office@clarke-law.example",
      ]) {
        const r = await call("POST", `/api/reviews/${id}/reply`, { token: lawyer.token, body: { reply } });
        expect(r.status, reply).toBe(400);
        expect(r.body.fieldErrors.reply, reply).toHaveLength(1);
      }
      const ok = await call("POST", `/api/reviews/${id}/reply`, {
        token: lawyer.token,
        body: { reply: "Thank you: 3 hearings in 2 years, and a fair result." },
      });
      expect(ok.status, ok.text).toBe(200);
    });
  });
});

describe(`the device cookie (issue 27 §2; ${TEST_ENGINE})`, () => {
  it("is never set by the JSON API, and a sign-up stores only its keyed hash", async () => {
    const browser = randomBytes(32).toString("base64url");
    const browse = await call("GET", "/api/lawyers?limit=1");
    expect(deviceSet(browse.headers)).toBeNull();
    const signedUp = await signUpFrom(freshIp(), {}, browser);
    const anonymous = await signUpFrom(freshIp());
    expect(signedUp.setCookies).toEqual([]);
    expect(anonymous.setCookies).toEqual([]);
    const [signal] = await database.db
      .select()
      .from(reviewSignals)
      .where(eq(reviewSignals.userId, signedUp.user.id));
    expect(signal?.kind).toBe("sign_up");
    expect(signal?.deviceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signal?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(signal)).not.toContain(browser);
    expect(JSON.stringify(signal)).not.toContain("198.18.");
  });
});
