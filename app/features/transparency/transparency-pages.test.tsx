/**
 * /how-ranking-works and /reviews-policy state the constants the code uses (issue 16 §1, §2):
 * the page's tables equal lib/ranking.ts (relevance levels, every sort's order, the six match
 * weights as percentages, premium's benefits, no paid placement) and the policy lists every
 * lib/reviews.ts removal reason and figure; both exist in every locale (Arabic checked).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SORT_OPTIONS } from "../../../lib/constants.ts";
import { LOCALES, localizePath } from "../../../lib/i18n/locales.ts";
import {
  MATCH_SCORE_KEYS,
  MATCH_WEIGHTS,
  PREMIUM_BENEFITS,
  RELEVANCE_LEVELS,
  RELEVANCE_ORDER,
  SORT_ORDERS,
  SPONSORED_PLACEMENTS,
  searchOrder,
} from "../../../lib/ranking.ts";
import {
  REVIEW_EDIT_DAYS,
  REVIEW_HOLD_REASONS,
  REVIEW_MIN_DAYS_AFTER_ENGAGEMENT,
  REVIEW_NETWORK_MAX,
  REVIEW_NETWORK_WINDOW_DAYS,
  REVIEW_REMOVAL_REASONS,
  REVIEW_SIGNAL_WINDOW_DAYS,
  REVIEW_TEXT_MAX,
} from "../../../lib/reviews.ts";
import { renderInLocale, visibleText as text } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { HowRankingWorks, sortKeyLabelKey } from "./HowRankingWorks";
import { ReviewsPolicy } from "./ReviewsPolicy";

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

/** The rows of the table with data-testid `id`: each row's cells as text. */
function rows(html: string, id: string): string[][] {
  const table = new RegExp(`<table[^>]*data-testid="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1] ?? "";
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...(r[1] ?? "").matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => text(c[1] ?? "")),
  );
}

describe("/how-ranking-works states lib/ranking.ts (issue 16 §2)", () => {
  const t = getT("en", "transparency");
  const order = (keys: ReturnType<typeof searchOrder>) =>
    keys.map((k) => t(sortKeyLabelKey(k))).join(t("ranking.then"));

  it("every sort key of every order has its words in every locale", () => {
    const keys = [...Object.values(RELEVANCE_ORDER), ...Object.values(SORT_ORDERS)].flat();
    for (const locale of LOCALES) {
      const tl = getT(locale, "transparency");
      for (const k of keys) expect(tl(sortKeyLabelKey(k)), `${locale} ${k.key}`).not.toBe(sortKeyLabelKey(k));
    }
  });

  it("the tables equal the constants: levels, relevance cases, each sort, the six weights", () => {
    const html = renderInLocale("en", "/how-ranking-works", <HowRankingWorks />);
    expect(rows(html, "relevance-levels")).toEqual(
      RELEVANCE_LEVELS.map((l) => [
        `Level ${l.level}`,
        l.fields.map((f) => t(`ranking.fields.${f}`)).join(" · "),
      ]),
    );
    expect(rows(html, "relevance-cases").map((r) => r[1])).toEqual(Object.values(RELEVANCE_ORDER).map(order));
    expect(rows(html, "relevance-cases")[0]).toEqual([
      "With words",
      "relevance level (1 first), then rating (highest first), then number of reviews (most first), then time on LexAtlas (longest first)",
    ]);
    expect(rows(html, "sorts").map((r) => r[1])).toEqual(
      SORT_OPTIONS.map((o) => order(searchOrder(o.value, true, false))),
    );
    expect(rows(html, "sorts").map((r) => r[0])).toEqual(SORT_OPTIONS.map((o) => o.label));
    const weights = rows(html, "match-weights");
    expect(weights.map((r) => r[1])).toEqual(MATCH_SCORE_KEYS.map((k) => `${MATCH_WEIGHTS[k]}%`));
    expect(weights.map((r) => r[0])).toEqual([
      "Personality",
      "Communication",
      "Approach",
      "Focus",
      "Availability",
      "Experience",
    ]);
    expect(weights.map((r) => Number.parseInt(r[1] ?? "", 10)).reduce((a, b) => a + b, 0)).toBe(100);
    expect(weights[5]?.[2]).toBe(
      "years of practice (40%), rating (30%) and fit with your case's complexity (30%)",
    );
  });

  it("says payment never changes the order, what premium buys, and that there is no paid placement", () => {
    const html = renderInLocale("en", "/how-ranking-works", <HowRankingWorks />);
    const visible = text(html);
    expect(visible).toContain("Payment never changes the order of search results or matches");
    expect(PREMIUM_BENEFITS).toEqual(["analytics", "noAds"]);
    for (const b of PREMIUM_BENEFITS) expect(visible).toContain(t(`ranking.premium.${b}`));
    expect(SPONSORED_PLACEMENTS).toEqual([]);
    expect(visible).toContain("There is no paid placement on LexAtlas today");
    expect(visible).toContain("labelled “Sponsored”, kept apart from search results and matches");
  });

  it("exists in Arabic with the same figures", () => {
    const html = renderInLocale("ar", "/ar/how-ranking-works", <HowRankingWorks />);
    expect(text(html)).toContain(getT("ar", "transparency")("ranking.title"));
    expect(getT("ar", "transparency")("ranking.title")).not.toBe("How ranking works");
    expect(rows(html, "match-weights").map((r) => r[1]?.replace(/\s/g, ""))).toEqual(
      MATCH_SCORE_KEYS.map((k) =>
        new Intl.NumberFormat("ar", { style: "percent" }).format(MATCH_WEIGHTS[k] / 100).replace(/\s/g, ""),
      ),
    );
  });
});

describe("/reviews-policy states lib/reviews.ts (issue 16 §1)", () => {
  it("lists every removal reason with its explanation, the figures, and that negativity is no reason", () => {
    const html = renderInLocale("en", "/reviews-policy", <ReviewsPolicy />);
    const visible = text(html);
    for (const r of REVIEW_REMOVAL_REASONS) expect(html).toContain(`data-reason="${r}"`);
    expect([...html.matchAll(/data-reason="/g)]).toHaveLength(REVIEW_REMOVAL_REASONS.length);
    expect(visible).toContain("No review is hidden for being negative");
    // What server/reviews does: a lawyer's report queues a review, it never hides it (FTC 16 CFR 465.7).
    expect(visible).toContain("a report alone never hides a review");
    expect(visible).toContain(
      `The review opens ${REVIEW_MIN_DAYS_AFTER_ENGAGEMENT} days after the engagement date`,
    );
    expect(visible).toContain(`edit it for ${REVIEW_EDIT_DAYS} days`);
    expect(visible).toContain(`${REVIEW_TEXT_MAX.toLocaleString("en")} characters`);
    expect(visible).toContain("16 CFR Part 465");
    expect(html).toContain('href="/contact"');
  });

  it("states every signal that holds a review, with the numbers the review checks use (issue 27 §2)", () => {
    const html = renderInLocale("en", "/reviews-policy", <ReviewsPolicy />);
    const visible = text(html);
    for (const r of REVIEW_HOLD_REASONS) expect(html).toContain(`data-signal="${r}"`);
    expect([...html.matchAll(/data-signal="/g)]).toHaveLength(REVIEW_HOLD_REASONS.length);
    expect(visible).toContain(`within ${REVIEW_SIGNAL_WINDOW_DAYS} days`);
    expect(visible).toContain(`More than ${REVIEW_NETWORK_MAX} reviews`);
    expect(visible).toContain(`within ${REVIEW_NETWORK_WINDOW_DAYS} days`);
    expect(visible).toContain("never the address itself");
    expect(html).toContain('href="/privacy-policy#retention"');
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const page = renderInLocale(locale, localizePath("/reviews-policy", locale), <ReviewsPolicy />);
      const t = getT(locale, "transparency");
      expect(text(page), locale).toContain(t("reviews.signals.account_after_acceptance"));
      expect(t("reviews.signals.account_after_acceptance"), locale).not.toBe(
        getT("en", "transparency")("reviews.signals.account_after_acceptance"),
      );
    }
  });

  it("is written in every language, with the locale's links", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const html = renderInLocale(locale, localizePath("/reviews-policy", locale), <ReviewsPolicy />);
      expect(text(html), locale).toContain(getT(locale, "transparency")("reviews.title"));
      expect(getT(locale, "transparency")("reviews.lead"), locale).not.toBe(
        getT("en", "transparency")("reviews.lead"),
      );
      expect(html, locale).toContain(`href="${localizePath("/contact", locale)}"`);
    }
  });
});
