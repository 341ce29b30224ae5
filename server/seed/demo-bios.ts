/**
 * Demo bios in the country's language (issue 14 §4): German, French, Spanish, Portuguese, Dutch,
 * Japanese and Arabic for the countries that speak them, English elsewhere. Each bio names the
 * lawyer, the city, the years of practice and the practice areas (in that language), and its fee
 * sentence follows the country's rule (./demo-fees.ts): a contingency fee is promised only where
 * it is allowed, and with the cap where one applies.
 */
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import type { FeeRule } from "./demo-fees.ts";

/** Languages the demo bios are written in. */
export type BioLang = "en" | "de" | "fr" | "es" | "pt" | "nl" | "ja" | "ar";

type Area = (typeof PRACTICE_AREAS)[number];

/** The practice areas in each bio language, as they appear inside a sentence. */
export const BIO_AREA_NAMES: Record<BioLang, Record<Area, string>> = {
  en: Object.fromEntries(PRACTICE_AREAS.map((a) => [a, a.toLowerCase()])) as Record<Area, string>,
  de: {
    "Car Accidents": "Verkehrsunfälle",
    "Medical Malpractice": "Arzthaftung",
    "Workplace Injury": "Arbeitsunfälle",
    "Slip & Fall": "Sturzunfälle",
    "Product Liability": "Produkthaftung",
    "Motorcycle Accidents": "Motorradunfälle",
    "Wrongful Death": "Hinterbliebenenansprüche",
    "Dog Bites": "Hundebisse",
    "Premises Liability": "Verkehrssicherungspflichten",
    "Birth Injury": "Geburtsschäden",
    "Defective Drugs": "Arzneimittelschäden",
    "Mass Torts": "Massenschäden",
  },
  fr: {
    "Car Accidents": "accidents de la route",
    "Medical Malpractice": "responsabilité médicale",
    "Workplace Injury": "accidents du travail",
    "Slip & Fall": "chutes",
    "Product Liability": "produits défectueux",
    "Motorcycle Accidents": "accidents de moto",
    "Wrongful Death": "décès accidentels",
    "Dog Bites": "morsures de chien",
    "Premises Liability": "responsabilité des propriétaires",
    "Birth Injury": "préjudices liés à la naissance",
    "Defective Drugs": "médicaments défectueux",
    "Mass Torts": "actions de groupe",
  },
  es: {
    "Car Accidents": "accidentes de tráfico",
    "Medical Malpractice": "negligencias médicas",
    "Workplace Injury": "accidentes laborales",
    "Slip & Fall": "caídas",
    "Product Liability": "productos defectuosos",
    "Motorcycle Accidents": "accidentes de moto",
    "Wrongful Death": "muertes por negligencia",
    "Dog Bites": "mordeduras de perro",
    "Premises Liability": "responsabilidad de propietarios",
    "Birth Injury": "lesiones en el parto",
    "Defective Drugs": "medicamentos defectuosos",
    "Mass Torts": "demandas colectivas",
  },
  pt: {
    "Car Accidents": "acidentes de trânsito",
    "Medical Malpractice": "erro médico",
    "Workplace Injury": "acidentes de trabalho",
    "Slip & Fall": "quedas",
    "Product Liability": "produtos defeituosos",
    "Motorcycle Accidents": "acidentes de moto",
    "Wrongful Death": "morte por negligência",
    "Dog Bites": "mordidas de cães",
    "Premises Liability": "responsabilidade de proprietários",
    "Birth Injury": "lesões no parto",
    "Defective Drugs": "medicamentos defeituosos",
    "Mass Torts": "ações coletivas",
  },
  nl: {
    "Car Accidents": "verkeersongevallen",
    "Medical Malpractice": "medische fouten",
    "Workplace Injury": "arbeidsongevallen",
    "Slip & Fall": "val- en glijongevallen",
    "Product Liability": "productaansprakelijkheid",
    "Motorcycle Accidents": "motorongevallen",
    "Wrongful Death": "overlijdensschade",
    "Dog Bites": "hondenbeten",
    "Premises Liability": "aansprakelijkheid voor gebouwen",
    "Birth Injury": "geboorteletsel",
    "Defective Drugs": "schadelijke geneesmiddelen",
    "Mass Torts": "massaschade",
  },
  ja: {
    "Car Accidents": "交通事故",
    "Medical Malpractice": "医療過誤",
    "Workplace Injury": "労働災害",
    "Slip & Fall": "転倒事故",
    "Product Liability": "製造物責任",
    "Motorcycle Accidents": "バイク事故",
    "Wrongful Death": "死亡事故",
    "Dog Bites": "犬の咬傷事故",
    "Premises Liability": "施設の管理責任",
    "Birth Injury": "出産事故",
    "Defective Drugs": "薬害",
    "Mass Torts": "集団訴訟",
  },
  ar: {
    "Car Accidents": "حوادث السيارات",
    "Medical Malpractice": "الأخطاء الطبية",
    "Workplace Injury": "إصابات العمل",
    "Slip & Fall": "حوادث الانزلاق والسقوط",
    "Product Liability": "مسؤولية المنتجات",
    "Motorcycle Accidents": "حوادث الدراجات النارية",
    "Wrongful Death": "دعاوى الوفاة",
    "Dog Bites": "عضات الكلاب",
    "Premises Liability": "مسؤولية مالكي العقارات",
    "Birth Injury": "إصابات الولادة",
    "Defective Drugs": "الأدوية المعيبة",
    "Mass Torts": "الدعاوى الجماعية",
  },
};

