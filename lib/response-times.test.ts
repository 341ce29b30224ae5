/**
 * How cards and profiles state a response time (issue 16 §3: "Usually responds within 5 h",
 * "New on the platform" below 5 cases), and the wording in every locale's catalog.
 */

import { createInstance } from "i18next";
import ICU from "i18next-icu";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./i18n/locales.ts";
import { RESPONSE_MIN_SAMPLE, responseTimeLabel } from "./response-times.ts";

const stats = (m: number | null, n = 10) => ({
  medianFirstResponseHours: m,
  answeredWithin24hShare: m === null ? null : 0.9,
  sampleSize: n,
});

describe("responseTimeLabel", () => {
  it("says new below the minimum sample or without a median", () => {
    expect(responseTimeLabel(stats(3, RESPONSE_MIN_SAMPLE - 1))).toEqual({ kind: "new" });
    expect(responseTimeLabel(stats(null, 40))).toEqual({ kind: "new" });
  });
  it("rounds hours up, reads under an hour as 1 h, and switches to days above 48 h", () => {
    expect(responseTimeLabel(stats(0.2))).toEqual({ kind: "hours", count: 1 });
    expect(responseTimeLabel(stats(4.2))).toEqual({ kind: "hours", count: 5 });
    expect(responseTimeLabel(stats(5))).toEqual({ kind: "hours", count: 5 });
    expect(responseTimeLabel(stats(48))).toEqual({ kind: "hours", count: 48 });
    expect(responseTimeLabel(stats(48.1))).toEqual({ kind: "days", count: 3 });
    expect(responseTimeLabel(stats(75))).toEqual({ kind: "days", count: 4 });
  });
  it("has the three sentences in every locale, with the number", async () => {
    for (const locale of LOCALES) {
      const catalog = (await import(`./i18n/catalogs/${locale}/profile.json`, { with: { type: "json" } }))
        .default;
      const i18n = createInstance();
      await i18n
        .use(ICU)
        .init({ lng: locale, resources: { [locale]: { profile: catalog } }, ns: ["profile"] });
      const t = i18n.getFixedT(locale, "profile");
      expect(t("responseTime.hours", { count: 5 })).toMatch(/5/);
      expect(t("responseTime.days", { count: 3 })).toMatch(/3/);
      expect(t("responseTime.new")).not.toBe("responseTime.new");
    }
  });
});
