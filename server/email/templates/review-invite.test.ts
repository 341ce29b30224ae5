/**
 * The review invitation (issue 16 §1 "Clients are invited by email when a case closes"): in
 * every locale it has a one-line subject naming the lawyer, the case page link, the first day
 * the review opens written as a date of that locale, and escapes what users typed.
 */
import { describe, expect, it } from "vitest";
import { CASE_ACCESS_TOKEN_DAYS } from "../../../lib/cases.ts";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { reviewInviteEmail } from "./review-invite.ts";

const EVIL = `Eve <script>alert("x")</script>`;

describe("reviewInviteEmail", () => {
  it("writes the subject, the date the review opens and the case link in each of the eight locales", async () => {
    const reviewFrom = new Date("2026-03-16T10:00:00Z");
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = await reviewInviteEmail(
        {
          clientName: "Dana",
          caseTitle: EVIL,
          lawyerName: "Aaron Clarke",
          caseLink: `https://lexatlas.example/${locale}/cases/abc`,
          clientHasAccount: false,
          reviewFrom,
        },
        locale,
      );
      expect(mail.subject, locale).toContain("Aaron Clarke");
      expect(mail.subject).not.toContain("\n");
      subjects.add(mail.subject);
      const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(reviewFrom);
      expect(mail.text, locale).toContain(date);
      expect(mail.text).toContain(`https://lexatlas.example/${locale}/cases/abc`);
      expect(mail.html).not.toContain("<script>");
    }
    // Eight languages, eight different subjects (no English fallback).
    expect(subjects.size).toBe(LOCALES.length);
  });

  it("gives a visitor the private access link with its lifetime, in each locale; an account the sign-in link", async () => {
    const reviewFrom = new Date("2026-03-16T10:00:00Z");
    const accessLink = "https://lexatlas.example/cases/abc?token=T0k3n";
    const english = await reviewInviteEmail(
      {
        clientName: "Dana",
        caseTitle: "A claim",
        lawyerName: "Aaron Clarke",
        caseLink: "https://lexatlas.example/cases/abc",
        clientHasAccount: false,
        accessLink,
        reviewFrom,
      },
      "en",
    );
    expect(english.text).toContain(accessLink);
    expect(english.text).toContain(`works for ${CASE_ACCESS_TOKEN_DAYS} days`);
    // Not the note that sends a visitor back to the browser of the tracking link.
    expect(english.text).not.toContain("This opens in the browser where you used");
    const notes = new Set<string>();
    for (const locale of LOCALES) {
      const mail = await reviewInviteEmail(
        {
          clientName: "Dana",
          caseTitle: "A claim",
          lawyerName: "Aaron Clarke",
          caseLink: "https://lexatlas.example/cases/abc",
          clientHasAccount: false,
          accessLink,
          reviewFrom,
        },
        locale,
      );
      expect(mail.text, locale).toContain(accessLink);
      notes.add(mail.text);
    }
    expect(notes.size).toBe(LOCALES.length);
    const member = await reviewInviteEmail(
      {
        clientName: "Dana",
        caseTitle: "A claim",
        lawyerName: "Aaron Clarke",
        caseLink: "https://lexatlas.example/cases/abc",
        clientHasAccount: true,
        accessLink,
        reviewFrom,
      },
      "en",
    );
    expect(member.text).not.toContain("?token=");
  });
});
