/**
 * Specialist titles of the demo listings (issue 28 §2 "German listings with the Fachanwalt für
 * Verkehrsrecht / Medizinrecht titles and their equivalents"): per country the titles that really
 * exist for personal-injury work, as conferred and in the original language, with the body that
 * confers them and the practice area they belong to; a demo listing gets one (sometimes two)
 * whose area it practises, dated a few years after its admission, and a `specialist_title` check
 * per title that follows its licence check (verified, lapsed or pending), marked demo. Sources
 * in docs/demo-data.md "Specialist titles". Deterministic: the row's own stream (mulberry32 of
 * the seed and the row's index), so the generator's main stream and every other field stay as
 * they were, and seed:scale writes the same titles.
 */
import type { PracticeArea } from "../../lib/constants.ts";
import type { SpecialistTitle } from "../../lib/specialist-titles.ts";
import { mulberry32 } from "./prng.ts";
import type { PlannedCheck, VerificationPlan } from "./verification-plan.ts";

/** One kind of title: as conferred, the practice areas it covers (the first is stored). */
interface TitleKind {
  title: string;
  areas: readonly PracticeArea[];
}

/** A country's (or region's) titles, who confers them, their register and how common they are. */
interface TitleScheme {
  titles: readonly TitleKind[];
  /** The issuing body; for Germany the regional bar (Rechtsanwaltskammer) of the office. */
  issuer: string | ((state: string | null, city: string) => string);
  registerUrl: string | null;
  /** Share of the country's listings with a matching practice area that hold one. */
  share: number;
  /** Years from admission to the title at the earliest (Germany: three, § 3 FAO). */
  minYears: number;
  /** The rule or programme that confers the titles (docs/demo-data.md). */
  source: string;
}

const ROAD: readonly PracticeArea[] = ["Car Accidents", "Motorcycle Accidents"];
const MEDICAL: readonly PracticeArea[] = ["Medical Malpractice", "Birth Injury", "Defective Drugs"];
const INJURY: readonly PracticeArea[] = [
  "Car Accidents",
  "Motorcycle Accidents",
  "Workplace Injury",
  "Slip & Fall",
  "Premises Liability",
  "Product Liability",
  "Wrongful Death",
  "Dog Bites",
  "Mass Torts",
];

/** The Rechtsanwaltskammer of a German office: by city where a state has several, else by state (§ 60 BRAO). */
const DE_CHAMBER_BY_CITY: Record<string, string> = {
  Nürnberg: "Nürnberg",
  Fürth: "Nürnberg",
  Erlangen: "Nürnberg",
  Regensburg: "Nürnberg",
  Würzburg: "Bamberg",
  Bamberg: "Bamberg",
  Bayreuth: "Bamberg",
  Köln: "Köln",
  Bonn: "Köln",
  Aachen: "Köln",
  Leverkusen: "Köln",
  Düsseldorf: "Düsseldorf",
  Duisburg: "Düsseldorf",
  Wuppertal: "Düsseldorf",
  Mönchengladbach: "Düsseldorf",
  Krefeld: "Düsseldorf",
  Oberhausen: "Düsseldorf",
  Kassel: "Kassel",
  Karlsruhe: "Karlsruhe",
  Mannheim: "Karlsruhe",
  Heidelberg: "Karlsruhe",
  Pforzheim: "Karlsruhe",
  Freiburg: "Freiburg",
  Tübingen: "Tübingen",
  Reutlingen: "Tübingen",
  Ulm: "Tübingen",
  Oldenburg: "Oldenburg",
  Osnabrück: "Oldenburg",
  Braunschweig: "Braunschweig",
  Wolfsburg: "Braunschweig",
  Salzgitter: "Braunschweig",
  Ludwigshafen: "Zweibrücken",
  "Ludwigshafen am Rhein": "Zweibrücken",
  Kaiserslautern: "Zweibrücken",
};
const DE_CHAMBER_BY_STATE: Record<string, string> = {
  "State of Berlin": "Rechtsanwaltskammer Berlin",
  Hamburg: "Hanseatische Rechtsanwaltskammer Hamburg",
  Bavaria: "Rechtsanwaltskammer München",
  "North Rhine-Westphalia": "Rechtsanwaltskammer Hamm",
  Hesse: "Rechtsanwaltskammer Frankfurt am Main",
  "Baden-Wurttemberg": "Rechtsanwaltskammer Stuttgart",
  Saxony: "Sächsische Rechtsanwaltskammer",
  Bremen: "Hanseatische Rechtsanwaltskammer Bremen",
  "Lower Saxony": "Rechtsanwaltskammer Celle",
  "Schleswig-Holstein": "Schleswig-Holsteinische Rechtsanwaltskammer",
  "Saxony-Anhalt": "Rechtsanwaltskammer Sachsen-Anhalt",
  Thuringia: "Rechtsanwaltskammer Thüringen",
  "Mecklenburg-Vorpommern": "Rechtsanwaltskammer Mecklenburg-Vorpommern",
  Brandenburg: "Rechtsanwaltskammer des Landes Brandenburg",
  Saarland: "Saarländische Rechtsanwaltskammer",
  "Rheinland-Pfalz": "Rechtsanwaltskammer Koblenz",
};

