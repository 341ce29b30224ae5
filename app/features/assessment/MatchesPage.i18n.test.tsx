/**
 * The matches page (spec §2 "Personality matches"; app/features/assessment/MatchesPage.tsx) says,
 * in the page's language, that LexAtlas does not choose a lawyer for you and is not a referral
 * service (issue 16 §2 wording; ABA Model Rule 7.2 comment 5), in every locale.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { renderInLocale } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { MatchesPage } from "./MatchesPage";

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("MatchesPage", () => {
  it("carries the not-a-referral notice in every locale, never 'recommended' or 'perfect' in English", () => {
    for (const locale of LOCALES) {
      const out = renderInLocale(
        locale,
        locale === "en" ? "/personality-matches/x" : `/${locale.toLowerCase()}/personality-matches/x`,
        <MatchesPage page={{ state: "ok", matches: [], insights: [] }} />,
      );
      const notice = getT(locale, "assessment")("matches.notReferral");
      expect(notice).not.toBe("matches.notReferral");
      const text = out.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
      expect(text, locale).toContain(notice);
      if (locale === "en") expect(out).not.toMatch(/recommend|perfect match/i);
    }
  });
});
