/**
 * The one table of practice areas × locales (issue 14 §3): for each practice area of spec §3
 * (plus "Personal Injury", the directory's own subject, spec §1) and each locale of the site,
 * the UI label and the search terms that mean it. Search translates a query's terms through it
 * (lib/multilingual-query.ts), the English terms are the synonym groups of spec §5
 * (lib/query.ts SYNONYM_GROUPS), suggestions come from its labels (server/search/suggestions.ts),
 * and the UI reads its labels through practiceAreaLabel. Also the lawyer words, filler words and
 * location markers of each language.
 */
import type { PracticeArea } from "../constants.ts";
import type { InjuryTypeId } from "../taxonomy.ts";

/** The site's locales (issue 14 §1). */
export const SEARCH_LOCALES = ["en", "de", "fr", "es", "pt-BR", "nl", "ja", "ar"] as const;
export type SearchLocale = (typeof SEARCH_LOCALES)[number];

/** A practice area of spec §3, or the directory's subject "Personal Injury". */
export type SearchArea = PracticeArea | "Personal Injury";

/** One area in one locale: its label and the phrases a visitor types for it (lower case). */
export interface AreaTerms {
  label: string;
  terms: readonly string[];
}

/** One row of the table: the English query phrase search reads the area as, and every locale. */
export interface AreaRow {
  area: SearchArea;
  /** English phrase the search engine understands for the area (a synonym-group phrase when `group`). */
  query: string;
  /** Whether the English terms are a synonym group of spec §5 (in the spec's order). */
  group: boolean;
  locales: Record<SearchLocale, AreaTerms>;
}

/**
 * The table. The English `terms` of the five rows with `group: true` are exactly spec §5's
 * synonym groups (canonical phrase first); other languages list the usual phrases of lawyers'
 * sites in that language, with and without accents where both are typed.
 */
