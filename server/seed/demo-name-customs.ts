/**
 * Names in the naming customs of Kenya, the Philippines, Morocco, Estonia, Iceland, Greece, South
 * Korea and Israel (issue 14 §4 "names in the country's naming customs and script where
 * customary"), for the demo data (generate.ts). Each country draws given and family names the
 * way its people are named:
 * - KE: a Kikuyu, Luo, Kalenjin, Luhya, Kamba or coastal Swahili given name (or an English
 *   Christian one) and a family name of the same community ("Wanjiru Kamau", "Otieno Odhiambo");
 *   Kalenjin names are gendered (Kip-/Che-/Jep-);
 * - PH: an English or Spanish given name, often a middle initial (the mother's maiden name), and a
 *   Spanish-derived family name ("Maria S. Santos", "Jose Reyes", "Juan dela Cruz");
 * - MA: Arabic and Amazigh names in the French transcription of Moroccan civil-status papers and
 *   bar rolls ("Youssef El Amrani", "Fatima Zahra Benali", "Itto Ait Lahcen");
 * - EE: Estonian given and family names ("Kristjan Tamm", "Liis Saar");
 * - IS: a given name and a patronymic from the father's name in the genitive with -son or
 *   -dóttir matching the person's gender ("Jón Sigurðsson", "Guðrún Jónsdóttir"); Icelanders are
 *   addressed and listed by given name, which is how the stored name already sorts;
 * - GR: Greek script, with the family name in the form of the person's gender (Παπαδόπουλος /
 *   Παπαδοπούλου, Παπαδάκης / Παπαδάκη, Ιωαννίδης / Ιωαννίδου; genitive names such as Γεωργίου
 *   are the same for both);
 * - KR: Hangul, family name first without a space (김민준), as Korean writes names;
 * - IL: Hebrew script, given name first (דוד כהן).
 * Every name comes with a Latin spelling for email addresses and web addresses.
 */
import { transliterateGreek } from "./demo-names.ts";

