/**
 * Telephone numbers reserved for drama and fiction (issue 28 §4: "Demo phone numbers are never
 * someone's real number"): the ranges a country's numbering authority keeps out of service so
 * that films, books and demos can print them. The demo data uses them where a country has them
 * and libphonenumber-js accepts the numbers as valid (the demo's numbers must be, issue 14 §4);
 * a demo listing with any other number shows no `tel:` link and no number (lib/phone.ts
 * listingPhoneDisplay). Pure and browser-safe.
 *
 * Sources (docs/spec-deviations.md):
 * - North American Numbering Plan (US, CA, JM): NANPA reserves the line numbers 555-0100 to
 *   555-0199 of every area code for fictional use.
 * - United Kingdom: Ofcom, "Telephone numbers for drama purposes": 020 7946 0000–0999 (London),
 *   0113/0114/0116/0117/0118/0121/0131/0141/0151/0161 496 0000–0999, 0191 498 0000–0999,
 *   028 9649 6000–6999 (Northern Ireland), 029 2018 0000–0999 (Cardiff). Ofcom's 0115 496 0xxx,
 *   01632 960xxx and 07700 900xxx ranges are drama numbers too, but libphonenumber-js marks them
 *   invalid, so the demo does not use them (they still count as fictional here).
 * - Australia: ACMA, "Phone numbers for use in TV and radio": (02), (03), (07) and (08) 5550 xxxx,
 *   and the mobile numbers 0491 570 156 to 0491 570 159.
 * - Sweden: PTS, numbers for fiction: 070-174 06 05 to 070-174 06 99.
 * - Ireland: ComReg reserves 020 91x xxxx, which libphonenumber-js does not accept as valid: the
 *   Irish demo numbers are withheld instead. Germany, New Zealand and the other demo countries have
 *   no official range that we could confirm.
 */

/** One reserved range: E.164 digits (without "+") matching `pattern`. */
export interface FictionalRange {
  /** Regular expression over the whole E.164 number without "+". */
  pattern: RegExp;
  /** Who reserves it. */
  source: string;
}

const NANP: FictionalRange = {
  pattern: /^1[2-9]\d{2}55501\d{2}$/,
  source: "NANPA: 555-0100 to 555-0199 of every area code",
};

/** The reserved ranges by ISO 3166-1 alpha-2 country code. */
export const FICTIONAL_PHONE_RANGES: Readonly<Record<string, readonly FictionalRange[]>> = {
  US: [NANP],
  CA: [NANP],
  JM: [NANP],
  GB: [
    {
      pattern: /^44(?:2079460|1(?:1[3-8]|[2-6]1)4960|1914980|2896496|2920180|1632960|7700900)\d{3}$/,
      source: "Ofcom: telephone numbers for drama purposes",
    },
  ],
  AU: [
    { pattern: /^61[2378]5550\d{4}$/, source: "ACMA: geographic numbers for TV and radio" },
    { pattern: /^6149157015[6-9]$/, source: "ACMA: mobile numbers for TV and radio" },
  ],
  SE: [{ pattern: /^467017406(?:0[5-9]|[1-9]\d)$/, source: "PTS: numbers for fiction" }],
  IE: [{ pattern: /^3532091\d{5}$/, source: "ComReg 08/04: 020 91x xxxx" }],
};

/** The E.164 digits of `phone` ("+44 20 7946 0123" -> "442079460123"); "" without a "+" number. */
function e164Digits(phone: string): string {
  const text = phone.trim();
  return text.startsWith("+") ? text.replace(/\D/g, "") : "";
}

/**
 * Whether `phone` (E.164, or "+" and digits with spaces) lies in a range a numbering authority
 * reserves for fiction, of any country (FICTIONAL_PHONE_RANGES). Pure; never throws.
 */
export function isFictionalPhone(phone: string): boolean {
  const digits = e164Digits(phone);
  if (!digits) return false;
  return Object.values(FICTIONAL_PHONE_RANGES).some((ranges) => ranges.some((r) => r.pattern.test(digits)));
}

/**
 * Ofcom drama ranges for the UK cities that have one, by city name (lower case), as the national
 * significant number's first seven digits; the rest take London's 020 7946 0xxx.
 */
const GB_CITY_RANGES: Readonly<Record<string, string>> = {
  london: "2079460",
  leeds: "1134960",
  sheffield: "1144960",
  leicester: "1164960",
  bristol: "1174960",
  reading: "1184960",
  birmingham: "1214960",
  edinburgh: "1314960",
  glasgow: "1414960",
  liverpool: "1514960",
  manchester: "1614960",
  newcastle: "1914980",
  "newcastle upon tyne": "1914980",
  sunderland: "1914980",
  belfast: "2896496",
  cardiff: "2920180",
};

/**
 * The number in `country`'s reserved range that stands for `e164` (a demo number valid for the
 * country), or null when the country has no range the demo can use (see the module comment):
 * deterministic, keeping the number's own digits where the range leaves some free —
 * - NANP: the area code, then 555-01 and the last two digits;
 * - GB: the drama range of `city` (London's otherwise) and the last three digits;
 * - AU: a fixed line's own area digit (a mobile takes 2), 5550 and the last four digits;
 * - SE: 070-174 06 and a pair 05–99 from the last two digits.
 * Every answer passes isFictionalPhone. Pure; never throws.
 */
export function fictionalPhoneFor(e164: string, country: string, city?: string | null): string | null {
  const digits = e164Digits(e164);
  if (digits.length < 8) return null;
  const last = (n: number) => digits.slice(-n);
  switch (country.toUpperCase()) {
    case "US":
    case "CA":
    case "JM":
      return digits.startsWith("1") && digits.length === 11 ? `+1${digits.slice(1, 4)}55501${last(2)}` : null;
    case "GB": {
      const range = GB_CITY_RANGES[(city ?? "").trim().toLowerCase()] ?? "2079460";
      return `+44${range}${last(3)}`;
    }
    case "AU": {
      const area = digits.slice(2, 3);
      return `+61${"2378".includes(area) ? area : "2"}5550${last(4)}`;
    }
    case "SE": {
      const pair = 5 + (Number(last(2)) % 95);
      return `+467017406${String(pair).padStart(2, "0")}`;
    }
    default:
      return null;
  }
}
