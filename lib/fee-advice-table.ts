/**
 * The table of how a personal-injury claim is usually paid for, per country (issue 28 §3; the
 * rules that read it are in lib/fee-advice.ts, which says what the table is for): the ways of
 * paying, and one row per country of the demo data with its ways most usual first, its own
 * wording, a one-line summary and the texts it rests on. Pure data, no I/O.
 */

/**
 * The ways of paying a personal-injury lawyer the case form offers: `contingency` a share of
 * what the client receives, nothing if nothing is received ("no win, no fee"); `conditionalFee`
 * no fee if the claim fails, the normal fee (perhaps with an uplift) if it succeeds, never a
 * share of the damages (Australia, Ireland's "no foal, no fee"); `otherSideInsurer` the liable
 * party's insurer pays the lawyer as part of the damages (Germany's RVG fees, § 249 BGB; the
 * Netherlands art. 6:96 BW); `legalExpensesInsurance` the client's own legal expenses insurance;
 * `carInsuranceLawyerCover` the lawyer-fee rider of the client's car insurance (Japan's
 * 弁護士費用特約); `agreedFees` hourly, fixed or statutory-scale fees the client pays; `legalAid`
 * public legal aid.
 */
export const FUNDING_KINDS = [
  "contingency",
  "conditionalFee",
  "otherSideInsurer",
  "legalExpensesInsurance",
  "carInsuranceLawyerCover",
  "agreedFees",
  "legalAid",
] as const;
/** One way of paying (FUNDING_KINDS). */
export type FundingKind = (typeof FUNDING_KINDS)[number];

/** One country's row. */
export interface CountryFeeAdvice {
  /** The ways of paying usual in the country, most usual first. */
  funding: readonly FundingKind[];
  /**
   * The country's own wording of an option: the `cases` catalog key under `budget.option.`
   * (e.g. contingency → "contingencyUS", "Contingency fee (often 33⅓–40 % of the recovery)").
   */
  labels?: Partial<Record<FundingKind, string>>;
  /** How a personal-injury claim is usually paid for there, in one line (English; the docs' table). */
  summary: string;
  /** URLs of the statutes, regulators and bodies the line rests on. */
  sources: readonly string[];
  /** The rows read against their sources for issue 28 (the others rest on the statutes they name). */
  checked?: boolean;
  /** Whether the case form shows a hint for the country under the budget field (`cases` `budget.hint.<code>`). */
  hint?: boolean;
}

/** The row of a country not in the table: agreed fees, and a contingency fee where lib/fee-rules.ts allows one. */
export const DEFAULT_FEE_ADVICE: CountryFeeAdvice = {
  funding: ["agreedFees"],
  summary: "Fees are agreed with the lawyer.",
  sources: [],
};

