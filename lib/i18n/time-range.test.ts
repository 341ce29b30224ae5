/**
 * timeRange (lib/i18n/time-range.ts): a range of times keeps its words and digits and carries no
 * thin (U+2009) or narrow no-break (U+202F) space, the characters in which Node's ICU differs from
 * Chromium's; the browser side is the all-locales hydration journey in tests/e2e/i18n.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";
import { timeRange } from "./time-range.ts";

describe("timeRange", () => {
  it("writes 8:00 to 20:00 in every locale without thin or narrow spaces", () => {
    for (const locale of LOCALES) {
      const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
      const text = timeRange(format, Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 20));
      expect(text, locale).not.toMatch(/[\u2009\u202f]/);
      expect(text.replace(/\s/g, ""), locale).toBe(
        format.formatRange(Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 20)).replace(/\s/g, ""),
      );
    }
    const en = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    expect(timeRange(en, Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 20))).toBe("8:00 AM – 8:00 PM");
  });
});
