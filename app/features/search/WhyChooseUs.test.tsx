/**
 * "Why Choose LexAtlas" (home and browse pages) says what the Verified tick means and counts what
 * its sentences say (issue 28 §4): the listed lawyers and countries, how many of them have the tick
 * (the "Verified only" filter's count), and how many are fictional demo listings, in every locale
 * with its plural forms; and it never says a tick stands for all five checks.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../lib/i18n/locales.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { WhyChooseUs } from "./WhyChooseUs";

function render(
  locale: Locale,
  counts: { lawyers: number; countries: number; verified: number; demo: number },
) {
  const html = renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MantineProvider>
        <WhyChooseUs {...counts} />
      </MantineProvider>
    </I18nextProvider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "");
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

beforeAll(async () => {
  for (const locale of LOCALES) await ensureLocale(locale);
});

describe("Why Choose LexAtlas (issue 28 §4)", () => {
  it("counts the listed, the ticked and the demo listings, and defines the tick as the licence", () => {
    const all = render("en", { lawyers: 5600, countries: 62, verified: 3104, demo: 5600 });
    expect(all).toContain("5,600 personal injury lawyers in 62 countries, searchable in one place.");
    expect(all).toContain("3,104 of them have a licence verified with the regulator.");
    expect(all).toContain("All of these listings are fictional demo data.");
    expect(all).toMatch(
      /we checked the lawyer(&#x27;|')s licence with the regulator that keeps the register/,
    );
    expect(all).not.toMatch(/passed (bar licence|our licence), education/);
    const some = render("en", { lawyers: 10, countries: 2, verified: 1, demo: 3 });
    expect(some).toContain("1 of them has a licence verified with the regulator.");
    expect(some).toContain("3 of these listings are fictional demo data.");
    const real = render("en", { lawyers: 10, countries: 2, verified: 0, demo: 0 });
    expect(real).toContain("None of them has a verified licence yet.");
    expect(real).not.toContain("demo");
  });

  it("writes every count in every locale, with no argument left unfilled", () => {
    for (const locale of LOCALES) {
      const text = render(locale, { lawyers: 5600, countries: 62, verified: 3104, demo: 7 });
      const digits = text.replace(/[\s,.\u00a0\u202f٬]/g, "");
      expect(digits, locale).toMatch(/5600|٥٦٠٠/);
      expect(digits, locale).toMatch(/3104|٣١٠٤/);
      expect(text, locale).toMatch(/7|٧/);
      expect(text, locale).not.toMatch(/[{}]/);
    }
  });
});