export const PRACTICE_AREA_TERMS: readonly AreaRow[] = [
  {
    area: "Car Accidents",
    query: "car accident",
    group: true,
    locales: {
      en: {
        label: "Car Accidents",
        terms: ["car accident", "auto accident", "vehicle accident", "traffic accident"],
      },
      de: {
        label: "Verkehrsunfälle",
        terms: [
          "verkehrsunfall",
          "verkehrsunfälle",
          "verkehrsrecht",
          "autounfall",
          "autounfälle",
          "auffahrunfall",
          "auffahrunfälle",
          "kfz-unfall",
          "fahrradunfall",
          "schleudertrauma",
          "unfall",
          "unfälle",
        ],
      },
      fr: {
        label: "Accidents de la route",
        terms: [
          "accident de la route",
          "accidents de la route",
          "accident de voiture",
          "accident de la circulation",
          "accident automobile",
          "accident de circulation",
        ],
      },
      es: {
        label: "Accidentes de tráfico",
        terms: [
          "accidente de tráfico",
          "accidentes de tráfico",
          "accidente de tránsito",
          "accidente de coche",
          "accidente de auto",
          "accidente automovilístico",
          "accidente vial",
        ],
      },
      "pt-BR": {
        label: "Acidentes de trânsito",
        terms: [
          "acidente de trânsito",
          "acidentes de trânsito",
          "acidente de carro",
          "acidente automobilístico",
          "acidente de viação",
        ],
      },
      nl: {
        label: "Verkeersongevallen",
        terms: [
          "verkeersongeval",
          "verkeersongevallen",
          "auto ongeluk",
          "auto-ongeluk",
          "aanrijding",
          "verkeersongeluk",
        ],
      },
      ja: { label: "交通事故", terms: ["交通事故", "自動車事故", "車の事故"] },
      ar: {
        label: "حوادث السيارات",
        terms: ["حوادث السيارات", "حادث سيارة", "حوادث المرور", "حادث مروري", "حوادث"],
      },
    },
  },
  {
    area: "Medical Malpractice",
    query: "medical malpractice",
    group: true,
    locales: {
      en: {
        label: "Medical Malpractice",
        terms: ["medical malpractice", "medical negligence", "doctor error", "hospital mistake"],
      },
      de: {
        label: "Arzthaftung",
        terms: [
          "arzthaftung",
          "arzthaftungsrecht",
          "behandlungsfehler",
          "ärztepfusch",
          "kunstfehler",
          "arztfehler",
          "medizinrecht",
        ],
      },
      fr: {
        label: "Erreurs médicales",
        terms: ["erreur médicale", "erreurs médicales", "faute médicale", "responsabilité médicale"],
      },
      es: {
        label: "Negligencia médica",
        terms: [
          "negligencia médica",
          "negligencias médicas",
          "mala praxis médica",
          "mala praxis",
          "error médico",
        ],
      },
      "pt-BR": { label: "Erro médico", terms: ["erro médico", "erros médicos", "negligência médica"] },
      nl: {
        label: "Medische fouten",
        terms: ["medische fout", "medische fouten", "medische aansprakelijkheid", "medische misser"],
      },
      ja: { label: "医療過誤", terms: ["医療過誤", "医療ミス", "医療事故"] },
      ar: { label: "الأخطاء الطبية", terms: ["الأخطاء الطبية", "خطأ طبي", "أخطاء طبية", "الإهمال الطبي"] },
    },
  },
  {
    area: "Personal Injury",
    query: "personal injury",
    group: true,
    locales: {
      en: {
        label: "Personal Injury",
        terms: ["personal injury", "injury lawyer", "accident attorney", "trauma lawyer"],
      },
      de: {
        label: "Personenschäden",
        terms: ["personenschaden", "personenschäden", "schmerzensgeld", "körperverletzung"],
      },
      fr: {
        label: "Dommages corporels",
        terms: ["dommage corporel", "dommages corporels", "préjudice corporel"],
      },
      es: {
        label: "Lesiones personales",
        terms: ["lesiones personales", "lesión personal", "daños personales"],
      },
      "pt-BR": { label: "Danos pessoais", terms: ["danos pessoais", "lesão corporal", "danos corporais"] },
      nl: { label: "Letselschade", terms: ["letselschade", "personenschade"] },
      ja: { label: "人身傷害", terms: ["人身傷害", "人身事故"] },
      ar: { label: "الإصابات الشخصية", terms: ["الإصابات الشخصية", "إصابة شخصية", "تعويض الإصابات"] },
    },
  },
  {
    area: "Workplace Injury",
    query: "workplace injury",
    group: true,
    locales: {
      en: {
        label: "Workplace Injury",
        terms: ["workplace injury", "work accident", "occupational injury", "job injury"],
      },
      de: { label: "Arbeitsunfälle", terms: ["arbeitsunfall", "arbeitsunfälle", "berufskrankheit"] },
      fr: {
        label: "Accidents du travail",
        terms: ["accident du travail", "accidents du travail", "accident de travail"],
      },
      es: {
        label: "Accidentes laborales",
        terms: ["accidente laboral", "accidentes laborales", "accidente de trabajo"],
      },
      "pt-BR": { label: "Acidentes de trabalho", terms: ["acidente de trabalho", "acidentes de trabalho"] },
      nl: { label: "Arbeidsongevallen", terms: ["arbeidsongeval", "arbeidsongevallen", "bedrijfsongeval"] },
      ja: { label: "労働災害", terms: ["労働災害", "労災"] },
      ar: { label: "إصابات العمل", terms: ["إصابات العمل", "إصابة عمل", "حوادث العمل"] },
    },
  },
  {
    area: "Slip & Fall",
    query: "slip and fall",
    group: true,
    locales: {
      en: {
        label: "Slip & Fall",
        terms: ["slip and fall", "slip fall", "premises liability", "trip and fall"],
      },
      de: { label: "Sturzunfälle", terms: ["sturzunfall", "sturzunfälle", "sturz"] },
      fr: { label: "Chutes et glissades", terms: ["chute", "chutes", "glissade"] },
      es: { label: "Resbalones y caídas", terms: ["resbalón", "caída", "caídas"] },
      "pt-BR": { label: "Quedas", terms: ["queda", "quedas", "escorregão"] },
      nl: { label: "Val- en glijpartijen", terms: ["valpartij", "uitglijden"] },
      ja: { label: "転倒事故", terms: ["転倒事故", "転倒", "転落"] },
      ar: { label: "الانزلاق والسقوط", terms: ["الانزلاق والسقوط", "انزلاق", "سقوط"] },
    },
  },
  {
    area: "Product Liability",
    query: "product liability",
    group: false,
    locales: {
      en: { label: "Product Liability", terms: ["product liability", "defective product"] },
      de: { label: "Produkthaftung", terms: ["produkthaftung"] },
      fr: {
        label: "Responsabilité du fait des produits",
        terms: ["responsabilité du fait des produits", "produit défectueux", "responsabilité produit"],
      },
      es: {
        label: "Responsabilidad por productos",
        terms: ["responsabilidad por productos", "producto defectuoso"],
      },
      "pt-BR": {
        label: "Responsabilidade pelo produto",
        terms: ["responsabilidade pelo produto", "produto defeituoso"],
      },
      nl: { label: "Productaansprakelijkheid", terms: ["productaansprakelijkheid"] },
      ja: { label: "製造物責任", terms: ["製造物責任", "欠陥製品"] },
      ar: { label: "مسؤولية المنتج", terms: ["مسؤولية المنتج", "منتج معيب"] },
    },
  },
  {
    area: "Motorcycle Accidents",
    query: "motorcycle accident",
    group: false,
    locales: {
      en: { label: "Motorcycle Accidents", terms: ["motorcycle accident", "motorbike accident"] },
      de: { label: "Motorradunfälle", terms: ["motorradunfall", "motorradunfälle"] },
      fr: { label: "Accidents de moto", terms: ["accident de moto", "accidents de moto"] },
      es: {
        label: "Accidentes de moto",
        terms: ["accidente de moto", "accidentes de moto", "accidente de motocicleta"],
      },
      "pt-BR": {
        label: "Acidentes de moto",
        terms: ["acidente de moto", "acidentes de moto", "acidente de motocicleta"],
      },
      nl: { label: "Motorongevallen", terms: ["motorongeval", "motorongevallen", "motorongeluk"] },
      ja: { label: "バイク事故", terms: ["バイク事故", "オートバイ事故"] },
      ar: { label: "حوادث الدراجات النارية", terms: ["حوادث الدراجات النارية", "حادث دراجة نارية"] },
    },
  },
  {
    area: "Wrongful Death",
    query: "wrongful death",
    group: false,
    locales: {
      en: { label: "Wrongful Death", terms: ["wrongful death", "fatal accident"] },
      de: {
        label: "Tödliche Unfälle",
        terms: ["tödlicher unfall", "tödliche unfälle", "hinterbliebenengeld"],
      },
      fr: { label: "Décès accidentel", terms: ["décès accidentel", "homicide involontaire"] },
      es: { label: "Muerte por negligencia", terms: ["muerte por negligencia", "homicidio imprudente"] },
      "pt-BR": { label: "Morte por negligência", terms: ["morte por negligência", "homicídio culposo"] },
      nl: { label: "Overlijdensschade", terms: ["overlijdensschade", "dodelijk ongeval"] },
      ja: { label: "死亡事故", terms: ["死亡事故"] },
      ar: { label: "القتل الخطأ", terms: ["القتل الخطأ", "وفاة خطأ"] },
    },
  },
  {
    area: "Dog Bites",
    query: "dog bite",
    group: false,
    locales: {
      en: { label: "Dog Bites", terms: ["dog bite", "dog attack"] },
      de: { label: "Hundebisse", terms: ["hundebiss", "hundebisse"] },
      fr: { label: "Morsures de chien", terms: ["morsure de chien", "morsures de chien"] },
      es: { label: "Mordeduras de perro", terms: ["mordedura de perro", "mordida de perro"] },
      "pt-BR": { label: "Mordidas de cachorro", terms: ["mordida de cachorro", "mordida de cão"] },
      nl: { label: "Hondenbeten", terms: ["hondenbeet", "hondenbeten"] },
      ja: { label: "犬の咬傷事故", terms: ["犬の咬傷事故", "犬の咬傷", "咬傷事故"] },
      ar: { label: "عضات الكلاب", terms: ["عضات الكلاب", "عضة كلب"] },
    },
  },
  {
    area: "Premises Liability",
    query: "premises liability",
    group: false,
    locales: {
      en: { label: "Premises Liability", terms: ["premises liability"] },
      de: { label: "Verkehrssicherungspflicht", terms: ["verkehrssicherungspflicht"] },
      fr: {
        label: "Responsabilité des lieux",
        terms: ["responsabilité des lieux", "responsabilité du propriétaire"],
      },
      es: {
        label: "Responsabilidad de locales",
        terms: ["responsabilidad de locales", "responsabilidad del propietario"],
      },
      "pt-BR": { label: "Responsabilidade do proprietário", terms: ["responsabilidade do proprietário"] },
      nl: {
        label: "Aansprakelijkheid voor gebouwen",
        terms: ["opstalaansprakelijkheid", "aansprakelijkheid voor gebouwen"],
      },
      ja: { label: "施設管理責任", terms: ["施設管理責任"] },
      ar: { label: "مسؤولية أصحاب العقارات", terms: ["مسؤولية أصحاب العقارات", "مسؤولية المالك"] },
    },
  },
  {
    area: "Birth Injury",
    query: "birth injury",
    group: false,
    locales: {
      en: { label: "Birth Injury", terms: ["birth injury"] },
      de: { label: "Geburtsschäden", terms: ["geburtsschaden", "geburtsschäden"] },
      fr: { label: "Préjudices à la naissance", terms: ["préjudice à la naissance", "accident obstétrical"] },
      es: {
        label: "Lesiones de parto",
        terms: ["lesión de parto", "lesiones de parto", "negligencia obstétrica"],
      },
      "pt-BR": { label: "Lesões no parto", terms: ["lesão no parto", "lesões no parto", "erro no parto"] },
      nl: { label: "Geboorteletsel", terms: ["geboorteletsel", "geboorteschade"] },
      ja: { label: "出産事故", terms: ["出産事故", "分娩事故"] },
      ar: { label: "إصابات الولادة", terms: ["إصابات الولادة", "إصابة الولادة"] },
    },
  },
  {
    area: "Defective Drugs",
    query: "defective drugs",
    group: false,
    locales: {
      en: { label: "Defective Drugs", terms: ["defective drugs", "defective drug", "dangerous drugs"] },
      de: {
        label: "Arzneimittelschäden",
        terms: ["arzneimittelschaden", "arzneimittelschäden", "arzneimittelhaftung"],
      },
      fr: { label: "Médicaments défectueux", terms: ["médicament défectueux", "médicaments défectueux"] },
      es: {
        label: "Medicamentos defectuosos",
        terms: ["medicamento defectuoso", "medicamentos defectuosos"],
      },
      "pt-BR": {
        label: "Medicamentos defeituosos",
        terms: ["medicamento defeituoso", "medicamentos defeituosos"],
      },
      nl: {
        label: "Schadelijke geneesmiddelen",
        terms: ["geneesmiddelenschade", "schadelijke geneesmiddelen"],
      },
      ja: { label: "薬害", terms: ["薬害"] },
      ar: { label: "الأدوية المعيبة", terms: ["الأدوية المعيبة", "دواء معيب"] },
    },
  },
  {
    area: "Mass Torts",
    query: "mass torts",
    group: false,
    locales: {
      en: { label: "Mass Torts", terms: ["mass torts", "mass tort", "class action"] },
      de: { label: "Massenschäden", terms: ["massenschaden", "massenschäden", "sammelklage"] },
      fr: {
        label: "Actions collectives",
        terms: ["action collective", "actions collectives", "action de groupe"],
      },
      es: { label: "Demandas colectivas", terms: ["demanda colectiva", "demandas colectivas"] },
      "pt-BR": { label: "Ações coletivas", terms: ["ação coletiva", "ações coletivas"] },
      nl: { label: "Massaschade", terms: ["massaschade", "collectieve actie"] },
      ja: { label: "集団訴訟", terms: ["集団訴訟"] },
      ar: { label: "الدعاوى الجماعية", terms: ["الدعاوى الجماعية", "دعوى جماعية"] },
    },
  },
];

