/**
 * Deterministic demo data (issue 2 §2, issue 14 §4, docs/design.md §4): fictional personal injury
 * lawyers in real cities of 62 countries, with names in the country's customs and script, phones
 * valid for the country, addresses in its format, bios in its language, the languages they
 * speak, its working week and fee statements its rules allow. Everything random comes from ONE seeded faker randomizer shared by
 * every locale instance, so the same (count, seed) gives the same rows byte for byte.
 *
 * Sources: cities, coordinates, regions and IANA time zones from GeoNames (./cities.ts); country
 * names from `i18n-iso-countries` (./countries.ts); names and streets from faker's locales and
 * ./demo-names.ts; phones from `libphonenumber-js` numbering plans (./demo-phones.ts); address
 * formats from `@fragaria/address-formatter`; bios from ./demo-bios.ts; fee rules ./demo-fees.ts.
 * Emails and websites use the reserved
 * `.example` TLD; North American phones use the fictional 555-01XX range.
 */

import { base, en, Faker, generateMersenne53Randomizer, type LocaleDefinition } from "@faker-js/faker";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import { regionName } from "../../lib/i18n/region-name.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import type { lawyers } from "../db/schema.ts";
import { localizedCityName, localizedRegionName } from "../search/place-names.ts";
import type { CityRecord } from "./cities.ts";
import { addressCityName, cityPostcode, japaneseAddress, templateAddress } from "./demo-addresses.ts";
import { type BioLang, feeSentences, writeBio } from "./demo-bios.ts";
import { allocate, PRACTICE_AREA_WEIGHTS, pickCumulative } from "./demo-draws.ts";
import { demoFeeTerms } from "./demo-fee-terms.ts";
import { feeRule } from "./demo-fees.ts";
import { drawLawyerName } from "./demo-lawyer-name.ts";
import type { NameDraw } from "./demo-name-customs.ts";
import {
  AR_STREETS,
  COUNTRY_STREETS,
  EN_FIRMS,
  fixMojibake,
  JA_AREAS,
  KO_STREETS,
  LOCAL_FIRMS,
  SCRIPT_FIRMS,
  SOLICITOR_FIRMS,
  slug,
  transliterateGreek,
} from "./demo-names.ts";
import { cityAreaCode, demoPhone, fictionalDemoPhone, withCityAreaCode } from "./demo-phones.ts";
import { AREA_CODES, COUNTRY_PLANS, type PreparedCountry, prepareCountries } from "./demo-places.ts";
import { type DemoReview, demoRatingCache, demoReviewPlan, reviewLanguage } from "./demo-reviews.ts";
import { demoSpecialistChecks, demoSpecialistTitles } from "./demo-specialist-titles.ts";
import { demoVerificationPlan } from "./demo-verification.ts";
import { demoOfficePosition } from "./office-position.ts";
import type { VerificationPlan } from "./verification-plan.ts";

const BIO_LANGS: ReadonlySet<string> = new Set(["de", "fr", "es", "pt", "nl", "ja", "ar"]);
const LETTERS = "ABCDEFGHJKLMNPRSTVWXY".split("");

/**
 * One address line in the country's format ("Musterstraße 12, 10115 Berlin"): the OpenCage
 * template of @fragaria/address-formatter (lib/address.ts addressTemplateLines, rendered once
 * per country and region with placeholders and then filled: the formatter is slow enough to
 * matter, about 0.4 ms a call), the city as stored. Demo listings use demo-addresses.ts, which
 * also writes the city as the country does.
 */
export function formatAddress(
  countryCode: string,
  city: string,
  state: string | null,
  house: string,
  road: string,
  postcode: string,
): string {
  return templateAddress(countryCode, city, city, state, house, road, postcode);
}

/**
 * One row for `INSERT INTO lawyers`, with the verification to write next to it (issue 15 §2:
 * insertBatches writes the plan's admission, checks and records, then recomputes the `verified`
 * cache; a row without a plan stays unverified).
 */
export type NewLawyer = typeof lawyers.$inferInsert & {
  verification?: VerificationPlan | undefined;
  /** Demo engagements' reviews (issue 16 §1), written by insertBatches as closed demo cases and reviews. */
  demoReviews?: DemoReview[] | undefined;
};

/** Default seed of the demo data (the date the generator was written). */
export const DEFAULT_SEED = 20261121;

/** Every country's first lawyers go to its this many most populous cities (issue 14 §3). */
export const TOP_CITIES = 5;