/** The rows, per ISO 3166-1 alpha-2 code, for every country of the demo data. */
export const FEE_ADVICE: Readonly<Record<string, CountryFeeAdvice>> = {
  US: {
    funding: ["contingency", "agreedFees"],
    labels: { contingency: "contingencyUS" },
    summary:
      "Personal-injury lawyers usually work on a written contingency fee, typically 33⅓ % of the recovery and up to 40 % once the defendant has answered or the case is tried (Florida's schedule, Rule 4-1.5(f)(4)(B)); no fee if nothing is recovered, but case costs may still be owed.",
    sources: [
      "https://www.americanbar.org/groups/professional_responsibility/publications/model_rules_of_professional_conduct/rule_1_5_fees/",
      "http://www.law.cornell.edu/ethics/fl/code/CRule_4-1.5.htm",
    ],
    checked: true,
    hint: true,
  },
  CA: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees"],
    summary:
      "Contingency fees are usual in personal injury, in a written agreement (Ontario: the standard form of O. Reg. 563/20); provincial legal aid rarely covers injury claims.",
    sources: ["https://www.ontario.ca/laws/regulation/r20563"],
  },
  GB: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees"],
    labels: { contingency: "contingencyGB" },
    summary:
      "England and Wales: most claims run on a conditional fee agreement or a damages-based agreement ('no win, no fee'); what the client pays out of the damages is capped at 25 % of general damages and past losses at first instance (CFA Order 2013 art. 5, DBA Regulations 2013 reg. 4); QOCS (CPR 44.13–44.17) usually protects a losing claimant from the defendant's costs, after-the-event insurance covers the other risks and its premium is no longer recoverable (LASPO 2012 s. 46); legal aid was withdrawn for most injury claims. Scotland and Northern Ireland have their own rules.",
    sources: [
      "https://www.legislation.gov.uk/uksi/2013/689/article/5",
      "https://www.legislation.gov.uk/uksi/2013/609/regulation/4/made",
      "https://www.justice.gov.uk/courts/procedure-rules/civil/rules/part44",
      "https://www.legislation.gov.uk/ukpga/2012/10/section/46",
    ],
    checked: true,
    hint: true,
  },
  AU: {
    funding: ["conditionalFee", "agreedFees"],
    summary:
      "'No win, no fee' conditional costs agreements are usual, with an uplift of at most 25 % of the legal costs (not of the damages); fees calculated as a share of the damages are banned outside Victorian group actions (Legal Profession Uniform Law ss. 181–183).",
    sources: ["https://www.lsbc.vic.gov.au/"],
  },
  DE: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    labels: { otherSideInsurer: "otherSideInsurerDE", agreedFees: "agreedFeesDE", legalAid: "legalAidDE" },
    summary:
      "When the client is not at fault, the liable party's insurer pays the lawyer's statutory RVG fees as part of the damages (§ 249 BGB; BGH since 1970); legal expenses insurance (Rechtsschutz) covers the rest; without a fee agreement a consumer's first consultation costs at most €190 plus VAT (§ 34(1) sentence 3 RVG); a success fee only in the exceptions of § 4a RVG; Beratungshilfe and Prozesskostenhilfe (§ 114 ZPO) for those with low means.",
    sources: [
      "https://www.gesetze-im-internet.de/bgb/__249.html",
      "https://www.gesetze-im-internet.de/rvg/__34.html",
      "https://www.gesetze-im-internet.de/rvg/__4a.html",
      "https://www.gesetze-im-internet.de/zpo/__114.html",
      "https://haufe.de/recht/deutsches-anwalt-office-premium/3-erstattungsfragen-1-geltendmachung-von-anspruechen-beim-haftpflichtversicherer_idesk_PI17574_HI14445629.html",
    ],
    checked: true,
    hint: true,
  },
  FR: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    labels: { legalAid: "legalAidFR" },
    summary:
      "A written fee agreement is compulsory; a result bonus may be added to a fixed or hourly fee, a fee fixed only by the result is banned (loi 71-1130 art. 10); protection juridique (often in home or car insurance) and aide juridictionnelle pay for many claims; road victims get an offer from the insurer under the loi Badinter of 1985.",
    sources: [
      "https://www.legifrance.gouv.fr/loda/id/JORFTEXT000000508793",
      "https://www.service-public.fr/particuliers/vosdroits/F18074",
    ],
  },
  NL: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "In letselschade the liable party's insurer pays the injured person's reasonable costs of a lawyer once liability is accepted (art. 6:96(2) BW); rechtsbijstandsverzekering or subsidised legal aid otherwise; 'no cure no pay' is banned for advocaten.",
    sources: ["https://wetten.overheid.nl/BWBR0005289"],
  },
  JP: {
    funding: ["carInsuranceLawyerCover", "agreedFees", "contingency", "legalAid"],
    labels: { agreedFees: "agreedFeesJP", contingency: "contingencyJP", legalAid: "legalAidJP" },
    summary:
      "Most traffic-accident clients use the lawyer-fee rider (弁護士費用特約) of their own or a family member's car insurance, usually up to ¥3 million of fees and ¥100,000 for consultations, without a higher premium; otherwise a retainer (着手金) and a success fee (報酬金), some firms with no retainer; the Japan Legal Support Center (法テラス) advances fees for those with low means.",
    sources: [
      "https://hibiki-law.or.jp/jiko/bengoshi/32679/",
      "https://www.kanzawa-koutsujiko.jp/bentoku/lac/",
      "https://www.houterasu.or.jp/",
    ],
    checked: true,
    hint: true,
  },
  ES: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "Cuota litis is allowed; car and home insurance often include defensa jurídica (legal expenses cover); asistencia jurídica gratuita (Ley 1/1996) for those with low means.",
    sources: ["https://www.boe.es/buscar/act.php?id=BOE-A-1996-750"],
  },
  IT: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A share of what is won (patto di quota lite) is banned, though the fee may take the result into account (legge 247/2012 art. 13); tutela legale insurance, and patrocinio a spese dello Stato for those with low means.",
    sources: ["https://www.normattiva.it/uri-res/N2Ls?urn:nir:stato:legge:2012-12-31;247"],
  },
  MX: {
    funding: ["contingency", "agreedFees"],
    summary:
      "Cuota litis agreements are common in damage claims; otherwise fixed or hourly fees by contract.",
    sources: ["https://www.diputados.gob.mx/LeyesBiblio/pdf/CCF.pdf"],
  },
  BR: {
    funding: ["contingency", "agreedFees", "legalAid"],
    labels: { contingency: "contingencyBR", agreedFees: "agreedFeesBR", legalAid: "legalAidBR" },
    summary:
      "Lawyers usually agree in writing a share of the result (honorários contratuais ad exitum), which with the court-awarded fees may not exceed the client's gain; the losing side also pays the winner's lawyer 10–20 % of the award (honorários de sucumbência, CPC art. 85 §2, which belong to the lawyer, Lei 8.906/1994 art. 23); free justice (gratuidade, CPC art. 98) and the Defensoria Pública for those who cannot pay.",
    sources: [
      "https://www.planalto.gov.br/ccivil_03/leis/l8906.htm",
      "https://www.planalto.gov.br/ccivil_03/_ato2015-2018/2015/lei/l13105.htm",
    ],
    checked: true,
    hint: true,
  },
  IN: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "Success-based fees are banned for advocates; road-accident claims go to the Motor Accidents Claims Tribunal, often settled at Lok Adalats; free legal services for eligible people (Legal Services Authorities Act 1987).",
    sources: ["https://nalsa.gov.in/"],
  },
  IE: {
    funding: ["conditionalFee", "legalExpensesInsurance", "agreedFees"],
    summary:
      "'No foal, no fee' is usual (no fee if the claim fails, the normal fee if it succeeds); a fee as a share of the damages is banned (Legal Services Regulation Act 2015 s. 149); most claims go to the Injuries Resolution Board first.",
    sources: ["https://www.irishstatutebook.ie/eli/2015/act/65/section/149/enacted/en/html"],
  },
  NZ: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "Most injuries are covered by ACC, the no-fault scheme, which bars most damages claims (Accident Compensation Act 2001 s. 317); lawyers help with ACC reviews and appeals, on legal aid, hourly or conditional terms.",
    sources: ["https://www.acc.co.nz/", "https://www.justice.govt.nz/courts/going-to-court/legal-aid/"],
  },
  ZA: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees"],
    summary:
      "Road injuries are claimed from the Road Accident Fund; contingency fees are allowed up to 25 % of the award and at most double the normal fee (Contingency Fees Act 66 of 1997); legal insurance plans are common.",
    sources: ["https://www.justice.gov.za/legislation/acts/1997-066.pdf", "https://www.raf.co.za/"],
  },
  KR: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "A retainer (착수금) and a success fee (성공보수) are usual in civil claims; the Korea Legal Aid Corporation helps those with low means.",
    sources: ["https://www.klac.or.kr/"],
  },
  PT: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "Quota litis is banned, a success bonus on top of a fee is allowed; proteção jurídica insurance, and apoio judiciário (Lei 34/2004) for those with low means.",
    sources: ["https://portal.oa.pt/"],
  },
  BE: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "Pactum de quota litis is banned; legal expenses insurance (protection juridique / rechtsbijstand) is common; the losing side pays a fixed procedural indemnity (Code judiciaire art. 1022); second-line legal aid for those with low means.",
    sources: ["https://avocats.be/"],
  },
  CH: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "The liable party's insurer usually pays necessary pre-trial lawyer costs as part of the damages; legal expenses insurance is widespread; unentgeltliche Rechtspflege (ZPO art. 117) for those with low means; a share of the result is banned (BGFA art. 12(e)).",
    sources: ["https://www.sav-fsa.ch/"],
  },
  PL: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A fee depending only on the result is banned, a success fee on top of a base fee is allowed; the losing side repays costs at the statutory rates; a court-appointed lawyer for those who cannot pay.",
    sources: ["https://www.adwokatura.pl/"],
  },
  TR: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "A share of the award up to 25 % may be agreed in writing (Avukatlık Kanunu art. 164); adli yardım (HMK arts. 334–340) for those who cannot pay.",
    sources: ["https://www.mevzuat.gov.tr/"],
  },
  AT: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "The liable party's insurer pays necessary pre-trial lawyer costs as part of the damages; Rechtsschutzversicherung is common; Verfahrenshilfe (ZPO §§ 63 ff.) for those with low means; quota litis is void.",
    sources: ["https://www.ris.bka.gv.at/"],
  },
  SE: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "In traffic injuries the motor insurer usually pays reasonable costs of the injured person's lawyer; rättsskydd in home insurance covers court disputes; rättshjälp (rättshjälpslagen 1996:1619) as a last resort.",
    sources: ["https://www.advokatsamfundet.se/"],
  },
  AR: {
    funding: ["contingency", "agreedFees"],
    summary:
      "Pacto de cuota litis up to 40 % of the result (20 % in labour claims; Ley 27.423 art. 4); court costs usually follow the loser.",
    sources: ["https://www.argentina.gob.ar/normativa"],
  },
  NG: {
    funding: ["contingency", "agreedFees"],
    summary: "Contingency fees are allowed if reasonable and in writing (RPC 2007 r. 50).",
    sources: ["https://www.nigerianbar.org.ng/"],
  },
  SG: {
    funding: ["agreedFees"],
    summary:
      "Contingency fees are banned (Legal Profession Act 1966 s. 107); injury work is charged by agreed fees, and the winning side recovers part of its costs from the loser.",
    sources: ["https://sso.agc.gov.sg/Act/LPA1966"],
  },
  NO: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "In personal-injury claims the insurer usually pays the injured person's necessary lawyer costs as part of the claim; rettshjelpsforsikring in home insurance; fri rettshjelp for those with low means.",
    sources: ["https://www.advokatforeningen.no/"],
  },
  DK: {
    funding: ["otherSideInsurer", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "Insurers often pay reasonable lawyer costs in personal-injury claims; retshjælpsforsikring in home insurance; fri proces for those with low means; a share of the result is banned.",
    sources: ["https://www.advokatsamfundet.dk/"],
  },
  HK: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "Contingency fees are banned in litigation; the Legal Aid Department, with its Supplementary Legal Aid Scheme, funds many personal-injury claims.",
    sources: ["https://www.lad.gov.hk/"],
  },
  PH: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "Contingency fees are allowed if reasonable and in writing; the Public Attorney's Office assists those who cannot pay.",
    sources: ["https://pao.gov.ph/"],
  },
  ID: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "Fees, success fees included, are set by agreement; free legal aid (Law No. 16 of 2011) for the poor.",
    sources: ["https://www.bphn.go.id/"],
  },
  GR: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A result-based fee up to 20 % of the award may be agreed (Lawyers' Code art. 59); legal aid (Law 3226/2004) for those with low means.",
    sources: ["https://www.dsa.gr/"],
  },
  CL: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "Cuota litis is usual in damage claims; the Corporaciones de Asistencia Judicial give free legal help.",
    sources: ["https://www.bcn.cl/leychile"],
  },
  CO: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "Cuota litis is usual in damage claims; amparo de pobreza (Código General del Proceso arts. 151–158) for those who cannot pay.",
    sources: ["https://www.funcionpublica.gov.co/eva/gestornormativo/"],
  },
  FI: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "Oikeusturvavakuutus in home insurance pays most litigation costs; public legal aid (oikeusapu) by means; result-based fees only within reason.",
    sources: ["https://www.finlex.fi/"],
  },
  CZ: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A quota litis fee up to 25 % of the value obtained is allowed (ČAK code art. 10(5)); legal expenses insurance; the Czech Bar appoints a lawyer for free or at a reduced fee for those who cannot pay.",
    sources: ["https://www.cak.cz/"],
  },
  HU: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary: "Success fees are allowed by written agreement; state legal aid for those with low means.",
    sources: ["https://www.magyarugyvedikamara.hu/"],
  },
  RO: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "Quota litis is banned, a success fee on top of a fee is allowed; ajutor public judiciar (OUG 51/2008) for those with low means.",
    sources: ["https://www.unbr.ro/"],
  },
  KE: {
    funding: ["agreedFees"],
    summary:
      "An agreement giving the advocate a share of the proceeds is void (Advocates Act s. 46); fees follow the Advocates Remuneration Order.",
    sources: ["https://kenyalaw.org/"],
  },
  MY: {
    funding: ["agreedFees"],
    summary:
      "Contingency fees are banned (Legal Profession Act 1976 s. 112); fees are agreed or taxed by scale.",
    sources: ["https://www.malaysianbar.org.my/"],
  },
  VN: {
    funding: ["contingency", "agreedFees"],
    summary: "Fees by result are allowed in civil cases (Law on Lawyers art. 55).",
    sources: ["https://thuvienphapluat.vn/"],
  },
  PE: {
    funding: ["contingency", "agreedFees"],
    summary: "Cuota litis is allowed if fair (Código de Ética del Abogado art. 43).",
    sources: ["https://www.gob.pe/"],
  },
  GH: {
    funding: ["agreedFees"],
    summary:
      "Contingency fees are limited by the professional rules (L.I. 2423); fees are agreed in writing.",
    sources: ["https://www.ghanabar.org/"],
  },
  MA: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "A fee fixed only by the result is banned (loi 28-08 art. 45); assistance judiciaire for those who cannot pay.",
    sources: ["https://www.sgg.gov.ma/"],
  },
  SK: {
    funding: ["contingency", "legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A share-of-result fee up to 20 % of the value is allowed (Vyhláška 655/2004 § 4(3)); the Centre for Legal Aid helps those with low means.",
    sources: ["https://www.sak.sk/"],
  },
  HR: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "A success fee up to 30 % of the value obtained is allowed (the bar's tariff); free legal aid by means.",
    sources: ["https://www.hok-cba.hr/"],
  },
  RS: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary:
      "A success fee up to 30 % of the value obtained is allowed; free legal aid (law of 2018) by means.",
    sources: ["https://www.aks.org.rs/"],
  },
  CR: {
    funding: ["contingency", "agreedFees"],
    summary: "Cuota litis is allowed by agreement (the bar's fee tariff, art. 5).",
    sources: ["https://www.abogados.or.cr/"],
  },
  SI: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A result-based fee only as a supplement within the tariff; brezplačna pravna pomoč (free legal aid) by means.",
    sources: ["https://www.odv-zbornica.si/"],
  },
  LV: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "A fee depending only on the result is banned; state-ensured legal aid for those with low means.",
    sources: ["https://www.advokatura.lv/"],
  },
  EE: {
    funding: ["contingency", "agreedFees", "legalAid"],
    summary: "Success fees are allowed if reasonable (Bar Association Act § 45); state legal aid by means.",
    sources: ["https://www.advokatuur.ee/"],
  },
  LU: {
    funding: ["legalExpensesInsurance", "agreedFees", "legalAid"],
    summary:
      "A fee fixed only by the outcome is banned; legal expenses insurance; assistance judiciaire by means.",
    sources: ["https://www.barreau.lu/"],
  },
  SN: {
    funding: ["agreedFees"],
    summary: "A fee fixed only by the result is banned (UEMOA Regulation 05/CM/UEMOA of 2014, art. 47).",
    sources: ["https://www.uemoa.int/"],
  },
  JM: {
    funding: ["contingency", "agreedFees"],
    summary:
      "Contingency fees are allowed if fair and in writing (Canons of Professional Ethics, Canon IV(p)).",
    sources: ["https://www.glc.gov.jm/"],
  },
  IS: {
    funding: ["agreedFees", "legalAid"],
    summary:
      "A fee as a share of the result only exceptionally; gjafsókn (state-paid litigation) for those with low means.",
    sources: ["https://www.lmfi.is/"],
  },
  AE: {
    funding: ["contingency", "agreedFees"],
    summary:
      "Since 2 January 2023 a written fee as a percentage of the award, at most 25 % and not due if the case is lost, is allowed (Federal Decree-Law No. 34 of 2022); otherwise fixed fees.",
    sources: ["https://uaelegislation.gov.ae/en/legislations/1566"],
  },
  SA: {
    funding: ["agreedFees"],
    summary:
      "Fees are set by written agreement; taking an interest in the disputed right is prohibited (Law of Legal Practice art. 26).",
    sources: ["https://laws.boe.gov.sa/"],
  },
  EG: {
    funding: ["contingency", "agreedFees"],
    summary: "A fee may depend on the result, at most 20 % of the award (Advocacy Law 17 of 1983 art. 82).",
    sources: [],
  },
  QA: {
    funding: ["agreedFees"],
    summary:
      "Fees are agreed in writing; acquiring a share of the disputed right is prohibited (Law No. 23 of 2006).",
    sources: ["https://www.almeezan.qa/"],
  },
  IL: {
    funding: ["contingency", "agreedFees"],
    summary:
      "Fees as a percentage of the compensation are usual; in road-accident claims they are capped at 8 % (settlement without proceedings), 11 % (settlement in court) and 13 % (judgment), plus VAT.",
    sources: ["https://www.nevo.co.il/law_html/law00/4407.htm"],
  },
  KW: {
    funding: ["agreedFees"],
    summary:
      "Fees are agreed in writing; acquiring a share of the disputed right is prohibited (Law No. 42 of 1964).",
    sources: [],
  },
};
