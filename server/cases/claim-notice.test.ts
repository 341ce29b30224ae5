/**
 * Issue 19 §5: the new-case notice to a listing that nobody manages yet explains how to claim it
 * (issue 3's claim flow: a lawyer account with the listing's address, "Send verification link" on
 * the dashboard's "My listing", then the emailed /claim-listing link), in the listing's language,
 * with the sign-up page's address; a managed listing's notice does not.
 */
import { describe, expect, it } from "vitest";
import { type ArrivedCase, caseArrivalEmails } from "./emails.ts";

const CASE: ArrivedCase = {
  id: "7d1f3c2e-1111-4222-8333-444455556666",
  caseTitle: "Bitten by a neighbour's dog",
  caseType: "Dog Bites",
  priority: "medium",
  clientName: "Bo Lee",
  clientEmail: "bo@example.org",
  otherParty: null,
  incidentDate: null,
  incidentPlace: null,
  clientLocale: "en",
  clientHasAccount: false,
  trackingToken: "t0ken",
};
const link = (id: string, locale: string) =>
  `https://lexatlas.test${locale === "en" ? "" : `/${locale}`}/cases/${id}`;

async function lawyerNotice(ownerUserId: string | null, locale: "en" | "de" = "en") {
  const emails = caseArrivalEmails(
    CASE,
    { name: "Ana Silva", firm: "Silva Law", email: "ana@silva.test", locale, ownerUserId },
    link,
  );
  const [to, mail] = emails[1] ?? [];
  expect(to).toBe("ana@silva.test");
  return (await mail)?.text ?? "";
}

describe("new-case notice and the listing claim (issue 19 §5)", () => {
  it("tells an unclaimed listing's address the three steps, with the sign-up link", async () => {
    const text = await lawyerNotice(null);
    expect(text).toContain("Nobody manages this listing on LexAtlas yet");
    expect(text).toContain("1. Create a lawyer account with this email address (ana@silva.test):");
    expect(text).toContain("https://lexatlas.test/signup");
    expect(text).toContain("“Send verification link”");
    expect(text).toContain("3. Open the link we email you");
    // The steps come before the case link.
    expect(text.indexOf("Nobody manages")).toBeLessThan(text.indexOf(`/cases/${CASE.id}`));
  });
  it("writes them in the listing's language, the link on its localized path", async () => {
    const text = await lawyerNotice(null, "de");
    expect(text).toContain("https://lexatlas.test/de/signup");
    expect(text).toContain("„Bestätigungslink senden“");
  });
  it("says nothing of claiming to a listing managed by an account", async () => {
    const text = await lawyerNotice("0b7c1f00-0000-4000-8000-000000000001");
    expect(text).not.toContain("Nobody manages");
    expect(text).not.toContain("/signup");
  });
});