/** What a bio says about one lawyer. */
export interface BioFacts {
  name: string;
  city: string;
  region: string;
  firm: string;
  years: number;
  female: boolean;
  areas: readonly string[];
  fee: FeeRule;
}

/** Sentence variants per language; {N} name, {C} city, {R} region, {F} firm, {Y} years, {A} areas. */
const TEXT: Record<
  BioLang,
  {
    intro: string[];
    focus: string[];
    fee: Record<"contingency" | "capped" | "agreed", string>;
    extra: string[];
  }
> = {
  en: {
    intro: [
      "{N} is a personal injury lawyer in {C} with {Y} of experience.",
      "{N} has represented personal injury victims in {C} and across {R} for {Y}.",
      "With {Y} in personal injury law, {N} helps clients in {C} recover what they are owed.",
    ],
    focus: [
      "The practice focuses on {A} cases.",
      "{F} handles {A} claims from first consultation to settlement or trial.",
      "Core areas: {A}.",
    ],
    fee: {
      contingency: "Initial consultations are free, and most cases are taken on a contingency fee.",
      capped: "Success-based fees are available within the limits set by law.",
      agreed: "Fees are agreed in writing before work starts, as the local bar rules require.",
    },
    extra: [
      "Clients value clear, regular updates and careful preparation for trial.",
      "Every case gets a written plan and a direct line to the lawyer handling it.",
      "Home and hospital visits can be arranged for clients who cannot travel.",
    ],
  },
  de: {
    intro: [
      "{N} ist {L} für Personenschäden in {C} mit {Y} Berufserfahrung.",
      "Seit {Y} vertritt {N} Geschädigte nach Unfällen in {C} und ganz {R}.",
    ],
    focus: [
      "Schwerpunkte: {A}.",
      "{F} betreut Mandate in den Bereichen {A} von der Erstberatung bis zum Urteil.",
    ],
    fee: {
      contingency: "Die Erstberatung ist kostenlos.",
      capped: "Die Vergütung richtet sich nach dem RVG oder einer schriftlichen Vereinbarung.",
      agreed:
        "Die Vergütung richtet sich nach dem RVG oder einer schriftlichen Vereinbarung; Rechtsschutzversicherungen werden abgerechnet.",
    },
    extra: [
      "Mandanten schätzen klare Kommunikation und regelmäßige Updates.",
      "Hausbesuche und Termine im Krankenhaus sind möglich.",
    ],
  },
  fr: {
    intro: [
      "{N} est {L} en dommage corporel à {C}, avec {Y} d'expérience.",
      "Depuis {Y}, {N} défend les victimes d'accidents à {C} et dans toute la région {R}.",
    ],
    focus: [
      "Domaines d'intervention : {A}.",
      "{F} traite les dossiers suivants : {A}, de la première consultation au procès.",
    ],
    fee: {
      contingency:
        "La première consultation est gratuite et la plupart des dossiers sont traités avec des honoraires conditionnels.",
      capped: "Les honoraires de résultat sont possibles dans les limites prévues par la loi.",
      agreed:
        "Les honoraires sont fixés dans une convention d'honoraires écrite, conformément aux règles du barreau.",
    },
    extra: [
      "Les clients apprécient un suivi clair et régulier de leur dossier.",
      "Des rendez-vous à domicile ou à l'hôpital sont possibles.",
    ],
  },
  es: {
    intro: [
      "{N} es {L} de lesiones personales en {C}, con {Y} de experiencia.",
      "Desde hace {Y}, {N} representa a víctimas de accidentes en {C} y en todo {R}.",
    ],
    focus: [
      "Áreas principales: {A}.",
      "{F} lleva casos de {A} desde la primera consulta hasta la sentencia.",
    ],
    fee: {
      contingency:
        "La primera consulta es gratuita y la mayoría de los casos se llevan con honorarios de cuota litis.",
      capped: "Se ofrecen honorarios de éxito dentro de los límites que fija la ley.",
      agreed:
        "Los honorarios se pactan por escrito antes de empezar, según las normas del colegio de abogados.",
    },
    extra: [
      "Los clientes valoran la comunicación clara y constante.",
      "Se pueden concertar visitas a domicilio o en el hospital.",
    ],
  },
  pt: {
    intro: [
      "{N} é {L} de danos pessoais em {C}, com {Y} de experiência.",
      "Há {Y}, {N} representa vítimas de acidentes em {C} e na região de {R}.",
    ],
    focus: ["Áreas de atuação: {A}.", "{F} acompanha casos de {A} da primeira consulta até a sentença."],
    fee: {
      contingency:
        "A primeira consulta é gratuita e a maioria dos casos é conduzida com honorários de êxito.",
      capped: "Honorários de êxito são possíveis dentro dos limites da lei.",
      agreed:
        "Os honorários são acordados por escrito antes do início, conforme as regras da Ordem dos Advogados.",
    },
    extra: [
      "Os clientes valorizam uma comunicação clara e regular.",
      "Visitas ao domicílio ou ao hospital podem ser combinadas.",
    ],
  },
  nl: {
    intro: [
      "{N} is letselschadeadvocaat in {C} met {Y} ervaring.",
      "Al {Y} staat {N} slachtoffers van ongevallen bij in {C} en heel {R}.",
    ],
    focus: [
      "Specialisaties: {A}.",
      "{F} behandelt zaken over {A}, van het eerste gesprek tot de rechtszaak.",
    ],
    fee: {
      contingency: "Het eerste gesprek is gratis.",
      capped: "Een resultaatafhankelijke beloning is mogelijk binnen de wettelijke grenzen.",
      agreed:
        "De kosten worden vooraf schriftelijk afgesproken; letselschadekosten worden vaak op de aansprakelijke partij verhaald.",
    },
    extra: [
      "Cliënten waarderen heldere en regelmatige updates.",
      "Een huisbezoek of bezoek in het ziekenhuis is mogelijk.",
    ],
  },
  ja: {
    intro: [
      "{N}弁護士は{C}を拠点に{Y}の経験を持つ人身傷害専門の弁護士です。",
      "{N}弁護士は{Y}にわたり{C}および{R}で事故の被害者を支援してきました。",
    ],
    focus: ["主な取扱分野：{A}。", "{F}では{A}の案件を初回相談から解決まで担当します。"],
    fee: {
      contingency: "初回相談は無料で、着手金無料・成功報酬型のご依頼にも対応しています。",
      capped: "成功報酬は法令の範囲内で設定します。",
      agreed: "弁護士費用はご依頼前に書面で取り決めます。",
    },
    extra: ["丁寧で分かりやすい説明を心がけています。", "ご自宅や病院への出張相談も可能です。"],
  },
  ar: {
    intro: [
      "{N} {L} في قضايا الإصابات الشخصية في {C}، بخبرة {Y}.",
      "{V} {N} ضحايا الحوادث في {C} وفي أنحاء {R} منذ {Y}.",
    ],
    focus: ["مجالات التخصص: {A}.", "يتولى {F} قضايا {A} من الاستشارة الأولى حتى صدور الحكم."],
    fee: {
      contingency: "الاستشارة الأولى مجانية.",
      capped: "يمكن ربط الأتعاب بالنتيجة في الحدود التي يسمح بها القانون.",
      agreed: "تُحدَّد الأتعاب في اتفاق مكتوب قبل بدء العمل وفقاً لأنظمة المهنة.",
    },
    extra: [
      "يحرص المكتب على إطلاع الموكلين على سير قضاياهم بانتظام.",
      "يمكن ترتيب زيارات في المنزل أو المستشفى.",
    ],
  },
};

