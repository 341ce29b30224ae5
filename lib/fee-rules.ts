/**
 * What a lawyer may promise about fees, per country (issue 14 §4 "fee statements that fit the
 * jurisdiction"; issue 19 §1 "only the models the jurisdiction allows"): whether a fee that
 * depends on the result (contingency fee, "no win, no fee", pacte de quota litis, Erfolgshonorar,
 * cuota litis) is allowed, allowed within a legal cap, restricted to exceptions or banned. The
 * table, with its sources, is docs/fees-by-country.md (rendered from this table by
 * server/seed/demo-fees.ts feeTableMarkdown); the research notes' R20/R21 (trust-and-regulation.md:
 * DBA Regulations 2013 reg. 4; CFA success fee cap) are the England and Wales row. Shared by the
 * browser (the listing form, the profile) and the server (validation, demo data). A summary for
 * a directory, not legal advice.
 */

/** How far a result-based fee is permitted: freely, within a legal cap, only exceptionally, or not at all. */
export type FeeRule = "allowed" | "capped" | "restricted" | "banned";

/**
 * The rule of one country: its category, a one-line summary, the rule's source and, for the rows
 * checked against a published text (November 2026), where that text was read.
 */
export interface CountryFeeRule {
  rule: FeeRule;
  summary: string;
  source: string;
  /** URLs of the texts the row was checked against; absent: written from memory, not yet checked. */
  checked?: readonly string[];
  /**
   * For a "capped" rule: the highest share of the amount recovered a result-based fee may take,
   * in percent, as the summary states it (issue 19 §1: the listing form refuses a higher maximum).
   * Absent where the cap applies only to some claims (Israel: road accidents, 8/11/13%).
   */
  capPercent?: number;
}

