/**
 * The people of a case and their server for integration tests (issue 4 "Safety", issue 27 §2):
 * the real server on loopback over a test database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * with a real SMTP capture; a listing with the lawyer account that manages it; staff accounts (no
 * party of any case); and a visitor's tracking token read from the receipt email.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { type SmtpCapture, startSmtpCapture } from "../doubles/smtp-capture.ts";
import { insertTestListing, type TestApi, testApi } from "./api.ts";
import type { TestClock } from "./clock.ts";
import { openTestDatabase } from "./db.ts";
import { startTestServer, type TestServer } from "./server.ts";

/** A lawyer account linked to a fresh listing: its token, user, `lawyerId` and the listing's `listingEmail`. */
export type TestLawyer = Awaited<ReturnType<TestApi["signUp"]>> & { lawyerId: number; listingEmail: string };

/**
 * Helpers over the test file's database, API client and SMTP capture (functions, as they start in
 * beforeAll):
 * - `lawyerWithListing(name)`: a listing in Toronto with a fresh email and a lawyer account linked to it;
 * - `staffAccount(role)`: a signed-in account with a staff role (moderator or admin);
 * - `trackingTokenOf(clientEmail, caseId)`: the token of the case link in the client's receipt.
 */
export function caseParties(database: () => Database, api: TestApi, smtp: () => SmtpCapture) {
  return {
    async lawyerWithListing(name = "Aaron Clarke"): Promise<TestLawyer> {
      const listingEmail = api.freshEmail("lawyer");
      const lawyerId = await insertTestListing(database(), listingEmail, { name });
      const account = await api.signUp({ role: "lawyer", email: listingEmail });
      await database()
        .db.update(users)
        .set({ lawyerId, isVerified: true })
        .where(eq(users.id, account.user.id));
      return { ...account, lawyerId, listingEmail };
    },

    async staffAccount(role: "moderator" | "admin") {
      const account = await api.signUp();
      await database().db.update(users).set({ role }).where(eq(users.id, account.user.id));
      return account;
    },

    async trackingTokenOf(clientEmail: string, caseId: string): Promise<string> {
      const mail = await smtp().waitFor(
        (m) => m.to.includes(clientEmail.toLowerCase()) && m.text.includes(`/cases/${caseId}?token=`),
      );
      const token = new RegExp(`/cases/${caseId}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
      if (!token) throw new Error(`no case link with a token for ${caseId}`);
      return token;
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks that open a test database, start an SMTP capture and the real
 * server on it (TRUST_PROXY, so each request has its own client IP) on `clock`, and close them all;
 * answers the file's API client (fresh emails start with `emailPrefix`), the case parties, and
 * getters for the running database, server and capture (valid from beforeAll on).
 */
export function caseTestHarness(clock: TestClock, emailPrefix: string) {
  let database: Database;
  let server: TestServer;
  let smtp: SmtpCapture;
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
  const api = testApi(() => server, { emailPrefix });
  return {
    api,
    parties: caseParties(
      () => database,
      api,
      () => smtp,
    ),
    get database() {
      return database;
    },
    get server() {
      return server;
    },
    get smtp() {
      return smtp;
    },
  };
}