/** The word for the lawyer in the intro, [male, female]. */
const LAWYER_WORD: Partial<Record<BioLang, [string, string]>> = {
  de: ["Rechtsanwalt", "Rechtsanwältin"],
  fr: ["avocat", "avocate"],
  es: ["abogado", "abogada"],
  pt: ["advogado", "advogada"],
  ar: ["محامٍ متخصص", "محامية متخصصة"],
};

/** The fee sentences of each bio language (tests check that a contingency promise appears only where allowed). */
export function feeSentences(lang: BioLang): Readonly<Record<"contingency" | "capped" | "agreed", string>> {
  return TEXT[lang].fee;
}

/** "12 years" in each language (Japanese and Arabic without plural rules of their own here). */
function yearsText(lang: BioLang, y: number): string {
  switch (lang) {
    case "de":
      return `${y} ${y === 1 ? "Jahr" : "Jahren"}`;
    case "fr":
      return `${y} an${y === 1 ? "" : "s"}`;
    case "es":
      return `${y} año${y === 1 ? "" : "s"}`;
    case "pt":
      return `${y} ano${y === 1 ? "" : "s"}`;
    case "nl":
      return `${y} jaar`;
    case "ja":
      return `${y}年`;
    case "ar":
      return y === 1 ? "سنة واحدة" : y === 2 ? "سنتين" : y <= 10 ? `${y} سنوات` : `${y} سنة`;
    default:
      return `${y} year${y === 1 ? "" : "s"}`;
  }
}

