/**
 * The two emails of the response sweep (issue 16 §3) in every locale: the lawyer's 12 h reminder
 * and the client's 24 h notice carry the names, the case link and a translated text (never the
 * English one outside English, never a raw message id), and the HTML of Arabic is right-to-left.
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { responseLateEmail, responseReminderEmail } from "./index.ts";

const link = "https://lexatlas.test/cases/3f1e";

describe("response emails (issue 16 §3)", () => {
  it.each(LOCALES)("renders the reminder and the notice in %s", async (locale) => {
    const reminder = await responseReminderEmail(
      { listingName: "Ola Silent", caseTitle: "Rear-ended", clientName: "Dana", hours: 12, caseLink: link },
      locale,
    );
    const late = await responseLateEmail(
      {
        clientName: "Dana",
        caseTitle: "Rear-ended",
        lawyerName: "Ola Silent",
        caseLink: link,
        clientHasAccount: false,
      },
      locale,
    );
    for (const mail of [reminder, late]) {
      expect(mail.text).toContain(link);
      expect(mail.text).toContain("Rear-ended");
      expect(mail.text).not.toMatch(/response(Reminder|Late)\./);
    }
    expect(reminder.text).toContain("12");
    expect(late.subject).toContain("Ola Silent");
    if (locale !== "en") {
      expect(reminder.subject).not.toContain("Reminder: a case from");
      expect(late.text).not.toContain("has not answered your case");
    }
    if (locale === "ar") expect(late.html).toMatch(/dir="rtl"/);
  });
});