/**
 * Words for "lawyer" (and law firm) by language, as typed; they never have to match (like
 * "lawyer" in spec §5). Italian and Hindi are here though the site has no such locale: a
 * visitor may still type them (issue 14 §3).
 */
export const LAWYER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    "lawyer",
    "lawyers",
    "attorney",
    "attorneys",
    "solicitor",
    "solicitors",
    "barrister",
    "barristers",
    "law firm",
  ],
  de: [
    "anwalt",
    "anwälte",
    "anwältin",
    "rechtsanwalt",
    "rechtsanwälte",
    "rechtsanwältin",
    "fachanwalt",
    "fachanwältin",
    "kanzlei",
    "anwaltskanzlei",
  ],
  fr: ["avocat", "avocats", "avocate", "avocates", "cabinet d'avocats"],
  es: ["abogado", "abogados", "abogada", "abogadas", "bufete", "despacho de abogados"],
  "pt-BR": ["advogado", "advogados", "advogada", "advogadas", "escritório de advocacia"],
  nl: ["advocaat", "advocaten", "advocatenkantoor"],
  ja: ["弁護士", "法律事務所", "弁護士事務所", "弁護士法人"],
  ar: ["محامي", "محامي", "محامين", "محامون", "محامية", "المحامي", "مكتب محاماة", "محاماة"],
  it: ["avvocato", "avvocati", "avvocata", "studio legale"],
  hi: ["वकील", "अधिवक्ता"],
};

