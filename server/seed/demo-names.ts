/**
 * Names, firm-name templates and text helpers of the demo data (issue 2 §2): Japanese and Korean
 * name and street lists, firm templates per language, Greek transliteration, repair of
 * double-encoded locale text and ASCII slugs for emails and domains. Used by generate.ts.
 */
import type { FirmLang } from "./demo-places.ts";

/** Common Japanese family names (romanised), for lawyers in Japan. */
export const JA_SURNAMES = [
  "Sato",
  "Suzuki",
  "Takahashi",
  "Tanaka",
  "Watanabe",
  "Ito",
  "Yamamoto",
  "Nakamura",
  "Kobayashi",
  "Kato",
  "Yoshida",
  "Yamada",
  "Sasaki",
  "Yamaguchi",
  "Matsumoto",
  "Inoue",
  "Kimura",
  "Hayashi",
  "Shimizu",
  "Saito",
  "Ōno",
  "Ōta",
  "Mori",
  "Ikeda",
  "Hashimoto",
];
/** Common Japanese given names (romanised). */
export const JA_GIVEN = [
  "Hiroshi",
  "Takashi",
  "Kenji",
  "Yuki",
  "Akira",
  "Haruka",
  "Yui",
  "Aiko",
  "Naoki",
  "Satoshi",
  "Kazuki",
  "Emi",
  "Mai",
  "Sakura",
  "Daisuke",
  "Keiko",
  "Tomoko",
  "Shōta",
  "Ryō",
  "Yōko",
  "Kenta",
  "Misaki",
];
/** Japanese ward and district names (romanised), for addresses in Japan. */
export const JA_AREAS = [
  "Chuo",
  "Nishi",
  "Higashi",
  "Kita",
  "Minami",
  "Sakae",
  "Hon",
  "Shin",
  "Marunouchi",
  "Kanda",
];
/** Korean street names (romanised), for addresses in South Korea. */
export const KO_STREETS = [
  "Sejong-daero",
  "Teheran-ro",
  "Gangnam-daero",
  "Jong-ro",
  "Eulji-ro",
  "Toegye-ro",
  "Hangang-daero",
  "Olympic-ro",
  "Jungang-daero",
];

/** Firm name templates per language ({A}, {B}: surnames). English ones are used everywhere. */
export const EN_FIRMS = [
  "{A} & {B} LLP",
  "{A} Injury Law",
  "{A} Law Group",
  "{A} & {B} Personal Injury Lawyers",
  "{A} Legal",
  "{A}, {B} & Partners",
  "{A} Accident Law",
];
/** Firm name templates of solicitors (UK, Ireland and other common-law countries). */
export const SOLICITOR_FIRMS = ["{A} & {B} Solicitors", "{A} Injury Solicitors", "{A} Solicitors"];
/** Firm name templates in the local language, by language. */
export const LOCAL_FIRMS: Partial<Record<FirmLang, string[]>> = {
  en: ["{A} Injury Lawyers", "{A} & Associates", "{A} Trial Lawyers"],
  de: ["Kanzlei {A}", "{A} & {B} Rechtsanwälte", "{A} & Partner", "Rechtsanwaltskanzlei {A}"],
  fr: ["Cabinet {A}", "{A} & {B} Avocats", "{A} Avocats Associés"],
  nl: ["{A} Advocaten", "{A} & {B} Advocaten", "Advocatenkantoor {A}"],
  es: ["{A} Abogados", "Bufete {A}", "{A} & {B} Abogados"],
  it: ["Studio Legale {A}", "{A} & {B} Avvocati"],
  pt: ["{A} Advogados", "{A} & {B} Sociedade de Advogados"],
  sv: ["Advokatfirman {A}", "{A} & {B} Advokatbyrå"],
  no: ["Advokatfirmaet {A}", "{A} & {B} Advokater"],
  da: ["Advokatfirmaet {A}", "{A} & {B} Advokater"],
  fi: ["Asianajotoimisto {A}"],
  pl: ["Kancelaria Prawna {A}", "{A} i {B} Kancelaria Adwokacka"],
  cs: ["Advokátní kancelář {A}"],
  sk: ["Advokátska kancelária {A}"],
  hu: ["{A} Ügyvédi Iroda", "{A} és {B} Ügyvédi Iroda"],
  ro: ["Cabinet de Avocat {A}", "{A} & {B} Avocați"],
  hr: ["Odvjetnički ured {A}"],
  sl: ["Odvetniška pisarna {A}"],
  sr: ["Advokatska kancelarija {A}"],
  tr: ["{A} Hukuk Bürosu", "{A} & {B} Avukatlık"],
  lv: ["Zvērinātu advokātu birojs {A}"],
  el: ["{A} & {B} Dikigorikí Etaireía", "{A} Law Office"],
  ja: ["{A} Law Office", "{A} & {B} Law Offices", "{A} Sogo Law Office"],
  ar: ["{A} Advocates & Legal Consultants", "{A} & {B} Advocates", "{A} Law Firm"],
  ko: ["{A} & {B} Law Firm", "Law Firm {A}"],
  et: ["Advokaadibüroo {A}", "{A} & {B} Advokaadibüroo", "Advokaadibüroo {A} & Partnerid"],
  // Icelandic firms are not named after patronymics: fictional firm names in the country's style.
  is: [
    "Bótaréttur lögmannsstofa",
    "Lögvernd lögmenn",
    "Réttarstoð lögmannsstofa",
    "Lögsýn slf.",
    "Slysabætur lögmenn",
    "Málsvörn lögmannsstofa",
  ],
  he: ["{A}, {B} & Co. Law Offices", "{A} & Co., Law Offices", "{A} Law Offices"],
  id: ["Kantor Hukum {A}", "{A} & {B} Law Firm"],
  vi: ["Công ty Luật {A}", "{A} Law Firm"],
};

