/**
 * "Why this lawyer?" on a search result (issue 16 §2): a native disclosure that words each
 * factor in the page's language with plural rules, and links /how-ranking-works.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { renderInLocale, visibleText as text } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { WhyThisLawyer } from "./WhyThisLawyer";

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("Why this lawyer? on a search result (issue 16 §2)", () => {
  const why = [
    { kind: "words", level: 1, field: "practiceArea", value: "Car Accidents" },
    { kind: "distance", km: 3 },
    { kind: "rating", rating: 4.6, reviewCount: 23 },
    { kind: "verifiedOnly" },
  ] as const;

  it("words each factor in English, as a disclosure that works without JavaScript", () => {
    const html = renderInLocale("en", "/browse-lawyers", <WhyThisLawyer why={[...why]} />);
    expect(html).toMatch(/<details[^>]*data-testid="why-this-lawyer"[\s\S]*<summary/);
    const visible = text(html);
    expect(visible).toContain("Why this lawyer?");
    expect(visible).toContain("Your words matched a practice area: Car Accidents");
    expect(visible).toContain("Near you: 3 km");
    expect(visible).toContain("Rated 4.6 from 23 reviews");
    expect(visible).toContain("Licence verified");
    expect(visible).toContain("Payment never changes this order.");
  });

  it("uses the page's language and plural rules", () => {
    const one = renderInLocale(
      "de",
      "/de/browse-lawyers",
      <WhyThisLawyer why={[{ kind: "rating", rating: 4, reviewCount: 1 }]} />,
    );
    expect(text(one)).toContain(getT("de", "transparency")("why.rating", { rating: "4,0", reviews: 1 }));
    expect(text(one)).toContain("4,0");
    const ar = renderInLocale("ar", "/ar/browse-lawyers", <WhyThisLawyer why={[...why]} />);
    expect(text(ar)).toContain(getT("ar", "transparency")("why.summary", { gender: "other" }));
    expect(getT("ar", "transparency")("why.summary", { gender: "other" })).not.toBe("Why this lawyer?");
    expect(ar).toContain('href="/ar/how-ranking-works"');
  });

  it("shows nothing without factors (other sorts)", () => {
    expect(renderInLocale("en", "/browse-lawyers", <WhyThisLawyer why={undefined} />)).not.toContain(
      "details",
    );
  });
});
