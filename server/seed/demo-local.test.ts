/**
 * Issue 28 §2 "Demo data that reads local", on the generator's own output (5,600 rows, the demo
 * size, and generated seeds): every review is written in the listing's language (reviewLanguage:
 * the bio's language, European Portuguese for Portugal, English where the country's language is
 * not one of the site's eight), with the lawyer's gender where the language marks it; every demo
 * country has a law degree of its own (no "LLB / JD" in Dubai or Brazil) and docs/demo-data.md
 * holds the table; German, UK and US listings carry the specialist titles that exist there, with
 * their issuing body, an area the listing practises, a year after admission, and a check each
 * that follows the licence check; no stored demo text says "(demo record)" in English.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSpecialistTitles } from "../../lib/specialist-titles.ts";
import { countryName } from "./countries.ts";
import { DEMO_DEGREES, degreeTableMarkdown, demoDegree } from "./demo-degrees.ts";
import { prepareCountries } from "./demo-places.ts";
import { REVIEW_LANGS, REVIEW_TEXTS, type ReviewLang } from "./demo-review-texts.ts";
import { demoReviewPlan, reviewLanguage, withLawyerGender } from "./demo-reviews.ts";
import { demoSpecialistTitles, specialistTitleTableMarkdown, titleScheme } from "./demo-specialist-titles.ts";
import { DEMO_COUNTRY_CODES, generateLawyers } from "./generate.ts";

const rows = generateLawyers(5600);
const plans = new Map(prepareCountries().map((c) => [c.plan.code, c.plan]));
const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/demo-data.md"), "utf8");

/** The office language of a row (its region's where the country has one, as the generator reads it). */
function langOf(row: (typeof rows)[number]): string {
  const plan = plans.get(row.countryCode ?? "");
  const regional = plan?.regional?.provinces.includes(row.state ?? "") ? plan.regional : undefined;
  return regional?.lang ?? plan?.lang ?? "en";
}

/** Every title and text a language can produce, for both genders, and its intros. */
function vocabulary(lang: ReviewLang) {
  const t = REVIEW_TEXTS[lang];
  const pairs = [...t.good, ...t.mixed, ...t.bad];
  const titles = new Set(
    pairs.flatMap(([title]) => [withLawyerGender(title, false), withLawyerGender(title, true)]),
  );
  const bodies = pairs.flatMap(([, body]) => [withLawyerGender(body, false), withLawyerGender(body, true)]);
  return { titles, bodies, intros: Object.values(t.intros) };
}
const VOCAB = Object.fromEntries(REVIEW_LANGS.map((l) => [l, vocabulary(l)])) as Record<
  ReviewLang,
  ReturnType<typeof vocabulary>
>;

