/**
 * Deterministic demo data (issue 2 §2, DESIGN.md §4): fictional personal injury lawyers in real
 * cities of 57 countries. Everything random comes from ONE seeded faker randomizer shared by
 * every locale instance, so the same (count, seed) gives the same rows byte for byte.
 *
 * Sources: cities, coordinates, regions and IANA time zones from GeoNames (./cities.ts); country
 * names from `i18n-iso-countries` (./countries.ts); names and streets from faker's locales;
 * phone formats from `libphonenumber-js` (max metadata). Emails and websites use the reserved
 * `.example` TLD; North American phones use the fictional 555-01XX range.
 */
import { base, en, Faker, generateMersenne53Randomizer, type LocaleDefinition } from "@faker-js/faker";
import type { CountryCode } from "libphonenumber-js/max";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import type { lawyers } from "../db/schema.ts";
import type { CityRecord } from "./cities.ts";
import { allocate, listJoin, PRACTICE_AREA_WEIGHTS, pickCumulative } from "./demo-draws.ts";
import {
  EN_FIRMS,
  fixMojibake,
  JA_AREAS,
  JA_GIVEN,
  JA_SURNAMES,
  KO_GIVEN,
  KO_STREETS,
  KO_SURNAMES,
  LOCAL_FIRMS,
  SOLICITOR_FIRMS,
  slug,
  transliterateGreek,
} from "./demo-names.ts";
import { AREA_CODES, COUNTRY_PLANS, type PreparedCountry, prepareCountries } from "./demo-places.ts";

