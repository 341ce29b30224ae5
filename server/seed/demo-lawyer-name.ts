/**
 * A demo lawyer's name in the country's customs and script (issue 14 §4): Japanese in kanji,
 * family name first; Arabic countries in Arabic script, given name, often the father's name,
 * then the family name; the customs of demo-name-customs.ts (Korean, Greek, Hebrew, Icelandic,
 * Kenyan, Filipino, Moroccan, Estonian…); else faker's locale, with Indonesian mononyms. The
 * Latin spellings give the email and web address (server/seed/generate.ts).
 */
import type { Faker } from "@faker-js/faker";
import { customName, type NameDraw } from "./demo-name-customs.ts";
import { AR_FAMILY, AR_GIVEN, fixMojibake, JA_FAMILY, JA_GIVEN_SCRIPT } from "./demo-names.ts";
import type { CountryPlan } from "./demo-places.ts";

/** A drawn lawyer's name as written, the firm's family names in its script, and their Latin spellings. */
export interface LawyerName {
  name: string;
  /** The family name in the firm's script. */
  last: string;
  /** A partner's family name for the firm ("" when none). */
  partner: string;
  latinFirst: string;
  latinLast: string;
  latinPartner: string;
}

/**
 * Draws the name of a lawyer of country `plan` writing `lang`, of `sex`, from `draw` and faker
 * `f` (whose randomizer is the same stream): the generator's draws in the generator's order, so
 * the same seed gives the same names. Never throws.
 */
export function drawLawyerName(
  plan: Pick<CountryPlan, "code" | "mononyms">,
  lang: string,
  sex: "male" | "female",
  f: Faker,
  draw: NameDraw,
): LawyerName {
  const { pick, chance } = draw;
  let name: string;
  let last: string; // family name in the firm's script
  let partner: string;
  let latinFirst: string;
  let latinLast: string;
  let latinPartner: string;
  const custom = lang === "ja" || lang === "ar" ? undefined : customName(plan.code, sex, draw);
  if (lang === "ja") {
    const given = pick(JA_GIVEN_SCRIPT[sex]);
    const family = pick(JA_FAMILY);
    const other = pick(JA_FAMILY);
    name = `${family[0]} ${given[0]}`;
    [last, latinLast] = family;
    [partner, latinPartner] = other[0] === family[0] ? ["", "Partners"] : other;
    latinFirst = given[1];
  } else if (lang === "ar") {
    const families = plan.code === "EG" ? AR_FAMILY.egypt : AR_FAMILY.gulf;
    const given = pick(AR_GIVEN[sex]);
    const family = pick(families);
    const other = pick(families);
    const father = chance(0.5) ? pick(AR_GIVEN.male)[0] : "";
    name = [given[0], father, family[0]].filter(Boolean).join(" ");
    [last, latinLast] = family;
    [partner, latinPartner] = other[0] === family[0] ? ["", "Partners"] : other;
    latinFirst = given[1];
  } else if (custom) {
    ({ name, latinFirst, latinLast, latinPartner } = custom);
    last = custom.firmName;
    partner = custom.firmPartner;
  } else {
    const first = fixMojibake(f.person.firstName(sex));
    last = fixMojibake(f.person.lastName(sex));
    partner = fixMojibake(f.person.lastName());
    // Germany's most common surname, so accent-insensitive search ("Muller") has something to find.
    if (lang === "de" && chance(0.07)) last = "Müller";
    latinFirst = first;
    latinLast = last;
    latinPartner = partner;
    // Some Indonesians go by a single name (issue 14 §4).
    name = plan.mononyms && chance(plan.mononyms) ? first : `${first} ${last}`;
    if (name === first) latinLast = last = first;
  }

  return { name, last, partner, latinFirst, latinLast, latinPartner };
}