/** Filler words of each language that never have to match ("de", "la", "の"...). */
export const FILLER_WORDS: Readonly<Record<string, readonly string[]>> = {
  de: [
    "der",
    "die",
    "das",
    "den",
    "dem",
    "des",
    "ein",
    "eine",
    "einen",
    "für",
    "und",
    "mit",
    "von",
    "zu",
    "beste",
    "bester",
    "guter",
    "gute",
  ],
  fr: [
    "le",
    "la",
    "les",
    "l",
    "un",
    "une",
    "de",
    "du",
    "des",
    "d",
    "pour",
    "et",
    "avec",
    "meilleur",
    "meilleurs",
    "bon",
    "spécialisé",
    "spécialiste",
  ],
  es: [
    "el",
    "la",
    "los",
    "las",
    "un",
    "una",
    "de",
    "del",
    "para",
    "y",
    "con",
    "mejor",
    "mejores",
    "especialista",
  ],
  "pt-BR": [
    "o",
    "a",
    "os",
    "as",
    "um",
    "uma",
    "de",
    "do",
    "da",
    "dos",
    "das",
    "para",
    "e",
    "com",
    "melhor",
    "especialista",
  ],
  nl: ["de", "het", "een", "van", "voor", "en", "met", "beste", "goede", "gespecialiseerd"],
  ja: ["の", "を", "は", "が", "と", "に", "な", "専門", "おすすめ", "相談"],
  ar: ["من", "على", "و", "أفضل", "افضل", "متخصص"],
  it: ["il", "lo", "la", "i", "gli", "le", "di", "del", "della", "per", "e"],
};