/** The German bar that confers a Fachanwalt title on a lawyer of `city` in `state` (§ 43c BRAO). */
export function germanChamber(state: string | null, city: string): string {
  const byCity = DE_CHAMBER_BY_CITY[city];
  if (byCity) return `Rechtsanwaltskammer ${byCity}`;
  return DE_CHAMBER_BY_STATE[state ?? ""] ?? "Rechtsanwaltskammer Frankfurt am Main";
}

/** The schemes per country (and, where a region has its own body, per region). */
export const SPECIALIST_TITLE_SCHEMES: Record<string, TitleScheme | Record<string, TitleScheme>> = {
  // § 43c BRAO with the Fachanwaltsordnung: the regional bar confers the title; at most three.
  DE: {
    titles: [
      { title: "Fachanwalt für Verkehrsrecht", areas: ROAD },
      { title: "Fachanwalt für Medizinrecht", areas: MEDICAL },
      {
        title: "Fachanwalt für Versicherungsrecht",
        areas: ["Car Accidents", "Product Liability", "Wrongful Death"],
      },
      { title: "Fachanwalt für Sozialrecht", areas: ["Workplace Injury"] },
    ],
    issuer: germanChamber,
    registerUrl: "https://www.bea-brak.de/bravsearch/",
    share: 0.45,
    minYears: 3,
    source:
      "§ 43c BRAO with the Fachanwaltsordnung (FAO): https://www.gesetze-im-internet.de/brao/__43c.html",
  },
  GB: {
    England: {
      titles: [
        { title: "APIL Accredited Senior Litigator", areas: INJURY },
        { title: "Law Society Personal Injury Accreditation", areas: INJURY },
        { title: "Law Society Clinical Negligence Accreditation", areas: MEDICAL },
      ],
      issuer: "",
      registerUrl: "https://www.apil.org.uk/",
      share: 0.3,
      minYears: 3,
      source:
        "APIL accreditation; the Law Society's personal injury and clinical negligence accreditation schemes: https://www.lawsociety.org.uk/support-services/accreditation/personal-injury/",
    },
    Scotland: {
      titles: [
        { title: "Accredited Specialist in Personal Injury Law", areas: INJURY },
        { title: "Accredited Specialist in Medical Negligence", areas: MEDICAL },
      ],
      issuer: "Law Society of Scotland",
      registerUrl: "https://www.lawscot.org.uk/find-a-solicitor/",
      share: 0.2,
      minYears: 5,
      source: "Law Society of Scotland, specialist accreditation: https://www.lawscot.org.uk/",
    },
  },
  US: {
    Texas: {
      titles: [{ title: "Board Certified – Personal Injury Trial Law", areas: INJURY }],
      issuer: "Texas Board of Legal Specialization",
      registerUrl: "https://www.tbls.org/",
      share: 0.15,
      minYears: 5,
      source: "Texas Board of Legal Specialization, Personal Injury Trial Law: https://www.tbls.org/",
    },
    Florida: {
      titles: [{ title: "Board Certified in Civil Trial", areas: INJURY }],
      issuer: "The Florida Bar",
      registerUrl: "https://www.floridabar.org/",
      share: 0.15,
      minYears: 5,
      source:
        "Rules Regulating The Florida Bar, chapter 6 (certification), Civil Trial: https://www.floridabar.org/",
    },
    "New Jersey": {
      titles: [{ title: "Certified Civil Trial Attorney", areas: INJURY }],
      issuer: "Supreme Court of New Jersey",
      registerUrl: "https://www.njcourts.gov/",
      share: 0.15,
      minYears: 5,
      source: "New Jersey Court Rule 1:39 (Board on Attorney Certification): https://www.njcourts.gov/",
    },
    "*": {
      titles: [
        { title: "Board Certified in Civil Trial Law", areas: INJURY },
        { title: "Board Certified in Truck Accident Law", areas: ROAD },
        { title: "Board Certified in Medical Professional Liability", areas: MEDICAL },
      ],
      issuer: "",
      registerUrl: "https://www.nbtanet.org/",
      share: 0.12,
      minYears: 5,
      source:
        "National Board of Trial Advocacy and American Board of Professional Liability Attorneys, certifying bodies accredited by the ABA Standing Committee on Specialization: https://www.nbtanet.org/",
    },
  },
  CA: {
    Ontario: {
      titles: [{ title: "Certified Specialist (Civil Litigation)", areas: INJURY }],
      issuer: "Law Society of Ontario",
      registerUrl: "https://lso.ca/",
      share: 0.08,
      minYears: 6,
      source: "Law Society of Ontario, Certified Specialist Program: https://lso.ca/",
    },
  },
  AU: {
    "New South Wales": {
      titles: [{ title: "Accredited Specialist – Personal Injury Law", areas: INJURY }],
      issuer: "Law Society of New South Wales",
      registerUrl: "https://www.lawsociety.com.au/",
      share: 0.12,
      minYears: 5,
      source:
        "Law Society of NSW, Specialist Accreditation (Personal Injury Law): https://www.lawsociety.com.au/",
    },
    Victoria: {
      titles: [{ title: "Accredited Specialist – Personal Injury Law", areas: INJURY }],
      issuer: "Law Institute of Victoria",
      registerUrl: "https://www.liv.asn.au/",
      share: 0.12,
      minYears: 5,
      source: "Law Institute of Victoria, Accredited Specialisation: https://www.liv.asn.au/",
    },
    Queensland: {
      titles: [{ title: "Accredited Specialist (Personal Injury Law)", areas: INJURY }],
      issuer: "Queensland Law Society",
      registerUrl: "https://www.qls.com.au/",
      share: 0.12,
      minYears: 5,
      source: "Queensland Law Society, Specialist Accreditation: https://www.qls.com.au/",
    },
  },
  FR: {
    titles: [{ title: "Spécialiste en droit du dommage corporel", areas: [...INJURY, ...MEDICAL] }],
    issuer: "Conseil national des barreaux",
    registerUrl: "https://www.cnb.avocat.fr/",
    share: 0.1,
    minYears: 4,
    source:
      "Arrêté du 28 décembre 2011 (liste des mentions de spécialisation: droit du dommage corporel); Conseil national des barreaux: https://www.cnb.avocat.fr/",
  },
  CH: {
    Geneva: {
      titles: [
        { title: "Avocat spécialiste FSA responsabilité civile et droit des assurances", areas: INJURY },
      ],
      issuer: "Fédération Suisse des Avocats (FSA)",
      registerUrl: "https://www.sav-fsa.ch/",
      share: 0.2,
      minYears: 5,
      source:
        "Schweizerischer Anwaltsverband / Fédération Suisse des Avocats, Fachanwalt SAV / avocat spécialiste FSA: https://www.sav-fsa.ch/",
    },
    Vaud: {
      titles: [
        { title: "Avocat spécialiste FSA responsabilité civile et droit des assurances", areas: INJURY },
      ],
      issuer: "Fédération Suisse des Avocats (FSA)",
      registerUrl: "https://www.sav-fsa.ch/",
      share: 0.2,
      minYears: 5,
      source:
        "Schweizerischer Anwaltsverband / Fédération Suisse des Avocats, Fachanwalt SAV / avocat spécialiste FSA: https://www.sav-fsa.ch/",
    },
    "*": {
      titles: [{ title: "Fachanwalt SAV Haftpflicht- und Versicherungsrecht", areas: INJURY }],
      issuer: "Schweizerischer Anwaltsverband (SAV)",
      registerUrl: "https://www.sav-fsa.ch/",
      share: 0.2,
      minYears: 5,
      source:
        "Schweizerischer Anwaltsverband / Fédération Suisse des Avocats, Fachanwalt SAV / avocat spécialiste FSA: https://www.sav-fsa.ch/",
    },
  },
};

