/**
 * The case success cookie of the profile's in-page form (issue 13 §4, post/redirect/get): its
 * flags and scope, and that the loader reads back only a well-formed summary for the same listing.
 */
import { describe, expect, it } from "vitest";
import type { CaseSuccessSummary } from "./CaseFormModel";
import { CASE_FLASH_COOKIE, CASE_FLASH_MAX_AGE, caseFlashCookie, readCaseFlash } from "./case-flash";

const SUMMARY: CaseSuccessSummary = {
  lawyerId: 7,
  lawyerName: "Ana Müller",
  caseTitle: 'Rear-ended; "badly" <at> a light',
  caseType: "Car Accident",
  priority: "high",
  status: "pending",
  lawyerManaged: true,
  documentCount: 2,
  caseUrl: null,
  clientEmail: "dana@example.test",
};

/** A request carrying the cookie pair of `setCookie` (and another cookie around it). */
function requestWith(setCookie: string): Request {
  const pair = setCookie.split(";")[0] as string;
  return new Request("http://localhost/lawyer/7?form=case&sent=1", {
    headers: { Cookie: `a=1; ${pair}; b=2` },
  });
}

describe("caseFlashCookie / readCaseFlash", () => {
  it("is HttpOnly, Secure, SameSite=Lax, scoped to /lawyer and short-lived", () => {
    const cookie = caseFlashCookie(SUMMARY);
    expect(cookie.startsWith(`${CASE_FLASH_COOKIE}=`)).toBe(true);
    for (const flag of [
      "HttpOnly",
      "Secure",
      "SameSite=Lax",
      "Path=/lawyer",
      `Max-Age=${CASE_FLASH_MAX_AGE}`,
    ])
      expect(cookie).toContain(flag);
    // The value is cookie-safe: no separators or spaces from the title.
    expect((cookie.split(";")[0] as string).slice(CASE_FLASH_COOKIE.length + 1)).not.toMatch(/[;\s",]/);
  });
  it("is scoped to the profiles of the page's locale, so /de/lawyer/7 gets it back (issue 14 §1)", () => {
    expect(caseFlashCookie(SUMMARY, "de")).toContain("Path=/de/lawyer;");
    expect(caseFlashCookie(SUMMARY, "pt-BR")).toContain("Path=/pt-br/lawyer;");
    expect(caseFlashCookie(SUMMARY, "en")).toContain("Path=/lawyer;");
  });
  it("reads the summary back for the same listing only", () => {
    const request = requestWith(caseFlashCookie(SUMMARY));
    expect(readCaseFlash(request, 7)).toEqual(SUMMARY);
    expect(readCaseFlash(request, 8)).toBeNull();
  });
  it("ignores a missing, malformed or altered cookie", () => {
    expect(readCaseFlash(new Request("http://localhost/lawyer/7"), 7)).toBeNull();
    expect(readCaseFlash(requestWith(`${CASE_FLASH_COOKIE}=%7Bnot-json`), 7)).toBeNull();
    const altered = caseFlashCookie({ ...SUMMARY, caseUrl: "https://evil.example/" });
    expect(readCaseFlash(requestWith(altered), 7)).toBeNull();
  });
});