describe("demo reviews are written in the listing's language (issue 28 §2)", () => {
  it("every review of every listing comes from its language's texts, told as one client would", () => {
    let checked = 0;
    for (const row of rows) {
      const lang = reviewLanguage(langOf(row), row.countryCode ?? "");
      const v = VOCAB[lang];
      for (const review of row.demoReviews ?? []) {
        expect(v.titles.has(review.title), `${row.countryCode} ${lang}: ${review.title}`).toBe(true);
        const body = v.bodies.find((b) => review.text.endsWith(b));
        expect(body, `${row.countryCode} ${lang}: ${review.text}`).toBeDefined();
        const before = review.text.slice(0, review.text.length - (body as string).length).trim();
        if (before) expect(v.intros).toContain(before);
        expect(review.text).not.toMatch(/\{g:|\{area\}/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it("German, Brazilian, Japanese and Emirati listings get reviews in German, Portuguese, Japanese and Arabic; Portugal European Portuguese; Italy English", () => {
    const first = (code: string) =>
      rows.find((r) => r.countryCode === code && (r.demoReviews ?? []).length > 0);
    expect(first("DE")?.demoReviews?.[0]?.text).toMatch(/[äöüß]|\b(und|ich|der|die)\b/i);
    expect(reviewLanguage("de", "DE")).toBe("de");
    expect(reviewLanguage("pt", "BR")).toBe("pt");
    expect(reviewLanguage("pt", "PT")).toBe("pt-PT");
    expect(reviewLanguage("ja", "JP")).toBe("ja");
    expect(reviewLanguage("ar", "AE")).toBe("ar");
    expect(reviewLanguage("fr", "CA")).toBe("fr");
    for (const [lang, code] of [
      ["it", "IT"],
      ["ko", "KR"],
      ["pl", "PL"],
      ["el", "GR"],
      ["he", "IL"],
      ["en", "US"],
    ] as const)
      expect(reviewLanguage(lang, code)).toBe("en");
    expect(first("JP")?.demoReviews?.[0]?.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(first("AE")?.demoReviews?.[0]?.text).toMatch(/[\u0600-\u06ff]/);
  });

  it("words about the lawyer agree with the lawyer's gender (Arabic verbs, German nouns), for any draw", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom("ar", "de", "fr", "es", "pt"),
        (i, lang) => {
          const reviews = (female: boolean) =>
            demoReviewPlan(7, i, 5, 1, 30, ["Car Accidents"], lang as ReviewLang, female);
          const women = reviews(true)
            .map((r) => `${r.title} ${r.text}`)
            .join(" ");
          const men = reviews(false)
            .map((r) => `${r.title} ${r.text}`)
            .join(" ");
          if (lang === "de") {
            expect(women).not.toMatch(/Mein Anwalt\b|mein Anwalt\b/);
            expect(men).not.toMatch(/Anwältin/);
          }
          if (lang === "ar") {
            // The verbs whose subject is the lawyer, with the word after them.
            expect(women).not.toMatch(/(^|\s)(شرح لي|أخذ الوقت|دافع عن|أزاح عني|تولّى التعامل)/);
            expect(men).not.toMatch(/(^|\s)(شرحت لي|أخذت الوقت|دافعت عن|أزاحت عني|تولّت التعامل)/);
          }
          // The ratings and dates are the same draws whatever the gender.
          expect(reviews(true).map((r) => [r.rating, r.engagedDaysAgo])).toEqual(
            reviews(false).map((r) => [r.rating, r.engagedDaysAgo]),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("demo degrees exist in their country (issue 28 §2)", () => {
  it("has a row for each of the 62 demo countries, and docs/demo-data.md holds the table", () => {
    expect(DEMO_COUNTRY_CODES).toHaveLength(62);
    for (const code of DEMO_COUNTRY_CODES) {
      expect(DEMO_DEGREES[code], code).toBeDefined();
      expect(DEMO_DEGREES[code]?.degree).not.toMatch(/LLB \/ JD/);
      expect(DEMO_DEGREES[code]?.source.length, code).toBeGreaterThan(5);
    }
    const table = degreeTableMarkdown((code) => countryName(code) ?? code);
    expect(doc.includes(table), `docs/demo-data.md must contain:\n${table}`).toBe(true);
  });

  it("the country's own degree, in its language and script: Germany, Brazil, Japan, the Emirates, Quebec, Scotland", () => {
    expect(demoDegree("DE", "Bavaria", "de").degree).toContain("Volljurist");
    expect(demoDegree("BR", "São Paulo", "pt").degree).toContain("Bacharel em Direito");
    expect(demoDegree("JP", "Tokyo", "ja").degree).toContain("司法修習");
    expect(demoDegree("AE", "Dubai", "ar").degree).toMatch(/[\u0600-\u06ff].*LLB/);
    expect(demoDegree("US", "Texas", "en").degree).toBe("J.D. (Juris Doctor)");
    expect(demoDegree("CA", "Quebec", "fr").degree).toContain("LL. B.");
    expect(demoDegree("GB", "Scotland", "en").degree).toContain("Scots law");
  });

  it("every seeded education check names the country's degree and a generic school, never an English placeholder", () => {
    let seen = 0;
    for (const row of rows) {
      const edu = row.verification?.checks.find((c) => c.kind === "education");
      if (!edu) continue;
      const expected = demoDegree(row.countryCode ?? "", row.state ?? null, langOf(row));
      expect(edu.details?.degree, row.countryCode).toBe(expected.degree);
      expect(edu.details?.school).toBe(expected.school);
      expect(edu.source).toBe(expected.school);
      seen++;
    }
    expect(seen).toBeGreaterThan(2000);
  });

  it("no stored demo record text is English '(demo record)' or '(demo)'; discipline texts are catalog references", () => {
    for (const row of rows) {
      for (const c of row.verification?.checks ?? []) {
        expect(c.demo).toBe(true);
        expect(`${c.source} ${JSON.stringify(c.details ?? {})}`).not.toMatch(/\(demo/);
      }
      for (const d of row.verification?.discipline ?? []) {
        expect(d.outcome).toMatch(/^profile:verification\.demoDiscipline\.\w+$/);
        if (d.lawyerStatement)
          expect(d.lawyerStatement).toBe("profile:verification.demoStatement.missedDeadline");
      }
    }
  });
});

describe("demo specialist titles (issue 28 §2)", () => {
  const titled = (code: string) =>
    rows.filter((r) => r.countryCode === code && (r.specialistTitles ?? []).length > 0);

  it("German listings carry Fachanwalt titles from their Rechtsanwaltskammer; UK listings APIL or Law Society accreditations; US listings board certifications", () => {
    const de = titled("DE");
    expect(de.length).toBeGreaterThan(50);
    const deTitles = new Set(de.flatMap((r) => (r.specialistTitles ?? []).map((t) => t.title)));
    expect(deTitles).toContain("Fachanwalt für Verkehrsrecht");
    expect(deTitles).toContain("Fachanwalt für Medizinrecht");
    for (const r of de)
      for (const t of r.specialistTitles ?? []) expect(t.issuer).toMatch(/Rechtsanwaltskammer/);
    const munich = de.find((r) => r.city === "Munich");
    if (munich) expect(munich.specialistTitles?.[0]?.issuer).toBe("Rechtsanwaltskammer München");
    const gb = titled("GB").flatMap((r) => r.specialistTitles ?? []);
    expect(gb.length).toBeGreaterThan(30);
    expect(gb.some((t) => t.title.startsWith("APIL") && t.issuer.includes("APIL"))).toBe(true);
    const us = titled("US").flatMap((r) => r.specialistTitles ?? []);
    expect(us.length).toBeGreaterThan(30);
    expect(
      us.some(
        (t) =>
          t.title === "Board Certified in Civil Trial Law" && t.issuer === "National Board of Trial Advocacy",
      ),
    ).toBe(true);
    // Countries without a specialist-title scheme get none.
    for (const code of ["JP", "BR", "AE", "IT"]) expect(titled(code)).toEqual([]);
  });

  it("every title is well formed, in an area the listing practises, after admission, with a demo check that follows the licence", () => {
    for (const row of rows) {
      const titles = row.specialistTitles ?? [];
      if (titles.length === 0) {
        expect(row.verification?.checks.some((c) => c.kind === "specialist_title")).toBe(false);
        continue;
      }
      expect(parseSpecialistTitles(titles, 2026).titles).toEqual(titles);
      const admitted = row.verification?.admission?.yearAdmitted ?? 0;
      const licence = row.verification?.checks.find((c) => c.kind === "licence");
      for (const t of titles) {
        expect(row.practiceAreas).toContain(t.area);
        expect(t.since).toBeGreaterThanOrEqual(admitted + 3);
        const check = row.verification?.checks.find(
          (c) => c.kind === "specialist_title" && c.details?.title === t.title,
        );
        if (!licence) expect(check).toBeUndefined();
        else {
          expect(check?.status).toBe(licence.status);
          expect(check?.source).toBe(t.issuer);
          expect(check?.demo).toBe(true);
        }
      }
    }
  });

  it("for any row, titles only where a scheme exists and an area fits, deterministic per seed and row", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.constantFrom(...DEMO_COUNTRY_CODES),
        fc.subarray(["Car Accidents", "Medical Malpractice", "Workplace Injury", "Dog Bites"], {
          minLength: 1,
        }),
        fc.integer({ min: 1960, max: 2026 }),
        (seed, i, code, areas, yearAdmitted) => {
          const row = { countryCode: code, state: null, city: "X", areas, yearAdmitted };
          const titles = demoSpecialistTitles(seed, i, row);
          expect(demoSpecialistTitles(seed, i, row)).toEqual(titles);
          if (!titleScheme(code, null)) expect(titles).toEqual([]);
          for (const t of titles) {
            expect(areas).toContain(t.area);
            expect(t.since).toBeLessThanOrEqual(2026);
          }
        },
      ),
    );
  });

  it("docs/demo-data.md lists the titles and their bodies", () => {
    const table = specialistTitleTableMarkdown();
    expect(doc.includes(table), `docs/demo-data.md must contain:\n${table}`).toBe(true);
  });
});