/** The issuers of GB's English and the US's national titles, by title (one body each). */
const ISSUER_BY_TITLE: Record<string, { issuer: string; registerUrl: string }> = {
  "APIL Accredited Senior Litigator": {
    issuer: "Association of Personal Injury Lawyers (APIL)",
    registerUrl: "https://www.apil.org.uk/",
  },
  "Law Society Personal Injury Accreditation": {
    issuer: "The Law Society of England and Wales",
    registerUrl: "https://solicitors.lawsociety.org.uk/",
  },
  "Law Society Clinical Negligence Accreditation": {
    issuer: "The Law Society of England and Wales",
    registerUrl: "https://solicitors.lawsociety.org.uk/",
  },
  "Board Certified in Civil Trial Law": {
    issuer: "National Board of Trial Advocacy",
    registerUrl: "https://www.nbtanet.org/",
  },
  "Board Certified in Truck Accident Law": {
    issuer: "National Board of Trial Advocacy",
    registerUrl: "https://www.nbtanet.org/",
  },
  "Board Certified in Medical Professional Liability": {
    issuer: "American Board of Professional Liability Attorneys",
    registerUrl: "https://www.abpla.org/",
  },
};

/** The scheme that applies to an office in `countryCode`/`state` (Wales follows England), or null. */
export function titleScheme(countryCode: string, state: string | null): TitleScheme | null {
  const entry = SPECIALIST_TITLE_SCHEMES[countryCode];
  if (!entry) return null;
  if ("titles" in entry) return entry as TitleScheme;
  const regions = entry as Record<string, TitleScheme>;
  const region = countryCode === "GB" && state === "Wales" ? "England" : (state ?? "");
  return regions[region] ?? regions["*"] ?? null;
}