const listFormats = new Map<BioLang, Intl.ListFormat>();
/** The areas joined the language's way ("a, b and c", "a、b、c", "أ وب"). */
function joinAreas(lang: BioLang, areas: readonly string[]): string {
  let f = listFormats.get(lang);
  if (!f) {
    f = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
    listFormats.set(lang, f);
  }
  return f.format(areas.map((a) => BIO_AREA_NAMES[lang][a as Area] ?? a));
}

/**
 * A bio of 2 to 4 sentences in `lang`. `pick(n)` returns an index below n and `chance(p)` a
 * boolean (both from the generator's seeded randomizer, so bios stay deterministic).
 */
export function writeBio(
  lang: BioLang,
  facts: BioFacts,
  pick: (n: number) => number,
  chance: (p: number) => boolean,
): string {
  const t = TEXT[lang];
  const fill = (s: string) =>
    s
      .replace("{N}", facts.name)
      .replace("{C}", facts.city)
      .replace("{R}", facts.region)
      .replace("{F}", facts.firm)
      .replace("{L}", (LAWYER_WORD[lang] ?? ["", ""])[facts.female ? 1 : 0] as string)
      .replace("{V}", facts.female ? "تمثّل" : "يمثّل")
      .replace("{Y}", yearsText(lang, facts.years))
      .replace("{A}", joinAreas(lang, facts.areas));
  const sentences = [
    fill(t.intro[pick(t.intro.length)] as string),
    fill(t.focus[pick(t.focus.length)] as string),
  ];
  if (chance(0.7)) {
    const kind = facts.fee === "allowed" ? "contingency" : facts.fee === "capped" ? "capped" : "agreed";
    sentences.push(t.fee[kind]);
  }
  if (chance(0.35)) sentences.push(t.extra[pick(t.extra.length)] as string);
  return sentences.join(lang === "ja" ? "" : " ");
}