/** The generator's seeded draws (generate.ts), so names stay deterministic. */
export interface NameDraw {
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** A drawn name: as written in the country, its Latin spelling, and the firm's family names. */
export interface CustomName {
  /** The name as the country writes it ("Γιώργος Παπαδόπουλος", "김민준", "Jón Sigurðsson"). */
  name: string;
  /** Latin given and family name for the email ("Giorgos", "Papadopoulos"). */
  latinFirst: string;
  latinLast: string;
  /** The name a firm in the local script is named after ({A} of SCRIPT_FIRMS), "" for none. */
  firmName: string;
  /** A partner's family name in the local script ({B}), "" for none. */
  firmPartner: string;
  /** A partner's family name in Latin letters, for Latin firm names and web addresses. */
  latinPartner: string;
}

type Gendered<T> = { readonly male: readonly T[]; readonly female: readonly T[] };

/** Kenyan communities with their given names by gender and their family names. */
const KE_COMMUNITIES: readonly { given: Gendered<string>; family: Gendered<string> }[] = [
  {
    // Kikuyu
    given: {
      male: ["Kamau", "Mwangi", "Njoroge", "Kariuki", "Githinji", "Macharia", "Waweru", "Gitau"],
      female: ["Wanjiru", "Njeri", "Wambui", "Nyambura", "Wairimu", "Wanjiku", "Muthoni", "Njoki"],
    },
    family: {
      male: [
        "Kamau",
        "Mwangi",
        "Njoroge",
        "Kariuki",
        "Kimani",
        "Maina",
        "Ndung'u",
        "Chege",
        "Githinji",
        "Waweru",
      ],
      female: [
        "Kamau",
        "Mwangi",
        "Njoroge",
        "Kariuki",
        "Kimani",
        "Maina",
        "Ndung'u",
        "Chege",
        "Githinji",
        "Waweru",
      ],
    },
  },
  {
    // Luo
    given: {
      male: ["Otieno", "Ochieng", "Omondi", "Odhiambo", "Onyango", "Owino", "Okoth", "Oduor"],
      female: ["Akinyi", "Atieno", "Achieng", "Adhiambo", "Awuor", "Anyango", "Akoth", "Auma"],
    },
    family: {
      male: [
        "Odhiambo",
        "Otieno",
        "Ochieng",
        "Onyango",
        "Omondi",
        "Owino",
        "Okoth",
        "Oduor",
        "Ouma",
        "Okello",
      ],
      female: [
        "Odhiambo",
        "Otieno",
        "Ochieng",
        "Onyango",
        "Omondi",
        "Owino",
        "Okoth",
        "Oduor",
        "Ouma",
        "Okello",
      ],
    },
  },
  {
    // Kalenjin: the name is gendered, Kip- for men, Che-/Jep- for women
    given: {
      male: ["Kiprotich", "Kipchoge", "Kiprono", "Kibet", "Kipkemboi", "Kiplagat"],
      female: ["Chebet", "Jepkosgei", "Chepkoech", "Jeptoo", "Chepngetich", "Jelagat"],
    },
    family: {
      male: ["Rotich", "Korir", "Kiprop", "Kirui", "Langat", "Cheruiyot", "Kipruto", "Koech"],
      female: [
        "Chebet",
        "Jepkosgei",
        "Chepkoech",
        "Jeptoo",
        "Chepkemoi",
        "Jerotich",
        "Chelimo",
        "Jepchirchir",
      ],
    },
  },
  {
    // Luhya
    given: {
      male: ["Wafula", "Wekesa", "Barasa", "Simiyu", "Wanyama", "Shikuku"],
      female: ["Nafula", "Nekesa", "Naliaka", "Nasimiyu", "Nanjala", "Khavere"],
    },
    family: {
      male: ["Wafula", "Wanjala", "Barasa", "Nyongesa", "Wekesa", "Simiyu", "Wamalwa", "Masinde"],
      female: ["Wafula", "Wanjala", "Barasa", "Nyongesa", "Wekesa", "Simiyu", "Wamalwa", "Masinde"],
    },
  },
  {
    // Kamba
    given: {
      male: ["Mutua", "Musyoka", "Kioko", "Mutuku", "Muthama", "Kilonzo"],
      female: ["Mwikali", "Ndinda", "Mumbua", "Kanini", "Syombua", "Nduku"],
    },
    family: {
      male: ["Mutua", "Musyoka", "Kioko", "Mutuku", "Kilonzo", "Muema", "Nzioka", "Mwendwa"],
      female: ["Mutua", "Musyoka", "Kioko", "Mutuku", "Kilonzo", "Muema", "Nzioka", "Mwendwa"],
    },
  },
  {
    // Coast and Swahili (Muslim given names are usual there)
    given: {
      male: ["Juma", "Hassan", "Omar", "Baraka", "Bakari", "Salim", "Rashid", "Abdallah"],
      female: ["Zawadi", "Amina", "Mwanaisha", "Fatuma", "Rehema", "Halima", "Mwajuma", "Zainab"],
    },
    family: {
      male: ["Mohamed", "Said", "Bakari", "Omar", "Juma", "Salim", "Athman", "Mwinyi"],
      female: ["Mohamed", "Said", "Bakari", "Omar", "Juma", "Salim", "Athman", "Mwinyi"],
    },
  },
];
/** English (Christian) given names many Kenyans carry before their community name. */
const KE_CHRISTIAN: Gendered<string> = {
  male: [
    "Peter",
    "James",
    "John",
    "Daniel",
    "Samuel",
    "David",
    "Joseph",
    "Brian",
    "Dennis",
    "Kevin",
    "Collins",
  ],
  female: [
    "Grace",
    "Faith",
    "Mercy",
    "Esther",
    "Mary",
    "Joyce",
    "Caroline",
    "Ruth",
    "Lucy",
    "Purity",
    "Sharon",
  ],
};

/** Filipino given names (English and Spanish), by gender. */
const PH_GIVEN: Gendered<string> = {
  male: [
    "Jose",
    "Juan",
    "Mark",
    "John Paul",
    "Miguel",
    "Rafael",
    "Antonio",
    "Ramon",
    "Carlo",
    "Paolo",
    "Joshua",
    "Christian",
    "Emmanuel",
    "Rodrigo",
    "Francisco",
    "Jerome",
  ],
  female: [
    "Maria",
    "Ana",
    "Kristine",
    "Maricel",
    "Rosario",
    "Carmela",
    "Angelica",
    "Patricia",
    "Maria Clara",
    "Cristina",
    "Lourdes",
    "Jennifer",
    "Teresa",
    "Rowena",
    "Katrina",
    "Joy",
  ],
};
/** Filipino family names: mostly Spanish-derived (the 1849 Clavería catalogue), some Chinese-Filipino. */
const PH_FAMILY = [
  "Santos",
  "Reyes",
  "Cruz",
  "dela Cruz",
  "Bautista",
  "Ocampo",
  "Garcia",
  "Mendoza",
  "Torres",
  "Castillo",
  "Flores",
  "Villanueva",
  "Ramos",
  "Castro",
  "Rivera",
  "Aquino",
  "Navarro",
  "Salazar",
  "Mercado",
  "de Guzman",
  "de los Santos",
  "Soriano",
  "Gonzales",
  "Pascual",
  "Fernandez",
  "Dizon",
  "Manalo",
  "Villarin",
  "Tan",
  "Lim",
];
/** Letters Filipino middle names (mothers' family names) begin with, for middle initials. */
const PH_MIDDLE = "ABCDFGLMNPRSTV".split("");

/** Moroccan given names in the French transcription of civil-status papers, by gender (Amazigh names too). */
const MA_GIVEN: Gendered<string> = {
  male: [
    "Youssef",
    "Mohamed",
    "Ahmed",
    "Hamza",
    "Mehdi",
    "Karim",
    "Omar",
    "Rachid",
    "Hicham",
    "Anas",
    "Amine",
    "Said",
    "Abdelilah",
    "Khalid",
    "Driss",
    "Noureddine",
    "Brahim",
    "Lahcen",
    "Idir",
    "Yuba",
  ],
  female: [
    "Fatima Zahra",
    "Khadija",
    "Salma",
    "Imane",
    "Nadia",
    "Meryem",
    "Soukaina",
    "Hajar",
    "Zineb",
    "Asmae",
    "Siham",
    "Loubna",
    "Houda",
    "Naima",
    "Ghizlane",
    "Itto",
    "Tiziri",
    "Tilelli",
  ],
};
/** Moroccan family names as written in Latin letters on Moroccan papers (Arabic and Amazigh). */
const MA_FAMILY = [
  "El Amrani",
  "Benali",
  "Alaoui",
  "El Idrissi",
  "Bennani",
  "Berrada",
  "Tazi",
  "El Fassi",
  "Chraibi",
  "Benjelloun",
  "Lahlou",
  "Ouazzani",
  "Bouzidi",
  "El Mansouri",
  "Ait Lahcen",
  "Ait Taleb",
  "Amghar",
  "Ouchen",
  "Boutaleb",
  "Ouaziz",
  "El Khattabi",
  "Benkirane",
  "Sebti",
  "Zerhouni",
];

/** Estonian given names by gender. */
const EE_GIVEN: Gendered<string> = {
  male: [
    "Kristjan",
    "Martin",
    "Andres",
    "Rasmus",
    "Siim",
    "Jaan",
    "Toomas",
    "Tõnis",
    "Margus",
    "Priit",
    "Indrek",
    "Mart",
    "Karl",
    "Marko",
    "Rein",
    "Urmas",
    "Peeter",
  ],
  female: [
    "Liis",
    "Kadri",
    "Kristiina",
    "Triin",
    "Maria",
    "Anu",
    "Kati",
    "Piret",
    "Marika",
    "Tiina",
    "Helen",
    "Kairi",
    "Merike",
    "Maarja",
    "Katrin",
    "Pille",
    "Ülle",
  ],
};
/** Common Estonian family names (the same for women and men). */
const EE_FAMILY = [
  "Tamm",
  "Saar",
  "Sepp",
  "Mägi",
  "Kask",
  "Kukk",
  "Rebane",
  "Ilves",
  "Pärn",
  "Koppel",
  "Lepik",
  "Kuusk",
  "Karu",
  "Luik",
  "Kallas",
  "Ots",
  "Mets",
  "Raudsepp",
  "Vaher",
  "Lill",
  "Kivi",
  "Põder",
  "Oja",
  "Kõiv",
];

/** Icelandic given names by gender. */
export const IS_GIVEN: Gendered<string> = {
  male: [
    "Jón",
    "Sigurður",
    "Guðmundur",
    "Gunnar",
    "Ólafur",
    "Einar",
    "Kristján",
    "Magnús",
    "Stefán",
    "Jóhann",
    "Björn",
    "Árni",
    "Helgi",
    "Páll",
    "Þórður",
    "Ragnar",
  ],
  female: [
    "Guðrún",
    "Anna",
    "Kristín",
    "Sigríður",
    "Margrét",
    "Helga",
    "Sigrún",
    "Ingibjörg",
    "Jóhanna",
    "María",
    "Katrín",
    "Ásta",
    "Hildur",
    "Þóra",
    "Elín",
    "Ragnheiður",
  ],
};
/**
 * Icelandic patronymics from the father's name: [son's, daughter's]. Written out because the
 * genitive is irregular (Sigurður: Sigurðsson but Sigurðardóttir; Árni: Árnason, Árnadóttir).
 */
export const IS_PATRONYMICS: readonly (readonly [son: string, daughter: string])[] = [
  ["Jónsson", "Jónsdóttir"],
  ["Sigurðsson", "Sigurðardóttir"],
  ["Guðmundsson", "Guðmundsdóttir"],
  ["Gunnarsson", "Gunnarsdóttir"],
  ["Ólafsson", "Ólafsdóttir"],
  ["Einarsson", "Einarsdóttir"],
  ["Kristjánsson", "Kristjánsdóttir"],
  ["Magnússon", "Magnúsdóttir"],
  ["Stefánsson", "Stefánsdóttir"],
  ["Jóhannsson", "Jóhannsdóttir"],
  ["Björnsson", "Björnsdóttir"],
  ["Árnason", "Árnadóttir"],
  ["Helgason", "Helgadóttir"],
  ["Pálsson", "Pálsdóttir"],
  ["Þórðarson", "Þórðardóttir"],
  ["Ragnarsson", "Ragnarsdóttir"],
];

/** Greek given names in Greek script (the everyday forms people go by), by gender. */
export const GR_GIVEN: Gendered<string> = {
  male: [
    "Γιώργος",
    "Δημήτρης",
    "Νίκος",
    "Κώστας",
    "Γιάννης",
    "Παναγιώτης",
    "Βασίλης",
    "Χρήστος",
    "Αθανάσιος",
    "Μιχάλης",
    "Ευάγγελος",
    "Σπύρος",
    "Αντώνης",
    "Θεόδωρος",
    "Άγγελος",
    "Στέλιος",
  ],
  female: [
    "Μαρία",
    "Ελένη",
    "Αικατερίνη",
    "Βασιλική",
    "Σοφία",
    "Αγγελική",
    "Δήμητρα",
    "Γεωργία",
    "Ευαγγελία",
    "Χριστίνα",
    "Ιωάννα",
    "Κωνσταντίνα",
    "Παρασκευή",
    "Αναστασία",
    "Δέσποινα",
    "Ειρήνη",
  ],
};
/**
 * Greek family names as [man's form, woman's form]: -ος becomes -ου, -ης/-ας lose the final ς
 * (-ίδης becomes -ίδου), and names that are already genitives (-ου, -ίου) are the same.
 */
export const GR_FAMILY: readonly (readonly [male: string, female: string])[] = [
  ["Παπαδόπουλος", "Παπαδοπούλου"],
  ["Πετρόπουλος", "Πετροπούλου"],
  ["Σταματόπουλος", "Σταματοπούλου"],
  ["Γεωργόπουλος", "Γεωργοπούλου"],
  ["Βλάχος", "Βλάχου"],
  ["Οικονόμου", "Οικονόμου"],
  ["Παπαγεωργίου", "Παπαγεωργίου"],
  ["Γεωργίου", "Γεωργίου"],
  ["Νικολάου", "Νικολάου"],
  ["Βασιλείου", "Βασιλείου"],
  ["Ιωάννου", "Ιωάννου"],
  ["Κωνσταντίνου", "Κωνσταντίνου"],
  ["Δημητρίου", "Δημητρίου"],
  ["Παπανικολάου", "Παπανικολάου"],
  ["Παπαδάκης", "Παπαδάκη"],
  ["Χατζηδάκης", "Χατζηδάκη"],
  ["Λαμπράκης", "Λαμπράκη"],
  ["Καραγιάννης", "Καραγιάννη"],
  ["Μακρής", "Μακρή"],
  ["Ιωαννίδης", "Ιωαννίδου"],
  ["Κυριακίδης", "Κυριακίδου"],
  ["Μαυρίδης", "Μαυρίδου"],
  ["Αναστασιάδης", "Αναστασιάδου"],
  ["Σαμαράς", "Σαμαρά"],
];

/** Korean family names in Hangul with their usual Latin spelling. */
export const KO_FAMILY_HANGUL: readonly (readonly [hangul: string, latin: string])[] = [
  ["김", "Kim"],
  ["이", "Lee"],
  ["박", "Park"],
  ["최", "Choi"],
  ["정", "Jung"],
  ["강", "Kang"],
  ["조", "Cho"],
  ["윤", "Yoon"],
  ["장", "Jang"],
  ["임", "Lim"],
  ["한", "Han"],
  ["오", "Oh"],
  ["서", "Seo"],
  ["신", "Shin"],
  ["권", "Kwon"],
  ["황", "Hwang"],
  ["안", "Ahn"],
  ["송", "Song"],
];
/** Korean given names in Hangul with their Revised Romanization (hyphenated as passports write them), by gender. */
const KO_GIVEN_HANGUL: Gendered<readonly [hangul: string, latin: string]> = {
  male: [
    ["민준", "Min-jun"],
    ["도윤", "Do-yun"],
    ["서준", "Seo-jun"],
    ["지호", "Ji-ho"],
    ["현우", "Hyun-woo"],
    ["재원", "Jae-won"],
    ["성민", "Sung-min"],
    ["준혁", "Jun-hyuk"],
    ["동현", "Dong-hyun"],
    ["영호", "Young-ho"],
    ["상훈", "Sang-hoon"],
    ["태현", "Tae-hyun"],
  ],
  female: [
    ["서연", "Seo-yeon"],
    ["하은", "Ha-eun"],
    ["지우", "Ji-woo"],
    ["수빈", "Su-bin"],
    ["예진", "Ye-jin"],
    ["은지", "Eun-ji"],
    ["혜진", "Hye-jin"],
    ["지민", "Ji-min"],
    ["민지", "Min-ji"],
    ["수진", "Su-jin"],
    ["유진", "Yu-jin"],
    ["지영", "Ji-young"],
  ],
};

/** Hebrew given names in Hebrew script with a common Latin spelling, by gender. */
const HE_GIVEN: Gendered<readonly [hebrew: string, latin: string]> = {
  male: [
    ["דוד", "David"],
    ["יוסף", "Yosef"],
    ["משה", "Moshe"],
    ["אברהם", "Avraham"],
    ["יעקב", "Yaakov"],
    ["דניאל", "Daniel"],
    ["איתי", "Itai"],
    ["עומר", "Omer"],
    ["נועם", "Noam"],
    ["אורי", "Uri"],
    ["יונתן", "Yonatan"],
    ["אריאל", "Ariel"],
    ["אלון", "Alon"],
    ["רון", "Ron"],
    ["עמית", "Amit"],
    ["יואב", "Yoav"],
    ["איתן", "Eitan"],
  ],
  female: [
    ["נועה", "Noa"],
    ["מיכל", "Michal"],
    ["שרה", "Sara"],
    ["רחל", "Rachel"],
    ["תמר", "Tamar"],
    ["יעל", "Yael"],
    ["מאיה", "Maya"],
    ["שירה", "Shira"],
    ["אורית", "Orit"],
    ["רונית", "Ronit"],
    ["ליאת", "Liat"],
    ["הדס", "Hadas"],
    ["ענת", "Anat"],
    ["אילנה", "Ilana"],
    ["נעמה", "Naama"],
    ["דנה", "Dana"],
  ],
};
/** Israeli family names in Hebrew script with a common Latin spelling. */
const HE_FAMILY: readonly (readonly [hebrew: string, latin: string])[] = [
  ["כהן", "Cohen"],
  ["לוי", "Levi"],
  ["מזרחי", "Mizrahi"],
  ["פרץ", "Peretz"],
  ["ביטון", "Biton"],
  ["דהן", "Dahan"],
  ["אברהם", "Avraham"],
  ["פרידמן", "Friedman"],
  ["אזולאי", "Azoulay"],
  ["מלכה", "Malka"],
  ["כץ", "Katz"],
  ["שפירא", "Shapira"],
  ["גולן", "Golan"],
  ["אוחיון", "Ohayon"],
  ["רוזנברג", "Rosenberg"],
  ["בן דוד", "Ben David"],
  ["חדד", "Hadad"],
  ["גבאי", "Gabay"],
  ["אשכנזי", "Ashkenazi"],
  ["ברק", "Barak"],
  ["שטרן", "Stern"],
  ["וייס", "Weiss"],
];

/** The countries customName knows. */
export const NAME_CUSTOM_COUNTRIES: readonly string[] = ["KE", "PH", "MA", "EE", "IS", "GR", "KR", "IL"];

/** The family names customName draws for the Latin-script countries (KE, PH, MA, EE), for tests. */
export const LATIN_FAMILY_NAMES: Readonly<Record<"KE" | "PH" | "MA" | "EE", ReadonlySet<string>>> = {
  KE: new Set(KE_COMMUNITIES.flatMap((c) => [...c.family.male, ...c.family.female])),
  PH: new Set(PH_FAMILY),
  MA: new Set(MA_FAMILY),
  EE: new Set(EE_FAMILY),
};

/** A partner's family name from `list` other than `own` ("Partners" when the draw repeats it). */
function otherOf(list: readonly string[], own: string, d: NameDraw): string {
  const other = d.pick(list);
  return other === own ? "Partners" : other;
}

/** A Latin-script name: given and family as written; the firm uses the family names as they are. */
function latinName(given: string, family: string, partner: string): CustomName {
  return {
    name: `${given} ${family}`,
    latinFirst: given,
    latinLast: family,
    firmName: family,
    firmPartner: partner === "Partners" ? "" : partner,
    latinPartner: partner,
  };
}

/**
 * A person's name in the customs of `country` (one of NAME_CUSTOM_COUNTRIES; undefined for any
 * other, which generate.ts names from faker's locale). `sex` picks gendered forms. Pure apart
 * from the draws.
 */
export function customName(country: string, sex: "male" | "female", d: NameDraw): CustomName | undefined {
  switch (country) {
    case "KE": {
      const community = d.pick(KE_COMMUNITIES);
      const own = d.pick(community.given[sex]);
      const given = d.chance(0.35) ? `${d.pick(KE_CHRISTIAN[sex])} ${own}` : own;
      let family = d.pick(community.family[sex]);
      if (family === own) family = d.pick(community.family[sex]);
      return latinName(given, family, otherOf(d.pick(KE_COMMUNITIES).family.male, family, d));
    }
    case "PH": {
      const given = d.pick(PH_GIVEN[sex]);
      const family = d.pick(PH_FAMILY);
      const out = latinName(given, family, otherOf(PH_FAMILY, family, d));
      // The middle initial (mother's maiden name) is how Filipino lawyers are styled: "Jose M. Reyes".
      if (d.chance(0.6)) out.name = `${given} ${d.pick(PH_MIDDLE)}. ${family}`;
      return out;
    }
    case "MA": {
      const family = d.pick(MA_FAMILY);
      return latinName(d.pick(MA_GIVEN[sex]), family, otherOf(MA_FAMILY, family, d));
    }
    case "EE": {
      const family = d.pick(EE_FAMILY);
      return latinName(d.pick(EE_GIVEN[sex]), family, otherOf(EE_FAMILY, family, d));
    }
    case "IS": {
      const [son, daughter] = d.pick(IS_PATRONYMICS);
      const patronymic = sex === "male" ? son : daughter;
      // Icelandic firms are not named after patronymics (generate.ts uses the country's firm names).
      return { ...latinName(d.pick(IS_GIVEN[sex]), patronymic, "Partners"), firmName: "", firmPartner: "" };
    }
    case "GR": {
      const given = d.pick(GR_GIVEN[sex]);
      const forms = d.pick(GR_FAMILY);
      const family = sex === "male" ? forms[0] : forms[1];
      const partnerForms = d.pick(GR_FAMILY);
      const partner = partnerForms[0] === forms[0] ? "" : partnerForms[0];
      return {
        name: `${given} ${family}`,
        latinFirst: transliterateGreek(given),
        latinLast: transliterateGreek(family),
        firmName: family,
        firmPartner: partner,
        latinPartner: partner ? transliterateGreek(partner) : "Partners",
      };
    }
    case "KR": {
      const [family, latinFamily] = d.pick(KO_FAMILY_HANGUL);
      const [given, latinGiven] = d.pick(KO_GIVEN_HANGUL[sex]);
      const partner = d.pick(KO_FAMILY_HANGUL);
      return {
        // Korean writes the family name first and joins it to the given name (Hangul orthography art. 48).
        name: `${family}${given}`,
        latinFirst: latinGiven,
        latinLast: latinFamily,
        // A Korean solo practice is named after the lawyer's full name ("김민준 법률사무소").
        firmName: `${family}${given}`,
        firmPartner: "",
        latinPartner: partner[0] === family ? "Partners" : partner[1],
      };
    }
    case "IL": {
      const [given, latinGiven] = d.pick(HE_GIVEN[sex]);
      const [family, latinFamily] = d.pick(HE_FAMILY);
      const partner = d.pick(HE_FAMILY);
      const same = partner[0] === family;
      return {
        name: `${given} ${family}`,
        latinFirst: latinGiven,
        latinLast: latinFamily,
        firmName: family,
        firmPartner: same ? "" : partner[0],
        latinPartner: same ? "Partners" : partner[1],
      };
    }
    default:
      return undefined;
  }
}