/** Greek letters to Latin (simplified ELOT 743), for transliterateGreek. */
export const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

/** Latin transliteration of Greek text (simplified ELOT 743), e.g. "Αποστόλου" -> "Apostolou". */
export function transliterateGreek(text: string): string {
  const plain = text.normalize("NFD").replace(/\p{M}/gu, "");
  return plain.replace(/[\u0370-\u03ff]+/g, (word) => {
    const lower = word.toLowerCase().replace(/ου/g, "ou").replace(/αυ/g, "av").replace(/ευ/g, "ev");
    let out = "";
    for (const ch of lower) out += GREEK[ch] ?? ch;
    return word[0] === word[0]?.toLowerCase() ? out : out.charAt(0).toUpperCase() + out.slice(1);
  });
}

/**
 * Repairs UTF-8 text that a locale file stored double-encoded ("Ã\u0096mer" -> "Ömer"), and the
 * Greek ε that faker's en_GH names use for the Akan letter ɛ ("Akyerεko" -> "Akyerɛko").
 */
export function fixMojibake(text: string): string {
  if (text.includes("ε")) return fixMojibake(text.replaceAll("ε", "ɛ"));
  if (!/[ÃÅÄ][\u0080-\u00bf]/.test(text)) return text;
  const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return decoded.includes("\ufffd") ? text : decoded;
}