/** The row's own stream for its titles, apart from the generator's, the reviews' and the fees' streams. */
function titleRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x2545f491) ^ 0x7171_e5a1) >>> 0);
}

/**
 * The specialist titles of demo row `index` of a run with `seed`: a listing in `countryCode`
 * (region `state`, city `city`) practising `areas`, admitted `yearAdmitted`, gets a title of its
 * country whose area it practises with the scheme's share, a second one (another area) now and
 * then; none where no scheme exists or no area matches, or before `minYears` of practice. `since`
 * lies between admission + minYears and `currentYear`. Pure and deterministic.
 */
export function demoSpecialistTitles(
  seed: number,
  index: number,
  row: {
    countryCode: string;
    state: string | null;
    city: string;
    areas: readonly string[];
    yearAdmitted: number;
  },
  currentYear = 2026,
): SpecialistTitle[] {
  const scheme = titleScheme(row.countryCode, row.state);
  if (!scheme) return [];
  const r = titleRandom(seed, index);
  const first = row.yearAdmitted + scheme.minYears;
  if (first > currentYear) return [];
  const fitting = scheme.titles.filter((t) => t.areas.some((a) => row.areas.includes(a)));
  if (fitting.length === 0 || r() >= scheme.share) return [];
  const count = fitting.length > 1 && r() < 0.3 ? 2 : 1;
  const out: SpecialistTitle[] = [];
  const pool = [...fitting];
  for (let k = 0; k < count && pool.length > 0; k++) {
    const kind = pool.splice(Math.floor(r() * pool.length), 1)[0] as TitleKind;
    const area = kind.areas.find((a) => row.areas.includes(a)) as PracticeArea;
    const own = ISSUER_BY_TITLE[kind.title];
    const issuer =
      own?.issuer ??
      (typeof scheme.issuer === "function" ? scheme.issuer(row.state, row.city) : scheme.issuer);
    out.push({ title: kind.title, issuer, area, since: first + Math.floor(r() * (currentYear - first + 1)) });
  }
  return out.sort((a, b) => a.since - b.since || a.title.localeCompare(b.title));
}

