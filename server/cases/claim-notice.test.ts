/**
 * Issue 19 §5: the new-case notice to a listing that nobody manages yet explains how to claim it
 * (issue 3's claim flow: a lawyer account with the listing's address, "Send verification link" on
 * the dashboard's "My listing", then the emailed /claim-listing link), in the listing's language,
 * with the sign-up page's address; a managed listing's notice does not. Issue 28 §4: that notice
 * carries none of the client's fields (not even the conflict-check summary), the managed one does.
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
  otherParty: "Rex's owner",
  incidentDate: "2026-03-02",
  incidentPlace: "Elm Park",
  clientLocale: "en",
  clientHasAccount: false,
  trackingToken: "t0ken",
};
const link = (id: string, locale: string) =>
  `https://lexatlas.test${locale === "en" ? "" : `/${locale}`}/cases/${id}`;

async function lawyerNotice(managed: boolean, locale: "en" | "de" = "en") {
  const emails = caseArrivalEmails(
    CASE,
    { name: "Ana Silva", firm: "Silva Law", email: "ana@silva.test", locale, managed },
    link,
  );
  const [to, mail] = emails[1] ?? [];
  expect(to).toBe("ana@silva.test");
  const rendered = await mail;
  return `${rendered?.subject}\n${rendered?.text}\n${rendered?.html}`;
}

describe("new-case notice and the listing claim (issue 19 §5)", () => {
  it("tells an unclaimed listing's address the three steps, with the sign-up link", async () => {
    const text = await lawyerNotice(false);
    expect(text).toContain("Nobody manages this listing on LexAtlas yet");
    expect(text).toContain("1. Create a lawyer account with this email address (ana@silva.test):");
    expect(text).toContain("https://lexatlas.test/signup");
    expect(text).toContain("“Send verification link”");
    expect(text).toContain("3. Open the link we email you");
    // The steps come before the case link.
    expect(text.indexOf("Nobody manages")).toBeLessThan(text.indexOf(`/cases/${CASE.id}`));
  });
  it("writes them in the listing's language, the link on its localized path", async () => {
    const text = await lawyerNotice(false, "de");
    expect(text).toContain("https://lexatlas.test/de/signup");
    expect(text).toContain("„Bestätigungslink senden“");
  });
  it("says nothing of claiming to a listing managed by an account", async () => {
    const text = await lawyerNotice(true);
    expect(text).not.toContain("Nobody manages");
    expect(text).not.toContain("/signup");
  });
  it("gives an unmanaged listing's address the case type and nothing of the client's (issue 28 §4)", async () => {
    for (const locale of ["en", "de"] as const) {
      const text = await lawyerNotice(false, locale);
      for (const field of ["Bo Lee", "neighbour", "Rex", "Elm Park", "2026-03-02", "bo@example.org", "t0ken"])
        expect(text).not.toContain(field);
      expect(text).toContain("Dog Bites");
    }
    const managed = await lawyerNotice(true);
    for (const field of ["Bo Lee", "Bitten by a neighbour", "Elm Park", "2026-03-02"])
      expect(managed).toContain(field);
  });
});