/** ASCII slug for emails and domains: "Müller & Söhne" -> "muller-sohne", "Þórðarson" -> "thordarson". */
export function slug(text: string): string {
  return text
    .replace(/ß/g, "ss")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .replace(/[łŁ]/g, "l")
    .replace(/[đĐðÐ]/g, "d")
    .replace(/[þÞ]/g, "th")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A name in its own script with the Latin spelling used for emails and web addresses. */
export type ScriptName = readonly [native: string, latin: string];

/** Common Japanese family names in kanji with their Hepburn spelling (family name first in Japan). */
export const JA_FAMILY: readonly ScriptName[] = [
  ["佐藤", "Sato"],
  ["鈴木", "Suzuki"],
  ["高橋", "Takahashi"],
  ["田中", "Tanaka"],
  ["渡辺", "Watanabe"],
  ["伊藤", "Ito"],
  ["山本", "Yamamoto"],
  ["中村", "Nakamura"],
  ["小林", "Kobayashi"],
  ["加藤", "Kato"],
  ["吉田", "Yoshida"],
  ["山田", "Yamada"],
  ["佐々木", "Sasaki"],
  ["山口", "Yamaguchi"],
  ["松本", "Matsumoto"],
  ["井上", "Inoue"],
  ["木村", "Kimura"],
  ["林", "Hayashi"],
  ["清水", "Shimizu"],
  ["斎藤", "Saito"],
  ["大野", "Ono"],
  ["太田", "Ota"],
  ["森", "Mori"],
  ["池田", "Ikeda"],
  ["橋本", "Hashimoto"],
];
/** Japanese given names in kanji (or kana) with their Hepburn spelling, [male, female]. */
export const JA_GIVEN_SCRIPT: { male: readonly ScriptName[]; female: readonly ScriptName[] } = {
  male: [
    ["太郎", "Taro"],
    ["浩", "Hiroshi"],
    ["隆", "Takashi"],
    ["健二", "Kenji"],
    ["明", "Akira"],
    ["直樹", "Naoki"],
    ["聡", "Satoshi"],
    ["一輝", "Kazuki"],
    ["大輔", "Daisuke"],
    ["翔太", "Shota"],
    ["健太", "Kenta"],
    ["誠", "Makoto"],
  ],
  female: [
    ["花子", "Hanako"],
    ["由紀", "Yuki"],
    ["遥", "Haruka"],
    ["結衣", "Yui"],
    ["愛子", "Aiko"],
    ["恵美", "Emi"],
    ["舞", "Mai"],
    ["さくら", "Sakura"],
    ["恵子", "Keiko"],
    ["智子", "Tomoko"],
    ["洋子", "Yoko"],
    ["美咲", "Misaki"],
  ],
};

/** Arabic given names in Arabic script with a common Latin spelling, [male, female]. */
export const AR_GIVEN: { male: readonly ScriptName[]; female: readonly ScriptName[] } = {
  male: [
    ["محمد", "Mohammed"],
    ["أحمد", "Ahmed"],
    ["علي", "Ali"],
    ["عمر", "Omar"],
    ["خالد", "Khaled"],
    ["يوسف", "Youssef"],
    ["عبدالله", "Abdullah"],
    ["حسن", "Hassan"],
    ["سعيد", "Saeed"],
    ["فيصل", "Faisal"],
    ["ماجد", "Majed"],
    ["طارق", "Tarek"],
    ["إبراهيم", "Ibrahim"],
    ["سلطان", "Sultan"],
  ],
  female: [
    ["فاطمة", "Fatima"],
    ["مريم", "Mariam"],
    ["نورة", "Noura"],
    ["سارة", "Sara"],
    ["ليلى", "Layla"],
    ["هدى", "Huda"],
    ["ريم", "Reem"],
    ["آمنة", "Amna"],
    ["منى", "Mona"],
    ["دينا", "Dina"],
    ["هند", "Hind"],
    ["لطيفة", "Latifa"],
  ],
};

/** Family names in Arabic script with a Latin spelling: Gulf tribal and family names, and Egyptian ones. */
export const AR_FAMILY: { gulf: readonly ScriptName[]; egypt: readonly ScriptName[] } = {
  gulf: [
    ["العتيبي", "Al-Otaibi"],
    ["القحطاني", "Al-Qahtani"],
    ["الشمري", "Al-Shammari"],
    ["الدوسري", "Al-Dosari"],
    ["الحربي", "Al-Harbi"],
    ["الزهراني", "Al-Zahrani"],
    ["الغامدي", "Al-Ghamdi"],
    ["المطيري", "Al-Mutairi"],
    ["الكعبي", "Al-Kaabi"],
    ["المنصوري", "Al-Mansoori"],
    ["الهاشمي", "Al-Hashimi"],
    ["النعيمي", "Al-Nuaimi"],
    ["الكواري", "Al-Kuwari"],
    ["العنزي", "Al-Enezi"],
    ["الرشيدي", "Al-Rashidi"],
    ["الصباح", "Al-Sabah"],
  ],
  egypt: [
    ["حسن", "Hassan"],
    ["إبراهيم", "Ibrahim"],
    ["مصطفى", "Mostafa"],
    ["عبد الرحمن", "Abdelrahman"],
    ["السيد", "El-Sayed"],
    ["محمود", "Mahmoud"],
    ["فهمي", "Fahmy"],
    ["سليمان", "Soliman"],
    ["الشريف", "El-Sherif"],
    ["عثمان", "Osman"],
    ["منصور", "Mansour"],
    ["رزق", "Rizk"],
    ["عبد العزيز", "Abdelaziz"],
    ["النجار", "El-Naggar"],
  ],
};

/** Streets of the Arabic-speaking countries (as written on business cards, in Latin script). */
export const AR_STREETS: Record<string, readonly string[]> = {
  AE: [
    "Sheikh Zayed Road",
    "Al Wasl Road",
    "Khalid Bin Al Waleed Road",
    "Corniche Road",
    "Hamdan Street",
    "Al Maktoum Road",
  ],
  SA: [
    "King Fahd Road",
    "Olaya Street",
    "Prince Sultan Street",
    "King Abdulaziz Road",
    "Tahlia Street",
    "Prince Mohammed Bin Abdulaziz Road",
  ],
  EG: [
    "Tahrir Street",
    "Salah Salem Street",
    "Gamal Abdel Nasser Street",
    "26th of July Street",
    "Corniche El Nil",
    "Mohamed Farid Street",
  ],
  QA: ["Al Sadd Street", "Corniche Street", "C Ring Road", "Salwa Road", "Al Rayyan Road"],
  KW: [
    "Gulf Road",
    "Fahad Al-Salem Street",
    "Abdullah Al-Mubarak Street",
    "Jaber Al-Mubarak Street",
    "Ahmad Al-Jaber Street",
  ],
};

/** Firm name templates in the firm's own script: {A}, {B} are family names in that script. */
export const SCRIPT_FIRMS: Partial<Record<FirmLang, string[]>> = {
  ja: ["{A}法律事務所", "{A}・{B}法律事務所", "{A}総合法律事務所"],
  // Greek firms: "Παπαδόπουλος & Συνεργάτες" (& Partners), "Δικηγορική Εταιρεία" (law partnership).
  el: ["{A} & Συνεργάτες", "Δικηγορική Εταιρεία {A} & {B}", "{A} - {B} Δικηγορική Εταιρεία"],
  // Korean solo practices carry the lawyer's full name: "김민준 법률사무소" (law office).
  ko: ["{A} 법률사무소", "법률사무소 {A}"],
  // Israeli firms: "כהן ושות'" (Cohen & Co.), "משרד עורכי דין" (law office).
  he: ["{A} ושות', משרד עורכי דין", "משרד עורכי דין {A}", "{A}, {B} ושות'"],
  ar: [
    "مكتب {A} للمحاماة",
    "{A} و{B} للمحاماة والاستشارات القانونية",
    "مكتب {A} للمحاماة والاستشارات القانونية",
  ],
};

/**
 * Streets of countries without a faker locale of their own (names as the country writes them in
 * Latin letters on a letterhead): Kenya, the Philippines, Morocco (French), Estonia, Iceland, Israel.
 */
export const COUNTRY_STREETS: Record<string, readonly string[]> = {
  KE: [
    "Kenyatta Avenue",
    "Moi Avenue",
    "Ngong Road",
    "Haile Selassie Avenue",
    "Kimathi Street",
    "Waiyaki Way",
    "Oginga Odinga Street",
    "Uhuru Highway",
  ],
  PH: [
    "Ayala Avenue",
    "Rizal Street",
    "Mabini Street",
    "Bonifacio Street",
    "Roxas Boulevard",
    "Quezon Avenue",
    "Osmeña Boulevard",
    "General Luna Street",
  ],
  MA: [
    "Boulevard Mohammed V",
    "Avenue Hassan II",
    "Rue Ibn Batouta",
    "Boulevard Zerktouni",
    "Avenue des FAR",
    "Rue Allal Ben Abdellah",
    "Boulevard Abdelmoumen",
    "Avenue Mohammed VI",
  ],
  EE: ["Pärnu mnt", "Narva mnt", "Tartu mnt", "Rävala pst", "Vabaduse pst", "Kesk tn", "Rüütli tn", "Lai tn"],
  IS: [
    "Laugavegur",
    "Borgartún",
    "Suðurlandsbraut",
    "Hafnarstræti",
    "Skólavörðustígur",
    "Aðalstræti",
    "Strandgata",
    "Austurvegur",
  ],
  IL: [
    "Herzl St",
    "Rothschild Blvd",
    "Jabotinsky St",
    "Ben Yehuda St",
    "Allenby St",
    "Weizmann St",
    "HaNassi Blvd",
    "Derech Menachem Begin",
    "Ibn Gabirol St",
  ],
};