/**
 * Location markers by language: "subject <marker> place" (spec §5's " in "), except Japanese
 * "で" and "の近く", which follow the place ("東京で交通事故の弁護士").
 */
export const LOCATION_MARKERS: Readonly<Record<string, readonly string[]>> = {
  en: ["in", "near", "around", "at", "from"],
  de: ["in", "bei", "nahe", "im", "aus"],
  fr: ["à", "près de", "en", "dans", "au"],
  es: ["en", "cerca de"],
  "pt-BR": ["em", "no", "na", "perto de"],
  nl: ["in", "bij", "nabij", "te"],
  ar: ["في", "قرب", "بالقرب من"],
  it: ["a", "vicino a"],
};

/** Japanese markers that follow the place. */
export const PLACE_FIRST_MARKERS: readonly string[] = ["で", "の近く", "近く", "周辺", "付近"];

/**
 * Labels and search terms of every injury type of the one taxonomy (issue 19 §3,
 * lib/taxonomy.ts, docs/taxonomy.md) in the eight locales: an injury type that is also a
 * practice area (Dog Bite → "Dog Bites") shares that area's row of PRACTICE_AREA_TERMS, so the
 * directory and the case form say the same thing; the injury kinds that are no practice area
 * (Brain Injury …) and "Other" carry their own. Complete by type: a new injury type does not
 * compile without its entry. Search (lib/multilingual-query.ts) still reads only the area rows.
 */
