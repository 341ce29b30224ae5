/**
 * The people of a case for integration tests against the real server (issue 4 "Safety", issue 27
 * §2): a listing with the lawyer account that manages it, staff accounts (no party of any case),
 * and a visitor's tracking token read from the receipt email the test SMTP server captured.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import type { SmtpCapture } from "../doubles/smtp-capture.ts";
import { insertTestListing, type TestApi } from "./api.ts";

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
      await database().db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
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