/** The rule per ISO 3166-1 code, for every country of the demo data (COUNTRY_PLANS). */
export const FEE_RULES: Record<string, CountryFeeRule> = {
  US: {
    rule: "allowed",
    summary: "Contingency fees are usual in personal injury; must be reasonable and in writing.",
    source: "ABA Model Rules of Professional Conduct, Rule 1.5(c)",
  },
  CA: {
    rule: "allowed",
    summary: "Contingency fee agreements are permitted, in writing, under provincial rules.",
    source:
      "Ontario Solicitors Act s. 28.1 and O. Reg. 563/20; Québec Code of professional conduct of lawyers s. 102",
  },
  GB: {
    rule: "capped",
    capPercent: 25,
    summary:
      "Conditional fee agreements and damages-based agreements are allowed; in personal injury the lawyer's share is capped at 25% of damages (excluding future losses).",
    source:
      "Courts and Legal Services Act 1990 ss. 58, 58AA; Damages-Based Agreements Regulations 2013 (SI 2013/609), reg. 4(2)(b): 25% including VAT of general damages and past pecuniary loss, first instance (England and Wales)",
    checked: ["https://www.legislation.gov.uk/uksi/2013/609/regulation/4/made"],
  },
  AU: {
    rule: "restricted",
    summary:
      "Fees calculated as a percentage of damages are banned (outside Victorian class actions); conditional 'no win, no fee' agreements with an uplift up to 25% are allowed.",
    source: "Legal Profession Uniform Law ss. 181-183",
  },
  DE: {
    rule: "restricted",
    summary:
      "Success fees (Erfolgshonorar) are banned except for claims up to EUR 2,000, debt collection, or where the client could not otherwise pursue the claim.",
    source:
      "§ 49b(2) BRAO (general ban, 'soweit das RVG nichts anderes bestimmt'); § 4a(1) RVG (exceptions, as amended by the Legal Tech Act in force 1 October 2021)",
    checked: [
      "https://haufe.de/recht/deutsches-anwalt-office-premium/1-allgemeine-bestimmungen-des-verguetungsrechtes-3-erfolgshonorar-49b-abs2-brao_idesk_PI17574_HI14515422.html",
      "https://www.brak-mitteilungen.de/flipbook/mitteilungen/2021/05/20/",
    ],
  },
  FR: {
    rule: "banned",
    summary:
      "A fee fixed only by the result (pacte de quota litis) is banned; a result bonus on top of a fee is allowed.",
    source:
      "Loi n° 71-1130 du 31 décembre 1971, art. 10 (ban on a fee fixed only by the judicial result; a complementary result fee is allowed); Règlement intérieur national (RIN), art. 11.3; Cass. civ. 2e, 26 March 2015, n° 14-13.901",
    checked: [
      "https://legavox.fr/blog/jerome-chambron/prohibition-pacte-quota-litis-pour-34561.htm",
      "https://pdfslide.fr/documents/le-pacte-de-quota-litis-uja.html",
    ],
  },
  NL: {
    rule: "banned",
    summary: "'No cure no pay' and a share of the proceeds (quota pars litis) are banned for advocaten.",
    source: "Verordening op de advocatuur, art. 7.8",
  },
  JP: {
    rule: "allowed",
    summary: "Retainer plus a success fee (hōshūkin) is the usual structure, set by agreement.",
    source:
      "Japan Federation of Bar Associations, Rules on Attorney Fees (弁護士の報酬に関する規程, 会規第68号, 26 February 2004; the fixed fee scale was abolished on 1 April 2004); Basic Rules on the Duties of Practicing Attorneys (弁護士職務基本規程), art. 24",
    checked: [
      "https://okumuraosaka.hatenadiary.jp/entry/20040331/1",
      "https://paperzz.com/doc/6685122/%E7%AC%AC1%E7%AB%A0-%E7%B7%8F%E5%89%87---%E4%BA%94%E4%B8%89%E3%83%BB%E7%94%BA%E7%94%B0%E6%B3%95%E5%BE%8B%E4%BA%8B%E5%8B%99%E6%89%80",
    ],
  },
  ES: {
    rule: "allowed",
    summary: "Cuota litis agreements are allowed since the Supreme Court struck down the bar's ban.",
    source: "Tribunal Supremo, Sala 3ª, judgment of 4 November 2008",
  },
  IT: {
    rule: "banned",
    summary:
      "An agreement giving the lawyer a share of the object of the dispute (patto di quota lite) is banned; fees may take the result into account.",
    source: "Legge 247/2012, art. 13(4)",
  },
  MX: {
    rule: "allowed",
    summary: "Cuota litis agreements are common and allowed by contract.",
    source: "Código Civil Federal, arts. 2606-2608 (prestación de servicios profesionales)",
  },
  BR: {
    rule: "allowed",
    summary:
      "Success fees (honorários ad exitum / quota litis) are allowed; together with other fees they may not exceed the client's gain.",
    source:
      "Código de Ética e Disciplina da OAB (2015), art. 50: with a quota litis clause the fees, added to the court-awarded fees, may not exceed the client's gain; STJ, REsp 1.354.338/SP",
    checked: [
      "https://rotajuridica.com.br/?p=151430",
      "https://informativos.trilhante.com.br/julgados/stj-resp-1354338-sp",
    ],
  },
  IN: {
    rule: "banned",
    summary:
      "An advocate may not fix fees depending on the success of the matter or take a share of the claim.",
    source:
      "Bar Council of India Rules, Part VI, Chapter II, Section II, Rule 20 (made under Advocates Act 1961, s. 49(1)(c); breach is misconduct under s. 35)",
    checked: [
      "https://advocatetanmoy.com/rules-for-standards-of-professional-conduct-and-etiquette-bar-council-of-india/",
      "https://blog.ipleaders.in/status-success-fees-indian-litigation-arbitration-proceedings",
    ],
  },
  IE: {
    rule: "restricted",
    summary:
      "Fees calculated as a percentage of damages are banned; 'no foal, no fee' arrangements are allowed.",
    source: "Legal Services Regulation Act 2015, s. 149; Solicitors (Amendment) Act 1994, s. 68(2)",
  },
  NZ: {
    rule: "allowed",
    summary: "Conditional and contingency fees are allowed if fair and reasonable and disclosed.",
    source: "Lawyers and Conveyancers Act (Lawyers: Conduct and Client Care) Rules 2008, r. 9.8",
  },
  ZA: {
    rule: "capped",
    capPercent: 25,
    summary: "Contingency fees are allowed up to 25% of the award and at most double the normal fee.",
    source: "Contingency Fees Act 66 of 1997, s. 2",
  },
  KR: {
    rule: "allowed",
    summary: "Success fees are allowed in civil cases (banned only in criminal cases).",
    source: "Supreme Court of Korea, 2015Da200111 (23 July 2015)",
  },
  PT: {
    rule: "banned",
    summary: "Quota litis is banned; a success bonus on top of a fee is allowed.",
    source: "Estatuto da Ordem dos Advogados (Lei 145/2015), art. 106",
  },
  BE: {
    rule: "banned",
    summary: "A fee agreement fixed only by the outcome (pactum de quota litis) is banned.",
    source: "Code judiciaire, art. 446ter",
  },
  CH: {
    rule: "banned",
    summary: "Pactum de quota litis is banned; a bonus for success on top of a fee is allowed.",
    source: "Federal Act on the Free Movement of Lawyers (BGFA/LLCA), art. 12(e)",
  },
  PL: {
    rule: "restricted",
    summary: "A fee depending only on the result is banned; a success fee on top of a base fee is allowed.",
    source: "Kodeks Etyki Adwokackiej, § 50",
  },
  TR: {
    rule: "capped",
    capPercent: 25,
    summary: "A fee as a share of the award is allowed up to 25% of the amount.",
    source: "Avukatlık Kanunu (Law 1136), art. 164",
  },
  AT: {
    rule: "banned",
    summary: "Quota litis (a share of the amount won) is void.",
    source: "ABGB § 879(2) Z 2",
  },
  SE: {
    rule: "restricted",
    summary: "Result-based fees are allowed only in special circumstances.",
    source: "Swedish Bar Association, Code of Conduct, 4.2.2",
  },
  AR: {
    rule: "capped",
    capPercent: 40,
    summary: "Pacto de cuota litis is allowed up to 40% of the result (20% in labour claims).",
    source: "Ley 27.423 (honorarios profesionales), art. 4",
  },
  NG: {
    rule: "allowed",
    summary: "Contingency fees are allowed if reasonable and in writing.",
    source: "Rules of Professional Conduct for Legal Practitioners 2007, r. 50",
  },
  SG: {
    rule: "banned",
    summary: "Contingency fees are banned (conditional fees only in arbitration and certain SICC matters).",
    source: "Legal Profession Act 1966, ss. 107, 115A-115B",
  },
  NO: {
    rule: "restricted",
    summary: "Result-based fees only exceptionally; a share of the result is not allowed.",
    source: "Regler for god advokatskikk, 3.3.2",
  },
  DK: {
    rule: "restricted",
    summary: "A fee as a share of the result is banned; the result may be weighed in a reasonable fee.",
    source: "Advokatetiske regler, § 19; Retsplejeloven § 126",
  },
  HK: {
    rule: "banned",
    summary: "Contingency fees in litigation are banned (champerty and maintenance).",
    source: "Hong Kong Solicitors' Guide to Professional Conduct, Principle 4.17",
  },
  PH: {
    rule: "allowed",
    summary: "Contingency fees are allowed if reasonable and in writing.",
    source: "Code of Professional Responsibility and Accountability (2023), Canon III, s. 41",
  },
  ID: {
    rule: "allowed",
    summary: "Fees, including success fees, are set by agreement.",
    source: "Law No. 18 of 2003 on Advocates, art. 21",
  },
  GR: {
    rule: "capped",
    capPercent: 20,
    summary: "A result-based fee is allowed up to 20% of the amount awarded.",
    source: "Lawyers' Code (Law 4194/2013), art. 59",
  },
  CL: {
    rule: "allowed",
    summary: "Cuota litis agreements are allowed if fair.",
    source: "Código de Ética Profesional del Colegio de Abogados (2011), art. 36",
  },
  CO: {
    rule: "allowed",
    summary: "Cuota litis is allowed; excessive fees are a disciplinary fault.",
    source: "Ley 1123 de 2007, art. 35(1)",
  },
  FI: {
    rule: "restricted",
    summary: "Result-based fees only for good reason and within reason.",
    source: "Finnish Bar Association, Code of Conduct, rule 7.4",
  },
  CZ: {
    rule: "capped",
    capPercent: 25,
    summary: "A quota litis fee is allowed up to 25% of the value obtained.",
    source: "Etický kodex České advokátní komory, čl. 10(5)",
  },
  HU: {
    rule: "allowed",
    summary: "Success fees are allowed by agreement.",
    source: "Ügyvédi tevékenységről szóló 2017. évi LXXVIII. törvény, § 30",
  },
  RO: {
    rule: "restricted",
    summary: "Quota litis is banned; a success fee on top of a fee is allowed.",
    source: "Legea 51/1995, art. 31(3); Statutul profesiei de avocat, art. 128",
  },
  KE: {
    rule: "banned",
    summary: "Agreements giving the advocate a share of the proceeds are void.",
    source: "Advocates Act (Cap. 16), s. 46(c)",
  },
  MY: {
    rule: "banned",
    summary: "Contingency fees are banned.",
    source: "Legal Profession Act 1976, s. 112",
  },
  VN: {
    rule: "allowed",
    summary: "Fees by result are allowed (not in criminal cases).",
    source: "Law on Lawyers 2006 (amended 2012), art. 55",
  },
  PE: {
    rule: "allowed",
    summary: "Cuota litis is allowed if fair.",
    source: "Código de Ética del Abogado (2012), art. 43",
  },
  GH: {
    rule: "restricted",
    summary:
      "Contingency fees are limited by the professional rules and not allowed in criminal or family matters.",
    source: "Legal Profession (Professional Conduct and Etiquette) Rules 2020 (L.I. 2423)",
  },
  MA: {
    rule: "banned",
    summary: "A fee fixed by the result alone (pacte de quota litis) is banned.",
    source: "Loi n° 28-08 réglementant la profession d'avocat, art. 45",
  },
  SK: {
    rule: "capped",
    capPercent: 20,
    summary: "A share-of-result fee is allowed up to 20% of the value.",
    source: "Vyhláška 655/2004 Z. z., § 4(3)",
  },
  HR: {
    rule: "capped",
    capPercent: 30,
    summary: "A success fee is allowed up to 30% of the value obtained.",
    source: "Tarifa o nagradama i naknadi troškova za rad odvjetnika, Tbr. 47",
  },
  RS: {
    rule: "capped",
    capPercent: 30,
    summary: "A success fee is allowed up to 30% of the value obtained.",
    source: "Zakon o advokaturi, art. 49; Advokatska tarifa",
  },
  CR: {
    rule: "allowed",
    summary: "Cuota litis is allowed by agreement.",
    source: "Arancel de Honorarios por Servicios Profesionales de Abogacía y Notariado, art. 5",
  },
  SI: {
    rule: "restricted",
    summary: "A result-based fee is allowed only as a supplement within the tariff's limits.",
    source: "Zakon o odvetništvu, art. 17; Odvetniška tarifa, art. 8",
  },
  LV: {
    rule: "restricted",
    summary: "A fee depending only on the result is banned; a success supplement is allowed.",
    source: "Latvijas Zvērinātu advokātu ētikas kodekss, 4.7",
  },
  EE: {
    rule: "allowed",
    summary: "Success fees are allowed by agreement if reasonable.",
    source: "Advokatuuriseadus (Bar Association Act), § 45",
  },
  LU: {
    rule: "banned",
    summary: "A fee fixed only by the outcome (pacte de quota litis) is banned.",
    source: "Loi du 10 août 1991 sur la profession d'avocat, art. 38",
  },
  SN: {
    rule: "banned",
    summary: "Pacte de quota litis is banned.",
    source: "Règlement n° 05/CM/UEMOA (2014), art. 47",
  },
  JM: {
    rule: "allowed",
    summary: "Contingency fees are allowed if fair and in writing.",
    source: "Legal Profession (Canons of Professional Ethics) Rules, Canon IV(p)",
  },
  IS: {
    rule: "restricted",
    summary: "A fee as a share of the result is allowed only exceptionally.",
    source: "Siðareglur lögmanna (Code of Ethics), art. 12",
  },
  AE: {
    rule: "capped",
    capPercent: 25,
    summary:
      "Since 2 January 2023 fees may be agreed, in writing, as a percentage of the amount awarded, at most 25%, and are not due if the case is lost (the former law banned an interest in the dispute).",
    source:
      "Federal Decree-Law No. 34 of 2022 regulating the Advocacy and Legal Consultancy Professions, Part Three, Chapter Three 'Legal fees' (arts. 49, 55 as cited by UAE firms) and its Implementing Regulation",
    checked: [
      "https://uaelegislation.gov.ae/en/legislations/1566",
      "https://www.galadarilaw.com/news/galadari-alerts-prominent-changes-in-the-law-of-regulating-the-legal-profession/",
      "https://theoath-me.com/success-fee-arrangements-in-the-uaehow-successful",
    ],
  },
  SA: {
    rule: "restricted",
    summary: "Fees are set by written agreement; taking an interest in the disputed right is prohibited.",
    source: "Law of Legal Practice (Royal Decree M/38, 1422H), art. 26 and Implementing Regulations",
  },
  EG: {
    rule: "capped",
    capPercent: 20,
    summary: "A fee may depend on the result but may not exceed 20% of the amount awarded.",
    source: "Advocacy Law No. 17 of 1983, art. 82",
  },
  QA: {
    rule: "restricted",
    summary: "Fees are agreed in writing; acquiring a share of the disputed right is prohibited.",
    source: "Law No. 23 of 2006 on the Legal Profession, arts. 41, 48",
  },
  IL: {
    rule: "capped",
    summary:
      "Fees as a percentage of the compensation are usual in personal injury; in road-accident claims the result-based fee is capped at 8% of a settlement without proceedings, 11% of a settlement in court and 13% of a judgment (plus VAT).",
    source:
      "Road Accident Victims Compensation Law 5735-1975, s. 16; Israel Bar Association Rules (Maximum Fee for Claims under the Road Accident Victims Compensation Law) 5737-1977, rules 2-4",
    checked: [
      "https://www.nevo.co.il/law_html/law00/4407.htm",
      "https://www.fridmanwork.com/ADVX-lawyers116221.html",
    ],
  },
  KW: {
    rule: "restricted",
    summary: "Fees are agreed in writing; acquiring a share of the disputed right is prohibited.",
    source: "Law No. 42 of 1964 on the Legal Profession, art. 28",
  },
};

/** The fee rule of a country; "restricted" (promise nothing) for a country not in the table. */
export function feeRule(countryCode: string): FeeRule {
  return FEE_RULES[countryCode]?.rule ?? "restricted";
}