export const INJURY_TYPE_TERMS: Readonly<Record<InjuryTypeId, SearchArea | Record<SearchLocale, AreaTerms>>> =
  {
    carAccident: "Car Accidents",
    medicalMalpractice: "Medical Malpractice",
    workplaceInjury: "Workplace Injury",
    slipAndFall: "Slip & Fall",
    productLiability: "Product Liability",
    wrongfulDeath: "Wrongful Death",
    brainInjury: {
      en: {
        label: "Brain Injury",
        terms: ["brain injury", "traumatic brain injury", "head injury", "tbi", "concussion"],
      },
      de: {
        label: "Hirnverletzung",
        terms: ["hirnverletzung", "schädel-hirn-trauma", "kopfverletzung", "gehirnerschütterung"],
      },
      fr: {
        label: "Lésion cérébrale",
        terms: ["lésion cérébrale", "lesion cerebrale", "traumatisme crânien", "commotion cérébrale"],
      },
      es: {
        label: "Lesión cerebral",
        terms: ["lesión cerebral", "lesion cerebral", "traumatismo craneoencefálico", "conmoción cerebral"],
      },
      "pt-BR": {
        label: "Lesão cerebral",
        terms: ["lesão cerebral", "lesao cerebral", "traumatismo craniano", "concussão"],
      },
      nl: { label: "Hersenletsel", terms: ["hersenletsel", "hoofdletsel", "hersenschudding"] },
      ja: { label: "脳損傷", terms: ["脳損傷", "頭部外傷", "高次脳機能障害", "脳しんとう"] },
      ar: { label: "إصابة الدماغ", terms: ["إصابة الدماغ", "إصابات الدماغ", "إصابة الرأس", "ارتجاج المخ"] },
    },
    spinalCordInjury: {
      en: {
        label: "Spinal Cord Injury",
        terms: ["spinal cord injury", "spinal injury", "back injury", "paralysis"],
      },
      de: {
        label: "Rückenmarksverletzung",
        terms: ["rückenmarksverletzung", "querschnittslähmung", "wirbelsäulenverletzung"],
      },
      fr: {
        label: "Lésion de la moelle épinière",
        terms: ["lésion de la moelle épinière", "lésion médullaire", "paraplégie", "tétraplégie"],
      },
      es: {
        label: "Lesión de médula espinal",
        terms: ["lesión de médula espinal", "lesión medular", "paraplejia", "tetraplejia"],
      },
      "pt-BR": {
        label: "Lesão na medula espinhal",
        terms: ["lesão na medula espinhal", "lesão medular", "paraplegia", "tetraplegia"],
      },
      nl: { label: "Ruggenmergletsel", terms: ["ruggenmergletsel", "dwarslaesie", "rugletsel"] },
      ja: { label: "脊髄損傷", terms: ["脊髄損傷", "脊椎損傷", "麻痺"] },
      ar: { label: "إصابة الحبل الشوكي", terms: ["إصابة الحبل الشوكي", "إصابة العمود الفقري", "شلل"] },
    },
    burnInjury: {
      en: { label: "Burn Injury", terms: ["burn injury", "burns", "burn", "scalding"] },
      de: { label: "Verbrennung", terms: ["verbrennung", "verbrennungen", "verbrühung", "brandverletzung"] },
      fr: { label: "Brûlure", terms: ["brûlure", "brûlures", "brulure"] },
      es: { label: "Quemaduras", terms: ["quemadura", "quemaduras"] },
      "pt-BR": { label: "Queimaduras", terms: ["queimadura", "queimaduras"] },
      nl: { label: "Brandwonden", terms: ["brandwond", "brandwonden", "verbranding"] },
      ja: { label: "熱傷（やけど）", terms: ["熱傷", "やけど", "火傷"] },
      ar: { label: "الحروق", terms: ["الحروق", "حروق", "حرق"] },
    },
    nursingHomeAbuse: {
      en: {
        label: "Nursing Home Abuse",
        terms: ["nursing home abuse", "nursing home neglect", "elder abuse", "care home abuse"],
      },
      de: {
        label: "Misshandlung im Pflegeheim",
        terms: ["misshandlung im pflegeheim", "pflegefehler", "vernachlässigung in der pflege", "pflegeheim"],
      },
      fr: {
        label: "Maltraitance en maison de retraite",
        terms: [
          "maltraitance en maison de retraite",
          "maltraitance en ehpad",
          "maltraitance des personnes âgées",
        ],
      },
      es: {
        label: "Maltrato en residencias de mayores",
        terms: ["maltrato en residencias", "maltrato a mayores", "residencia de ancianos"],
      },
      "pt-BR": {
        label: "Maus-tratos em casa de repouso",
        terms: ["maus-tratos em casa de repouso", "maus-tratos a idosos", "casa de repouso"],
      },
      nl: {
        label: "Mishandeling in een verpleeghuis",
        terms: ["mishandeling in verpleeghuis", "ouderenmishandeling", "verwaarlozing in de zorg"],
      },
      ja: { label: "介護施設での虐待", terms: ["介護施設での虐待", "高齢者虐待", "介護事故"] },
      ar: {
        label: "الإساءة في دور رعاية المسنين",
        terms: ["الإساءة في دور رعاية المسنين", "إساءة معاملة المسنين", "دار رعاية المسنين"],
      },
    },
    motorcycleAccident: "Motorcycle Accidents",
    dogBite: "Dog Bites",
    birthInjury: "Birth Injury",
    defectiveDrug: "Defective Drugs",
    personalInjury: "Personal Injury",
    other: {
      en: { label: "Other", terms: ["other injury"] },
      de: { label: "Sonstiges", terms: ["sonstige verletzung"] },
      fr: { label: "Autre", terms: ["autre blessure"] },
      es: { label: "Otro", terms: ["otra lesión"] },
      "pt-BR": { label: "Outro", terms: ["outra lesão"] },
      nl: { label: "Overig", terms: ["ander letsel"] },
      ja: { label: "その他", terms: ["その他のけが"] },
      ar: { label: "أخرى", terms: ["إصابة أخرى"] },
    },
  };

