/**
 * "Why this lawyer?" on a match (issue 16 §2): the six sub-scores with the weights of
 * lib/ranking.ts (the model's), the preferred-language rule when it applied, in the page's language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { MATCH_SCORE_KEYS, MATCH_WEIGHTS } from "../../../lib/ranking.ts";
import { renderInLocale, visibleText as text } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { WhyThisMatch } from "./WhyThisMatch";

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("Why this lawyer? on a match (issue 16 §2)", () => {
  const match = {
    phone: { text: "+49 30 1234567", href: "tel:+49301234567" },
    lawyerId: 42,
    overallScore: 8.3,
    personalityScore: 8.6,
    communicationScore: 5,
    approachScore: 10,
    focusScore: 10,
    availabilityScore: 10,
    experienceScore: 7.8,
    explanation: "",
    explanationRefs: ["assessment:explanation.language?name=Ana&language=de"],
  } as unknown as Parameters<typeof WhyThisMatch>[0]["match"];

  it("shows each sub-score with the weight the model uses, the language rule and no-payment line", () => {
    const html = renderInLocale("en", "/personality-matches/x", <WhyThisMatch match={match} />);
    const visible = text(html);
    expect(html).toMatch(/<details[^>]*data-testid="why-this-match"/);
    for (const k of MATCH_SCORE_KEYS)
      expect(visible).toContain(`of 10, weighing ${MATCH_WEIGHTS[k]}% of the overall score`);
    expect(visible).toContain("Personality: 8.6 out of 10, weighing 25% of the overall score");
    expect(visible).toContain("Speaks your preferred language");
    expect(visible).toContain("Overall: 8.3 out of 10");
    expect(visible).toContain("Payment never changes this order.");
  });

  it("leaves the language line out when the lawyer was not placed for it, and speaks Arabic", () => {
    const plain = { ...match, explanationRefs: ["assessment:explanation.partial?name=Ana"] };
    expect(
      text(renderInLocale("en", "/personality-matches/x", <WhyThisMatch match={plain} />)),
    ).not.toContain("Speaks your preferred language");
    const ar = text(renderInLocale("ar", "/ar/personality-matches/x", <WhyThisMatch match={match} />));
    expect(ar).toContain(getT("ar", "transparency")("why.matchTitle"));
  });
});