/**
 * Generates `count` fictional lawyers, deterministically for a given `seed` (same input, same
 * output). Rows are ready for `INSERT INTO lawyers` (no id). Throws if `count` is negative.
 * Source: issue 2 §2 and the brief for the demo data; about 100,000 rows take a few seconds.
 */
export function generateLawyers(count: number, seed = DEFAULT_SEED): NewLawyer[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  return Array.from(lawyerStream(count, seed));
}

/**
 * The rows of generateLawyers(count, seed), one at a time and in the same order (the same
 * draws: generateLawyers is this stream collected), so `npm run seed:scale` (server/seed/scale.ts,
 * issue 18 §1) writes a million rows without holding them all. Throws RangeError on the first
 * `next()` if `count` is negative or not an integer.
 */
export function* lawyerStream(count: number, seed = DEFAULT_SEED): Generator<NewLawyer, void, undefined> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  const countries = prepareCountries();
  const randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  const next = () => randomizer.next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const draw: NameDraw = { pick, chance };

  const fakers = new Map<LocaleDefinition, Faker>();
  const fakerFor = (locale: LocaleDefinition) => {
    let f = fakers.get(locale);
    if (!f) {
      f = new Faker({ locale: [locale, en, base], randomizer });
      fakers.set(locale, f);
    }
    return f;
  };

  // Country of each row: exact shares, shuffled so ids do not cluster by country.
  const slots: number[] = [];
  allocate(
    count,
    countries.map((c) => c.plan.weight),
  ).forEach((n, i) => {
    for (let k = 0; k < n; k++) slots.push(i);
  });
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const tmp = slots[i] as number;
    slots[i] = slots[j] as number;
    slots[j] = tmp;
  }

  const areaCumulative: number[] = [];
  PRACTICE_AREA_WEIGHTS.reduce((s, w, i) => {
    areaCumulative[i] = s + w;
    return s + w;
  }, 0);

  const usedEmails = new Set<string>();
  // Issue 14 §3: a country's first lawyers go one each to its TOP_CITIES most populous cities,
  // the rest are spread by population (pickCumulative).
  const placed = new Array<number>(countries.length).fill(0);
  for (let i = 0; i < count; i++) {
    const country = countries[slots[i] as number] as PreparedCountry;
    const { plan } = country;
    const nth = placed[slots[i] as number] ?? 0;
    placed[slots[i] as number] = nth + 1;
    const drawn = pickCumulative(country.cumulative, next());
    const city = country.cities[nth < TOP_CITIES && nth < country.cities.length ? nth : drawn] as CityRecord;
    const regional = plan.regional?.provinces.includes(city.province) ? plan.regional : undefined;
    const locale = regional?.locale ?? plan.locale;
    const lang = regional?.lang ?? plan.lang;
    const f = fakerFor(locale);

    // Names in the country's customs and script (issue 14 §4, demo-lawyer-name.ts); Latin
    // spellings give the email and web address.
    const sex = chance(0.5) ? "female" : "male";
    const { name, last, partner, latinFirst, latinLast, latinPartner } = drawLawyerName(
      plan,
      lang,
      sex,
      f,
      draw,
    );

    // Firm (in the local script for Japanese, Arabic, Greek, Korean and Hebrew firms), email, website
    const scriptFirms = last ? SCRIPT_FIRMS[lang]?.filter((t) => partner || !t.includes("{B}")) : undefined;
    const local = ["GB", "IE", "HK"].includes(plan.code) ? SOLICITOR_FIRMS : LOCAL_FIRMS[lang];
    let firm: string;
    let template: string;
    if (scriptFirms?.length && chance(0.6)) {
      template = pick(scriptFirms);
      firm = template.replace("{A}", last).replace("{B}", partner);
    } else {
      // Iceland: always one of its own firm names (its firms are not named after patronymics).
      template = local && (lang === "is" || chance(0.6)) ? pick(local) : pick(EN_FIRMS);
      firm = template.replace("{A}", latinLast).replace("{B}", latinPartner);
    }
    // A firm name starts with a capital even when its family name does not ("Dela Cruz Law Group").
    firm = firm.charAt(0).toUpperCase() + firm.slice(1);
    const domainBase = slug(
      template.includes("{B}")
        ? `${latinLast} ${latinPartner}`
        : template.includes("{A}")
          ? `${latinLast} law`
          : firm,
    );
    const domain = `${domainBase}${plan.code === "US" ? "" : `-${plan.code.toLowerCase()}`}.example`;
    // Unique per listing (an account claims the listing whose email it proves, issue 3): a
    // repeated name at the same firm domain gets a number, as a real mail system would.
    const mailbox =
      latinFirst === latinLast
        ? slug(latinFirst).replace(/-/g, ".")
        : `${slug(latinFirst).replace(/-/g, ".")}.${slug(latinLast).replace(/-/g, ".")}`;
    let email = `${mailbox}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${mailbox}${n}@${domain}`;
    usedEmails.add(email);
    const website = chance(0.9) ? `https://www.${domain}` : null;

    // Place
    const state = city.province || null;
    const location = [city.city, state, country.name].filter(Boolean).join(", ");

    // Phone: valid for the country (libphonenumber-js), mobile or fixed line; 555-01XX in North America.
    const northAmerica = plan.code === "US" || plan.code === "CA";
    // Issue 28 §2: the city's own area code where known (Munich 089, Tokyo 03, Ottawa 613);
    // issue 28 §4: then in the range reserved for fiction where the country has one (demo-phones.ts).
    const phone = fictionalDemoPhone(
      withCityAreaCode(
        demoPhone(
          plan.code,
          next,
          0.4,
          northAmerica
            ? (cityAreaCode(plan.code, city.city) ??
                (state && AREA_CODES[state]) ??
                (plan.code === "US" ? "202" : "416"))
            : undefined,
        ),
        plan.code,
        city.city,
      ),
      plan.code,
      city.city,
    );

    // Address in the country's format (@fragaria/address-formatter, OpenCage templates).
    let road: string;
    let house: string;
    let jaArea = -1;
    if (lang === "ja") {
      road = pick(JA_AREAS);
      jaArea = JA_AREAS.indexOf(road);
      house = `${int(1, 5)}-${int(1, 30)}-${int(1, 20)}`;
    } else if (lang === "ko") {
      road = pick(KO_STREETS);
      house = String(int(1, 480));
    } else if (lang === "ar") {
      road = pick(AR_STREETS[plan.code] ?? AR_STREETS.AE ?? []);
      house = String(int(1, 250));
    } else if (COUNTRY_STREETS[plan.code]) {
      road = pick(COUNTRY_STREETS[plan.code] ?? []);
      house = String(int(1, 180));
    } else {
      road = fixMojibake(f.location.street());
      house = f.location.buildingNumber();
      if (lang === "el") road = transliterateGreek(road);
    }
    let zip = "";
    if (plan.zip) zip = plan.zip.replace(/[#?]/g, (c) => (c === "#" ? String(int(0, 9)) : pick(LETTERS)));
    else if (plan.zip === undefined) {
      try {
        zip = f.location.zipCode();
      } catch {
        zip = "";
      }
    }
    // Issue 28 §2: a postcode of the city's range (from the same draws), the city as the country
    // writes it, a Japanese address in Japanese order and script.
    zip = cityPostcode(plan.code, city.city, zip);
    const businessAddress =
      lang === "ja"
        ? japaneseAddress(city.city, state, jaArea, house, zip)
        : templateAddress(
            plan.code,
            city.city,
            addressCityName(city.city, plan.code, lang),
            state,
            house,
            road,
            zip,
          );
    // Issue 19 §1: a street-level point for this address within the city (no random draw, so
    // every other field stays as it was).
    const office = demoOfficePosition(city, city.geonameId, businessAddress);

    // Practice
    const areaCount = pickCumulative([15, 45, 75, 90, 100], next()) + 1;
    const chosen = new Set<number>();
    while (chosen.size < areaCount) chosen.add(pickCumulative(areaCumulative, next()));
    const practiceAreas = [...chosen].sort((a, b) => a - b).map((k) => PRACTICE_AREAS[k] as string);

    const experience = 1 + Math.floor(44 * next() ** 1.5);
    // Issue 16 §1: ratings come from demo engagements' reviews (demo-reviews.ts), not a random
    // number; the same main-stream draws as before give each listing its level and volume, so
    // every other field of the generator stays as it was.
    const quality = 3 + 2 * Math.sqrt(next());
    const volume = next();
    next();
    const demoReviews = demoReviewPlan(
      seed,
      i,
      quality,
      volume,
      experience,
      practiceAreas,
      // Issue 28 §2: in the listing's language, the lawyer's gender where the language marks it.
      reviewLanguage(lang, plan.code),
      sex === "female",
    );
    const { rating, reviewCount } = demoRatingCache(demoReviews);
    const verifiedListing = chance(0.85);

    // Hours in local time, on the country's working week (issue 14 §4).
    const week = plan.week ?? "Mon-Fri";
    const hours = pick(["9:00-17:00", "9:00-17:00", "8:30-17:30", "9:00-18:00", "8:00-16:30", "9:30-18:30"]);
    const workingHours =
      week === "Mon-Fri" && chance(0.18)
        ? `${week} ${hours}, Sat ${pick(["9:00-13:00", "10:00-14:00"])}`
        : `${week} ${hours}`;

    // Bio in the country's language, with a fee sentence its rules allow (issue 14 §4).
    const bioLang: BioLang = BIO_LANGS.has(lang) ? (lang as BioLang) : "en";
    // Places in the bio's own language and script where GeoNames and OpenCage name them ("دبي"
    // and "الإمارات العربية المتحدة" in an Arabic bio, "Bayern" in a German one; issue 14 §1).
    const bioLocale: Locale = bioLang === "pt" ? "pt-BR" : bioLang;
    const bio = writeBio(
      bioLang,
      {
        name,
        city: localizedCityName(city.city, plan.code, bioLocale),
        // "across Singapore" rather than "in Singapore and across Singapore".
        region:
          state && state !== city.city
            ? (localizedRegionName(state, plan.code, bioLocale) ?? state)
            : bioLocale === "en"
              ? country.name
              : (regionName(plan.code, bioLocale) ?? country.name),
        firm,
        years: experience,
        female: sex === "female",
        areas: practiceAreas,
        fee: feeRule(plan.code),
      },
      (n) => Math.floor(next() * n),
      chance,
    );

    // Fee terms (issue 19 §1) from the row's own stream, as the country's rule allows; a bio
    // promising contingency fees and free consultations gets both.
    const fees = demoFeeTerms(seed, i, plan.code, bio.includes(feeSentences(bioLang).contingency));

    // Languages spoken: the office's languages and English at the country's rates.
    const mix = regional ? (country.regionalLanguages ?? country.languages) : country.languages;
    const languages: string[] = [];
    for (const l of mix) if (l.share >= 1 || chance(l.share)) languages.push(l.code);

    const personalityTraits: Record<string, number> = {};
    for (const trait of PERSONALITY_TRAITS) personalityTraits[trait] = 1 + Math.floor(5 * (next() + next()));

    // Verification (issue 15 §2) and, issue 28 §2, the country's specialist titles with a check
    // each that follows the licence check; both from the row's own streams.
    const verification = demoVerificationPlan(
      seed,
      i,
      { countryCode: plan.code, state, experience, lang },
      verifiedListing,
    );
    const specialistTitles = demoSpecialistTitles(seed, i, {
      countryCode: plan.code,
      state,
      city: city.city,
      areas: practiceAreas,
      yearAdmitted: verification.admission?.yearAdmitted ?? 2026 - experience,
    });
    verification.checks.push(...demoSpecialistChecks(verification, specialistTitles, plan.code, state));

    yield {
      name,
      firm,
      email,
      phone,
      location,
      country: country.name,
      countryCode: plan.code,
      state,
      city: city.city,
      latitude: office.latitude,
      longitude: office.longitude,
      timeZone: city.timezone,
      experience,
      rating,
      reviewCount,
      bio,
      practiceAreas,
      languages,
      imageUrl: null,
      businessLogo: null,
      businessAddress,
      website,
      googleReviewsUrl: chance(0.5)
        ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${firm}, ${location}`)}`
        : null,
      workingHours,
      // Issue 28 §2: texts about the lawyer agree with the generated first name's sex.
      grammaticalGender: sex === "female" ? "feminine" : "masculine",
      freeConsultation: fees.freeConsultation,
      consultationMinutes: fees.consultationMinutes,
      feeModels: fees.models,
      demo: true,
      specialistTitles,
      demoReviews,
      verification,
      personalityTraits,
      communicationStyle: pick(STYLES.communicationStyle),
      approachStyle: pick(STYLES.approachStyle),
      clientFocus: pick(STYLES.clientFocus),
      availabilityLevel: pick(STYLES.availabilityLevel),
      caseComplexityPreference: pick(STYLES.caseComplexityPreference),
    };
  }
}

/** ISO codes of the countries the generator uses, biggest share first. */
export const DEMO_COUNTRY_CODES: readonly string[] = COUNTRY_PLANS.map((p) => p.code);