/**
 * The label and search terms of an injury type in a locale (INJURY_TYPE_TERMS; the area's row
 * for an injury type that is a practice area). An unknown locale reads English. Never throws.
 */
export function injuryTypeTerms(id: InjuryTypeId, locale: string): AreaTerms {
  const entry = INJURY_TYPE_TERMS[id];
  const loc = searchLocale(locale);
  if (typeof entry !== "string") return entry[loc];
  const row = PRACTICE_AREA_TERMS.find((r) => r.area === entry);
  if (!row) return { label: entry, terms: [entry.toLowerCase()] };
  return row.locales[loc];
}

/**
 * The label of a practice area in a locale (issue 14 §3; the UI's translation helpers read it).
 * Falls back to English for a locale the table does not have. Never throws.
 */
export function practiceAreaLabel(area: SearchArea, locale: string): string {
  const row = PRACTICE_AREA_TERMS.find((r) => r.area === area);
  if (!row) return area;
  return (row.locales[locale as SearchLocale] ?? row.locales.en).label;
}

/**
 * Practice areas as one phrase in a locale, "or" between them (Intl.ListFormat disjunction):
 * ["Slip & Fall", "Premises Liability"] → "Slip & Fall or Premises Liability" in English,
 * "Sturzunfälle oder Verkehrssicherungspflicht" in German. Issue 19 §3: the matching's explanation names the
 * taxonomy's areas of a case type in the reader's language.
 */
export function practiceAreaList(areas: readonly string[], locale: string): string {
  const labels = areas.map((a) => practiceAreaLabel(a as SearchArea, locale));
  return new Intl.ListFormat(searchLocale(locale), { type: "disjunction" }).format(labels);
}

/** The locale of the table for a page locale ("pt" and "pt-BR" -> "pt-BR", unknown -> "en"). */
export function searchLocale(locale: string | null | undefined): SearchLocale {
  if (!locale) return "en";
  const exact = SEARCH_LOCALES.find((l) => l.toLowerCase() === locale.toLowerCase());
  if (exact) return exact;
  const base = locale.split(/[-_]/)[0]?.toLowerCase();
  return SEARCH_LOCALES.find((l) => l.split("-")[0] === base) ?? "en";
}