/** One row for `INSERT INTO lawyers`. */
export type NewLawyer = typeof lawyers.$inferInsert;

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
  const countries = prepareCountries();
  const randomizer = generateMersenne53Randomizer();
  randomizer.seed(seed);
  const next = () => randomizer.next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;

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

  const rows: NewLawyer[] = new Array(count);
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

    // Names
    const sex = chance(0.5) ? "female" : "male";
    let first: string;
    let last: string;
    let partner: string;
    if (lang === "ja") {
      first = pick(JA_GIVEN);
      last = pick(JA_SURNAMES);
      partner = pick(JA_SURNAMES);
    } else if (lang === "ko") {
      first = pick(KO_GIVEN);
      last = pick(KO_SURNAMES);
      partner = pick(KO_SURNAMES);
    } else {
      first = fixMojibake(f.person.firstName(sex));
      last = fixMojibake(f.person.lastName(sex));
      partner = fixMojibake(f.person.lastName());
      if (lang === "el") {
        first = transliterateGreek(first);
        last = transliterateGreek(last);
        partner = transliterateGreek(partner);
      }
      // Germany's most common surname, so accent-insensitive search ("Muller") has something to find.
      if (lang === "de" && chance(0.07)) last = "Müller";
    }
    if (partner === last)
      partner = lang === "ja" || lang === "ko" ? pick(["Partners", "Associates"]) : partner;
    const name = `${first} ${last}`;

    // Firm, email, website
    const local = ["GB", "IE", "HK"].includes(plan.code) ? SOLICITOR_FIRMS : LOCAL_FIRMS[lang];
    const template = local && chance(0.6) ? pick(local) : pick(EN_FIRMS);
    const firm = template.replace("{A}", last).replace("{B}", partner);
    const domainBase = slug(template.includes("{B}") ? `${last} ${partner}` : `${last} law`);
    const domain = `${domainBase}${plan.code === "US" ? "" : `-${plan.code.toLowerCase()}`}.example`;
    // Unique per listing (an account claims the listing whose email it proves, issue 3): a
    // repeated name at the same firm domain gets a number, as a real mail system would.
    const mailbox = `${slug(first).replace(/-/g, ".")}.${slug(last).replace(/-/g, ".")}`;
    let email = `${mailbox}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${mailbox}${n}@${domain}`;
    usedEmails.add(email);
    const website = chance(0.9) ? `https://www.${domain}` : null;

    // Place
    const state = city.province || null;
    const location = [city.city, state, country.name].filter(Boolean).join(", ");

    // Phone: country example number with varied trailing digits, validated; 555-01XX in North America.
    let phone = "";
    if (plan.code === "US" || plan.code === "CA") {
      const area = (state && AREA_CODES[state]) ?? country.exampleNational.slice(0, 3);
      const parsed = parsePhoneNumberFromString(
        `${area}55501${int(0, 9)}${int(0, 9)}`,
        plan.code as CountryCode,
      );
      phone = parsed?.formatInternational() ?? "";
    } else {
      const ex = country.exampleNational;
      const vary = ex.length > 7 ? 4 : 3;
      for (let attempt = 0; attempt < 6 && !phone; attempt++) {
        let digits = "";
        for (let d = 0; d < vary; d++) digits += String(int(0, 9));
        const candidate = parsePhoneNumberFromString(
          ex.slice(0, ex.length - vary) + digits,
          plan.code as CountryCode,
        );
        if (candidate?.isValid()) phone = candidate.formatInternational();
      }
      if (!phone)
        phone = parsePhoneNumberFromString(ex, plan.code as CountryCode)?.formatInternational() ?? "";
    }

    // Address
    let street: string;
    if (lang === "ja")
      street = `${int(1, 5)}-${int(1, 30)}-${int(1, 20)} ${pick(JA_AREAS)}-${pick(["cho", "machi"])}`;
    else if (lang === "ko") street = `${int(1, 480)} ${pick(KO_STREETS)}`;
    else street = fixMojibake(f.location.streetAddress());
    if (lang === "el") street = transliterateGreek(street);
    let zip = "";
    if (lang === "ko") zip = String(int(10000, 63999));
    else if (plan.address !== "plain") {
      try {
        zip = f.location.zipCode();
      } catch {
        zip = "";
      }
    }
    let businessAddress: string;
    if (plan.address === "us")
      businessAddress = `${street}, ${city.city}${state ? `, ${state}` : ""} ${zip}`.trim();
    else if (plan.address === "eu") businessAddress = `${street}, ${zip ? `${zip} ` : ""}${city.city}`;
    else if (plan.address === "uk") businessAddress = `${street}, ${city.city}${zip ? ` ${zip}` : ""}`;
    else businessAddress = `${street}, ${city.city}`;

    // Practice
    const areaCount = pickCumulative([15, 45, 75, 90, 100], next()) + 1;
    const chosen = new Set<number>();
    while (chosen.size < areaCount) chosen.add(pickCumulative(areaCumulative, next()));
    const practiceAreas = [...chosen].sort((a, b) => a - b).map((k) => PRACTICE_AREAS[k] as string);

    const experience = 1 + Math.floor(44 * next() ** 1.5);
    const rating = Math.round((3 + 2 * Math.sqrt(next())) * 100) / 100;
    const reviewCount = Math.min(800, Math.floor(experience * (2 + 14 * next()) + 20 * next()));
    const verifiedListing = chance(0.85);

    // Hours in local time
    const week = plan.week ?? "Mon-Fri";
    const hours = pick(["9:00-17:00", "9:00-17:00", "8:30-17:30", "9:00-18:00", "8:00-16:30", "9:30-18:30"]);
    const workingHours = chance(0.18)
      ? `${week} ${hours}, Sat ${pick(["9:00-13:00", "10:00-14:00"])}`
      : `${week} ${hours}`;

    // Bio (English, 2-4 sentences)
    const areasText = listJoin(practiceAreas.map((a) => a.toLowerCase()));
    const years = `${experience} year${experience === 1 ? "" : "s"}`;
    const sentences = [
      pick([
        `${name} is a personal injury lawyer in ${city.city} with ${years} of experience.`,
        `${name} has represented personal injury victims in ${city.city} and across ${state ?? country.name} for ${years}.`,
        `With ${years} in personal injury law, ${name} helps clients in ${city.city} recover what they are owed.`,
      ]),
      pick([
        `The practice focuses on ${areasText} cases.`,
        `${firm} handles ${areasText} claims from first consultation to settlement or trial.`,
        `Core areas: ${areasText}.`,
      ]),
    ];
    if (chance(0.7))
      sentences.push(
        pick([
          "Initial consultations are free, and most cases are taken on a contingency fee.",
          "Clients value clear, regular updates and careful preparation for trial.",
          "Every case gets a written plan and a direct line to the lawyer handling it.",
          "Home and hospital visits can be arranged for clients who cannot travel.",
        ]),
      );
    if (chance(0.35))
      sentences.push(
        pick([
          `Consultations are available in English${lang === "en" ? "" : " and the local language"}.`,
          "Past results do not guarantee a similar outcome.",
          "Insurance negotiations are handled in-house.",
        ]),
      );

    const personalityTraits: Record<string, number> = {};
    for (const trait of PERSONALITY_TRAITS) personalityTraits[trait] = 1 + Math.floor(5 * (next() + next()));

    rows[i] = {
      name,
      firm,
      email,
      phone,
      location,
      country: country.name,
      countryCode: plan.code,
      state,
      city: city.city,
      latitude: city.lat,
      longitude: city.lng,
      timeZone: city.timezone,
      experience,
      rating,
      reviewCount,
      bio: sentences.join(" "),
      practiceAreas,
      imageUrl: null,
      businessLogo: null,
      businessAddress,
      website,
      googleReviewsUrl: chance(0.5)
        ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${firm}, ${location}`)}`
        : null,
      workingHours,
      verified: verifiedListing,
      verificationStatus: verifiedListing ? "verified" : "pending",
      personalityTraits,
      communicationStyle: pick(STYLES.communicationStyle),
      approachStyle: pick(STYLES.approachStyle),
      clientFocus: pick(STYLES.clientFocus),
      availabilityLevel: pick(STYLES.availabilityLevel),
      caseComplexityPreference: pick(STYLES.caseComplexityPreference),
    };
  }
  return rows;
}

/** ISO codes of the countries the generator uses, biggest share first. */
export const DEMO_COUNTRY_CODES: readonly string[] = COUNTRY_PLANS.map((p) => p.code);
