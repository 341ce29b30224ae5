/**
 * Who admits and registers lawyers in each demo country (issue 15 §2 "Demo data is honest"): one
 * row per country of the demo data (DEMO_COUNTRY_CODES), with the regulator (in its own language
 * where that is how the register names itself), the public register's search page when we know
 * it, and for the federal or devolved countries (US, CA, AU, GB) the regulator of each region.
 *
 * Used only for the seed's made-up check records: their source is "<regulator> (demo record)"
 * and their link goes to the real register's search page (the demo lawyer is not on it). Real
 * registers are the source of truth for a licence ([S20] LSO, [S22] State Bar of California,
 * [S23][S25] SRA, [S27] New York attorney registration open data); Google checks every licence
 * against them [S16], and where no online lookup exists it is done by hand [S18]. A register URL
 * is null when we could not confirm it.
 */

/** A regulator and its public register. */
export interface Regulator {
  name: string;
  registerUrl: string | null;
}

/** The regulators of one country: the default, and per region (the listing's `state`) where it differs. */
export interface CountryRegulators extends Regulator {
  byRegion?: Record<string, Regulator>;
}

const US_LICENSING = "https://www.americanbar.org/groups/legal_services/flh-home/flh-lawyer-licensing/";

/** One row per demo country (ISO 3166-1 alpha-2). */
export const DEMO_REGULATORS: Record<string, CountryRegulators> = {
  US: {
    // States without an entry: the state's highest court admits attorneys; the ABA lists each register.
    name: "Supreme Court attorney register of the state",
    registerUrl: US_LICENSING,
    byRegion: {
      California: {
        name: "State Bar of California",
        registerUrl: "https://apps.calbar.ca.gov/attorney/LicenseeSearch/QuickSearch",
      },
      "New York": {
        name: "New York State Unified Court System, Attorney Registration",
        registerUrl: "https://iapps.courts.state.ny.us/attorneyservices/search",
      },
      Texas: { name: "State Bar of Texas", registerUrl: "https://www.texasbar.com/" },
      Florida: { name: "The Florida Bar", registerUrl: "https://www.floridabar.org/directories/find-mbr/" },
      Illinois: {
        name: "Attorney Registration & Disciplinary Commission of Illinois",
        registerUrl: "https://www.iardc.org/",
      },
      Arizona: { name: "State Bar of Arizona", registerUrl: "https://www.azbar.org/" },
      Georgia: { name: "State Bar of Georgia", registerUrl: "https://www.gabar.org/" },
      Michigan: { name: "State Bar of Michigan", registerUrl: "https://www.michbar.org/" },
      Washington: { name: "Washington State Bar Association", registerUrl: "https://www.wsba.org/" },
      Oregon: { name: "Oregon State Bar", registerUrl: "https://www.osbar.org/" },
    },
  },
  CA: {
    name: "Law Society of Ontario",
    registerUrl:
      "https://lso.ca/public-resources/finding-a-lawyer-or-paralegal/lawyer-and-paralegal-directory",
    byRegion: {
      Quebec: { name: "Barreau du Québec", registerUrl: "https://www.barreau.qc.ca/" },
      Alberta: { name: "Law Society of Alberta", registerUrl: "https://www.lawsociety.ab.ca/" },
      "British Columbia": {
        name: "Law Society of British Columbia",
        registerUrl: "https://www.lawsociety.bc.ca/",
      },
      Manitoba: { name: "Law Society of Manitoba", registerUrl: "https://lawsociety.mb.ca/" },
      Saskatchewan: { name: "Law Society of Saskatchewan", registerUrl: "https://www.lawsociety.sk.ca/" },
      "Nova Scotia": { name: "Nova Scotia Barristers' Society", registerUrl: "https://nsbs.org/" },
      "Newfoundland and Labrador": { name: "Law Society of Newfoundland and Labrador", registerUrl: null },
      "New Brunswick": { name: "Law Society of New Brunswick", registerUrl: null },
    },
  },
  GB: {
    name: "Solicitors Regulation Authority (SRA)",
    registerUrl: "https://www.sra.org.uk/consumers/register/",
    byRegion: {
      Scotland: {
        name: "Law Society of Scotland",
        registerUrl: "https://www.lawscot.org.uk/find-a-solicitor/",
      },
      "Northern Ireland": {
        name: "Law Society of Northern Ireland",
        registerUrl: "https://www.lawsoc-ni.org/",
      },
    },
  },
  AU: {
    name: "Law Society of New South Wales",
    registerUrl: "https://www.lawsociety.com.au/",
    byRegion: {
      Victoria: {
        name: "Victorian Legal Services Board + Commissioner",
        registerUrl: "https://lsbc.vic.gov.au/",
      },
      Queensland: { name: "Queensland Law Society", registerUrl: "https://www.qls.com.au/" },
      "Western Australia": {
        name: "Legal Practice Board of Western Australia",
        registerUrl: "https://www.lpbwa.org.au/",
      },
      "South Australia": { name: "Law Society of South Australia", registerUrl: null },
      "Australian Capital Territory": { name: "ACT Law Society", registerUrl: null },
      Tasmania: { name: "Law Society of Tasmania", registerUrl: null },
    },
  },
  DE: {
    name: "Rechtsanwaltskammer (Bundesweites Amtliches Anwaltsverzeichnis)",
    registerUrl: "https://www.bea-brak.de/bravsearch/",
  },
  FR: {
    name: "Barreau (Conseil national des barreaux)",
    registerUrl: "https://www.cnb.avocat.fr/fr/annuaire-des-avocats-de-france",
  },
  NL: { name: "Nederlandse orde van advocaten", registerUrl: "https://www.advocatenorde.nl/zoeken" },
  JP: { name: "日本弁護士連合会", registerUrl: "https://www.nichibenren.or.jp/" },
  ES: {
    name: "Consejo General de la Abogacía Española",
    registerUrl: "https://www.abogacia.es/servicios/ciudadanos/censo-de-letrados/",
  },
  IT: { name: "Consiglio Nazionale Forense", registerUrl: "https://www.consiglionazionaleforense.it/" },
  MX: {
    name: "Registro Nacional de Profesionistas (SEP, cédula profesional)",
    registerUrl: "https://www.cedulaprofesional.sep.gob.mx/",
  },
  BR: { name: "Ordem dos Advogados do Brasil (OAB)", registerUrl: "https://cna.oab.org.br/" },
  IN: { name: "Bar Council of India", registerUrl: "https://www.barcouncilofindia.org/" },
  IE: { name: "Law Society of Ireland", registerUrl: "https://www.lawsociety.ie/" },
  NZ: { name: "New Zealand Law Society", registerUrl: "https://www.lawsociety.org.nz/" },
  ZA: { name: "Legal Practice Council", registerUrl: "https://lpc.org.za/" },
  KR: { name: "대한변호사협회", registerUrl: "https://www.koreanbar.or.kr/" },
  PT: { name: "Ordem dos Advogados", registerUrl: "https://portal.oa.pt/" },
  BE: { name: "Orde van Vlaamse Balies / avocats.be", registerUrl: null },
  CH: { name: "Kantonales Anwaltsregister", registerUrl: null },
  PL: { name: "Naczelna Rada Adwokacka", registerUrl: "https://rejestradwokatow.pl/" },
  TR: { name: "Türkiye Barolar Birliği", registerUrl: "https://www.barobirlik.org.tr/" },
  AT: { name: "Österreichischer Rechtsanwaltskammertag", registerUrl: "https://www.rechtsanwaelte.at/" },
  SE: { name: "Sveriges advokatsamfund", registerUrl: "https://www.advokatsamfundet.se/" },
  AR: {
    name: "Colegio Público de la Abogacía de la Capital Federal",
    registerUrl: "https://www.cpacf.org.ar/",
  },
  NG: { name: "Nigerian Bar Association", registerUrl: null },
  SG: { name: "Legal Services Regulatory Authority", registerUrl: "https://www.mlaw.gov.sg/lsra/" },
  NO: { name: "Advokattilsynet", registerUrl: null },
  DK: { name: "Advokatsamfundet", registerUrl: "https://www.advokatsamfundet.dk/" },
  HK: { name: "The Law Society of Hong Kong", registerUrl: "https://www.hklawsoc.org.hk/" },
  PH: {
    name: "Supreme Court of the Philippines, Office of the Bar Confidant",
    registerUrl: "https://sc.judiciary.gov.ph/",
  },
  AE: { name: "وزارة العدل (UAE Ministry of Justice)", registerUrl: "https://www.moj.gov.ae/" },
  SA: { name: "وزارة العدل (Saudi Ministry of Justice)", registerUrl: "https://www.moj.gov.sa/" },
  EG: { name: "نقابة المحامين (Egyptian Bar Association)", registerUrl: null },
  ID: { name: "Perhimpunan Advokat Indonesia (PERADI)", registerUrl: null },
  GR: { name: "Δικηγορικός Σύλλογος Αθηνών", registerUrl: "https://www.dsa.gr/" },
  CL: { name: "Corte Suprema de Chile", registerUrl: "https://www.pjud.cl/" },
  CO: {
    name: "Registro Nacional de Abogados (Rama Judicial)",
    registerUrl: "https://sirna.ramajudicial.gov.co/",
  },
  FI: { name: "Suomen Asianajajaliitto", registerUrl: "https://asianajajaliitto.fi/" },
  CZ: { name: "Česká advokátní komora", registerUrl: "https://www.cak.cz/" },
  HU: { name: "Magyar Ügyvédi Kamara", registerUrl: "https://www.magyarugyvedikamara.hu/" },
  RO: { name: "Uniunea Națională a Barourilor din România", registerUrl: "https://www.unbr.ro/" },
  KE: { name: "Law Society of Kenya", registerUrl: "https://lsk.or.ke/" },
  MY: { name: "Malaysian Bar", registerUrl: "https://www.malaysianbar.org.my/" },
  VN: { name: "Liên đoàn Luật sư Việt Nam", registerUrl: null },
  PE: { name: "Colegio de Abogados de Lima", registerUrl: "https://www.cal.org.pe/" },
  IL: { name: "לשכת עורכי הדין בישראל", registerUrl: "https://www.israelbar.org.il/" },
  GH: { name: "General Legal Council", registerUrl: null },
  MA: { name: "Ordre des avocats (Maroc)", registerUrl: null },
  SK: { name: "Slovenská advokátska komora", registerUrl: "https://www.sak.sk/" },
  HR: { name: "Hrvatska odvjetnička komora", registerUrl: "https://www.hok-cba.hr/" },
  RS: { name: "Advokatska komora Srbije", registerUrl: "https://www.aks.org.rs/" },
  CR: { name: "Colegio de Abogados y Abogadas de Costa Rica", registerUrl: "https://www.abogados.or.cr/" },
  QA: { name: "وزارة العدل (Qatar Ministry of Justice)", registerUrl: null },
  KW: { name: "جمعية المحامين الكويتية (Kuwait Bar Association)", registerUrl: null },
  SI: { name: "Odvetniška zbornica Slovenije", registerUrl: "https://www.odv-zbornica.si/" },
  LV: { name: "Latvijas Zvērinātu advokātu padome", registerUrl: "https://www.advokatura.lv/" },
  EE: { name: "Eesti Advokatuur", registerUrl: "https://www.advokatuur.ee/" },
  LU: { name: "Ordre des avocats du Barreau de Luxembourg", registerUrl: "https://www.barreau.lu/" },
  SN: { name: "Ordre des avocats du Sénégal", registerUrl: null },
  JM: { name: "General Legal Council (Jamaica)", registerUrl: null },
  IS: { name: "Lögmannafélag Íslands", registerUrl: "https://www.lmfi.is/" },
};

/**
 * The regulator of a demo listing's jurisdiction: the region's when the table has one, else the
 * country's; a neutral "bar admission authority" for a country not in the table (never thrown).
 */
export function regulatorFor(countryCode: string, region: string | null | undefined): Regulator {
  const c = DEMO_REGULATORS[countryCode];
  if (!c) return { name: "Bar admission authority", registerUrl: null };
  const r = region ? c.byRegion?.[region] : undefined;
  if (r) return r;
  if (countryCode === "US" && region)
    return { name: `Supreme Court of ${region} (attorney register)`, registerUrl: US_LICENSING };
  return { name: c.name, registerUrl: c.registerUrl };
}