/** The register a demo title's check links to (the body's search or home page; the demo lawyer is not on it). */
export function titleRegisterUrl(countryCode: string, state: string | null, title: string): string | null {
  return ISSUER_BY_TITLE[title]?.registerUrl ?? titleScheme(countryCode, state)?.registerUrl ?? null;
}

/**
 * The `specialist_title` checks of a demo listing's `titles` (issue 28 §2), following its licence
 * check in `plan`: verified (by register lookup, on the licence's day, due again in a year) when
 * the licence is verified, lapsed when it lapsed, pending when it is pending, none when it was
 * never checked. Source: the issuing body; demo: true (the page marks it in its own language).
 */
export function demoSpecialistChecks(
  plan: VerificationPlan,
  titles: readonly SpecialistTitle[],
  countryCode: string,
  state: string | null,
): PlannedCheck[] {
  const licence = plan.checks.find((c) => c.kind === "licence");
  if (!licence) return [];
  return titles.map((t) => ({
    kind: "specialist_title",
    status: licence.status,
    method: licence.status === "pending" ? null : "register_lookup",
    source: t.issuer,
    sourceUrl: titleRegisterUrl(countryCode, state, t.title),
    checkedDaysAgo: licence.checkedDaysAgo,
    dueInDays: licence.dueInDays,
    details: { title: t.title, issuer: t.issuer, area: t.area, since: t.since },
    demo: true,
  }));
}

/**
 * The table of docs/demo-data.md "Specialist titles" rendered from SPECIALIST_TITLE_SCHEMES: per
 * country (and region) each title as conferred, who confers it, the practice areas it is given
 * for, and the rule or programme behind it. The document must contain exactly this text
 * (demo-local.test.ts).
 */
export function specialistTitleTableMarkdown(): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows: string[] = [];
  for (const [code, entry] of Object.entries(SPECIALIST_TITLE_SCHEMES)) {
    const schemes: [string, TitleScheme][] =
      "titles" in entry ? [["", entry as TitleScheme]] : Object.entries(entry as Record<string, TitleScheme>);
    for (const [region, scheme] of schemes)
      for (const t of scheme.titles) {
        const issuer =
          ISSUER_BY_TITLE[t.title]?.issuer ??
          (typeof scheme.issuer === "function" ? "the office's Rechtsanwaltskammer" : scheme.issuer);
        const where = region === "" ? code : region === "*" ? `${code} (other states)` : `${code}: ${region}`;
        rows.push(
          `| ${where} | ${cell(t.title)} | ${cell(issuer)} | ${t.areas.join(", ")} | ${cell(scheme.source)} |`,
        );
      }
  }
  return [
    "| Where | Title as conferred | Conferred by | Given to listings practising | Rule or programme |",
    "| ----- | ------------------ | ------------ | ---------------------------- | ----------------- |",
    ...rows,
  ].join("\n");
}
