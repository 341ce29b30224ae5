/**
 * The client's notices of the lawyer's answer (issue 17 §2): accepted for review, declined with or
 * without a reason and with the way to another lawyer, in every locale with every argument filled.
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { caseAcceptedEmail, caseDeclinedEmail } from "./case-decision.ts";

const base = {
  clientName: "Bo",
  caseTitle: "Fell <b>at</b> work",
  lawyerName: "Ana Silva",
  caseLink: "https://lexatlas.test/cases/0b7e",
  clientHasAccount: true,
};

describe("case decision emails (issue 17 §2)", () => {
  it("says who accepted which case and links it", async () => {
    const mail = await caseAcceptedEmail(base);
    expect(mail.subject).toBe("A lawyer accepted your case for review");
    expect(mail.text).toContain(
      'Ana Silva checked for conflicts and accepted your case "Fell <b>at</b> work" for review.',
    );
    expect(mail.text).toContain(base.caseLink);
    expect(mail.html).not.toContain("<b>at</b>");
  });

  it("carries the reason, that the lawyer never saw the file, and the access link of a visitor", async () => {
    const mail = await caseDeclinedEmail({
      ...base,
      clientHasAccount: false,
      reason: "I act for the insurer.",
      accessLink: "https://lexatlas.test/cases/0b7e?token=abc",
    });
    expect(mail.subject).toBe("A lawyer declined your case");
    expect(mail.text).toContain("Their reason:\nI act for the insurer.");
    expect(mail.text).toContain("Ana Silva never saw your description or your documents.");
    expect(mail.text).toContain("https://lexatlas.test/cases/0b7e?token=abc");
    const none = await caseDeclinedEmail({ ...base, reason: null });
    expect(none.text).toContain("They did not give a reason.");
  });

  it("is written in every locale with no argument left unfilled", async () => {
    for (const locale of LOCALES) {
      for (const mail of [
        await caseAcceptedEmail(base, locale),
        await caseDeclinedEmail({ ...base, reason: "R" }, locale),
      ]) {
        expect(mail.text, locale).not.toMatch(/\{[a-z]+\}/);
        expect(mail.subject.length, locale).toBeGreaterThan(5);
      }
      if (locale !== "en")
        expect((await caseDeclinedEmail({ ...base, reason: null }, locale)).subject).not.toBe(
          "A lawyer declined your case",
        );
    }
  });
});
