/**
 * The real-words table of docs/search.md and its lawyers (issue 28 §1 "Never correct a real word";
 * server/search/real-words.test.ts): offices in cities of the six Latin-script locales' countries
 * and common surnames of those countries, so that the search vocabulary holds the place names and
 * names that real words resemble ("Porto" for "parto", "Santos" for "santo", "Delft" for
 * "delta"), beside the practice areas. Not used by the app.
 */
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import type { DictionaryLocale } from "./dictionaries.ts";
import { refreshSearchData } from "./refresh.ts";

/** [name, firm, city, state, country, ISO code, practice areas]. */
export const REAL_WORD_ROWS: [string, string, string, string | null, string, string, string[]][] = [
  ["Olivia Smith", "Smith Injury Law", "Toronto", "Ontario", "Canada", "CA", ["Car Accidents"]],
  ["Henry Brown", "Brown & Taylor", "London", "England", "United Kingdom", "GB", ["Medical Malpractice"]],
  ["Grace Wilson", "Wilson Trial Lawyers", "Boston", "Massachusetts", "United States", "US", ["Slip & Fall"]],
  ["Mason Clarke", "Clarke Partners", "Denver", "Colorado", "United States", "US", ["Dog Bites"]],
  ["Lena Müller", "Müller Rechtsanwälte", "München", "Bavaria", "Germany", "DE", ["Car Accidents"]],
  [
    "Jonas Schmidt",
    "Kanzlei Schmidt",
    "Köln",
    "North Rhine-Westphalia",
    "Germany",
    "DE",
    ["Medical Malpractice"],
  ],
  ["Paul Weber", "Weber & Fischer", "Hamburg", "Hamburg", "Germany", "DE", ["Workplace Injury"]],
  ["Anna Fischer", "Fischer Anwälte", "Wien", "Vienna", "Austria", "AT", ["Wrongful Death"]],
  ["Lukas Bauer", "Bauer Recht", "Bern", "Bern", "Switzerland", "CH", ["Product Liability"]],
  ["Claire Martin", "Cabinet Martin", "Paris", "Île-de-France", "France", "FR", ["Car Accidents"]],
  [
    "Louis Bernard",
    "Bernard Avocats",
    "Lyon",
    "Auvergne-Rhône-Alpes",
    "France",
    "FR",
    ["Medical Malpractice"],
  ],
  ["Chloé Dubois", "Dubois & Moreau", "Lille", "Hauts-de-France", "France", "FR", ["Motorcycle Accidents"]],
  ["Hugo Moreau", "Moreau Associés", "Nantes", "Pays de la Loire", "France", "FR", ["Dog Bites"]],
  ["Lucía García", "García Abogados", "Madrid", "Madrid", "Spain", "ES", ["Car Accidents"]],
  ["Pablo López", "López & Pérez", "Sevilla", "Andalusia", "Spain", "ES", ["Medical Malpractice"]],
  ["Carmen Martínez", "Martínez Legal", "Bilbao", "Basque Country", "Spain", "ES", ["Workplace Injury"]],
  ["Diego Pérez", "Pérez Abogados", "Valencia", "Valencia", "Spain", "ES", ["Slip & Fall"]],
  ["Ana Silva", "Silva Advocacia", "São Paulo", "São Paulo", "Brazil", "BR", ["Car Accidents"]],
  [
    "João Santos",
    "Santos & Costa",
    "Santos",
    "São Paulo",
    "Brazil",
    "BR",
    ["Medical Malpractice", "Birth Injury"],
  ],
  ["Mariana Costa", "Costa Advogados", "Recife", "Pernambuco", "Brazil", "BR", ["Workplace Injury"]],
  ["Pedro Rocha", "Rocha Lima Advocacia", "Curitiba", "Paraná", "Brazil", "BR", ["Dog Bites"]],
  ["Beatriz Lima", "Lima Advogados", "Natal", "Rio Grande do Norte", "Brazil", "BR", ["Medical Malpractice"]],
  ["Rui Ferreira", "Ferreira Advogados", "Porto", "Porto", "Portugal", "PT", ["Car Accidents"]],
  ["Sara Almeida", "Almeida & Sousa", "Braga", "Braga", "Portugal", "PT", ["Medical Malpractice"]],
  ["Daan de Jong", "De Jong Advocaten", "Amsterdam", "North Holland", "Netherlands", "NL", ["Car Accidents"]],
  ["Emma Jansen", "Jansen Letselschade", "Utrecht", "Utrecht", "Netherlands", "NL", ["Medical Malpractice"]],
  ["Sem de Vries", "De Vries & Bakker", "Leiden", "South Holland", "Netherlands", "NL", ["Workplace Injury"]],
  ["Tess Bakker", "Bakker Advocatuur", "Delft", "South Holland", "Netherlands", "NL", ["Slip & Fall"]],
  ["Lotte Peeters", "Peeters Advocaten", "Gent", "Flanders", "Belgium", "BE", ["Dog Bites"]],
];

/** Inserts REAL_WORD_ROWS and refreshes the search data (lexicon, places, facts). */
export async function insertRealWordFixtures(db: Db): Promise<void> {
  await db.insert(lawyers).values(
    REAL_WORD_ROWS.map(([name, firm, city, state, country, countryCode, practiceAreas], i) => ({
      name,
      firm,
      email: `rw${i + 1}@example.test`,
      city,
      state,
      country,
      countryCode,
      location: [city, state, country].filter(Boolean).join(", "),
      practiceAreas,
      rating: 4 + (i % 10) / 10,
      bio: "Represents injured people and their families.",
    })),
  );
  await refreshSearchData(db);
}

/**
 * One row of the real-words table (issue 28 §1): `query` searched with the page in `lang`; `word`
 * (the query when absent) is the word the row is about. `to`: a typo the correction step must read
 * as this folded word. `not`: a real word that must be kept, and that without the dictionaries
 * would have been corrected into this folded word. Neither: a word that must be kept (a word of
 * the translation table or the reported context).
 */
export interface RealWordCase {
  lang: DictionaryLocale;
  query: string;
  word?: string;
  to?: string;
  not?: string;
}

/**
 * The single source of the real-words table: docs/search.md shows it between the
 * real-words-table markers (rendered by realWordsTableMarkdown; `node scripts/real-words-table.ts`
 * writes it, real-words.test.ts checks that the doc matches), real-words.test.ts runs every row.
 */
export const REAL_WORD_CASES: readonly RealWordCase[] = [
  // en
  { lang: "en", query: "agent", not: "gent" },
  { lang: "en", query: "auction", not: "action" },
  { lang: "en", query: "baker", not: "bakker" },
  { lang: "en", query: "banker", not: "bakker" },
  { lang: "en", query: "care", not: "car" },
  { lang: "en", query: "cost", not: "costa" },
  { lang: "en", query: "fisher", not: "fischer" },
  { lang: "en", query: "injure", not: "injury" },
  { lang: "en", query: "layer", not: "lawyer" },
  { lang: "en", query: "lime", not: "lima" },
  { lang: "en", query: "medial", not: "medical" },
  { lang: "en", query: "miller", not: "muller" },
  { lang: "en", query: "mouth", not: "south" },
  { lang: "en", query: "pain", not: "spain" },
  { lang: "en", query: "naval", not: "natal" },
  { lang: "en", query: "depth", not: "death" },
  { lang: "en", query: "grade", not: "grande" },
  { lang: "en", query: "glass", not: "class" },
  { lang: "en", query: "crown", not: "brown" },
  { lang: "en", query: "drum", not: "drug" },
  { lang: "en", query: "grave", not: "grace" },
  { lang: "en", query: "forth", not: "north" },
  { lang: "en", query: "marina", not: "mariana" },
  { lang: "en", query: "fire", not: "firm" },
  { lang: "en", query: "note", not: "norte" },
  { lang: "en", query: "homes", not: "home" },
  { lang: "en", query: "lens", not: "lena" },
  { lang: "en", query: "huge", not: "hugo" },
  { lang: "en", query: "nasal", not: "natal" },
  { lang: "en", query: "cabinet" },
  { lang: "en", query: "chute" },
  { lang: "en", query: "Torronto", to: "toronto" },
  { lang: "en", query: "Bostn", to: "boston" },
  { lang: "en", query: "lawyr", to: "lawyer" },
  { lang: "en", query: "acident", to: "accident" },
  { lang: "en", query: "malpractce", to: "malpractice" },
  { lang: "en", query: "persnal", to: "personal" },
  { lang: "en", query: "injurry", to: "injury" },
  { lang: "en", query: "negligance", to: "negligence" },
  { lang: "en", query: "wrongfull", to: "wrongful" },
  { lang: "en", query: "motorcyle", to: "motorcycle" },
  { lang: "en", query: "atorney", to: "attorney" },
  // de
  { lang: "de", query: "Agent", not: "gent" },
  { lang: "de", query: "Anfall", not: "unfall" },
  { lang: "de", query: "Anhalt", not: "anwalt" },
  { lang: "de", query: "Autor", not: "auto" },
  { lang: "de", query: "bauen", not: "bauer" },
  { lang: "de", query: "bitte", not: "bite" },
  { lang: "de", query: "Dauer", not: "bauer" },
  { lang: "de", query: "echt", not: "recht" },
  { lang: "de", query: "egal", not: "legal" },
  { lang: "de", query: "Falle", not: "fall" },
  { lang: "de", query: "Fische", not: "fischer" },
  { lang: "de", query: "Haus", not: "hauts" },
  { lang: "de", query: "Hecht", not: "recht" },
  { lang: "de", query: "Kanzler", not: "kanzlei" },
  { lang: "de", query: "Klima", not: "lima" },
  { lang: "de", query: "leider", not: "leiden" },
  { lang: "de", query: "leiten", not: "leiden" },
  { lang: "de", query: "Leinen", not: "leiden" },
  { lang: "de", query: "Mauer", not: "bauer" },
  { lang: "de", query: "Orte", not: "norte" },
  { lang: "de", query: "Rechte", not: "recht" },
  { lang: "de", query: "rechts", not: "recht" },
  { lang: "de", query: "reife", not: "recife" },
  { lang: "de", query: "Regal", not: "legal" },
  { lang: "de", query: "Produkt", not: "product" },
  { lang: "de", query: "Masse", not: "mass" },
  { lang: "de", query: "Motte", not: "lotte" },
  { lang: "de", query: "meiden", not: "leiden" },
  { lang: "de", query: "Unfall" },
  { lang: "de", query: "Arzt" },
  { lang: "de", query: "Rente" },
  { lang: "de", query: "Auffahrunfall" },
  { lang: "de", query: "Schleudertrauma" },
  { lang: "de", query: "Auto" },
  { lang: "de", query: "Mnchen", to: "munchen" },
  { lang: "de", query: "Hambrug", to: "hamburg" },
  { lang: "de", query: "Rechtsanwlt", to: "rechtsanwalt" },
  { lang: "de", query: "Verkehrsunfal", to: "verkehrsunfall" },
  { lang: "de", query: "Kanzlie", to: "kanzlei" },
  { lang: "de", query: "Schmidtt", to: "schmidt" },
  { lang: "de", query: "Fischr", to: "fischer" },
  { lang: "de", query: "Hundebis", to: "hundebiss" },
  { lang: "de", query: "Unfal", to: "unfall" },
  { lang: "de", query: "Bauuer", to: "bauer" },
  { lang: "de", query: "Anwalt Arzt Fehler Geburt", word: "Arzt" },
  // fr
  { lang: "fr", query: "abus", not: "abuse" },
  { lang: "fr", query: "agent", not: "gent" },
  { lang: "fr", query: "amuse", not: "abuse" },
  { lang: "fr", query: "bain", not: "brain" },
  { lang: "fr", query: "bille", not: "lille" },
  { lang: "fr", query: "bisque", not: "basque" },
  { lang: "fr", query: "botte", not: "lotte" },
  { lang: "fr", query: "cabine", not: "cabinet" },
  { lang: "fr", query: "casque", not: "basque" },
  { lang: "fr", query: "clair", not: "claire" },
  { lang: "fr", query: "doute", not: "route" },
  { lang: "fr", query: "brin", not: "brain" },
  { lang: "fr", query: "errer", not: "erreur" },
  { lang: "fr", query: "bouton", not: "boston" },
  { lang: "fr", query: "faim", not: "fait" },
  { lang: "fr", query: "fille", not: "lille" },
  { lang: "fr", query: "foire", not: "loire" },
  { lang: "fr", query: "forte", not: "norte" },
  { lang: "fr", query: "grain", not: "brain" },
  { lang: "fr", query: "grand", not: "grande" },
  { lang: "fr", query: "grave", not: "grace" },
  { lang: "fr", query: "haute", not: "hauts" },
  { lang: "fr", query: "homme", not: "home" },
  { lang: "fr", query: "lieu", not: "lieux" },
  { lang: "fr", query: "maison", not: "mason" },
  { lang: "fr", query: "mille", not: "lille" },
  { lang: "fr", query: "matin", not: "martin" },
  { lang: "fr", query: "noire", not: "loire" },
  { lang: "fr", query: "pain", not: "spain" },
  { lang: "fr", query: "porte", not: "porto" },
  { lang: "fr", query: "roue", not: "route" },
  { lang: "fr", query: "chute" },
  { lang: "fr", query: "cabinet" },
  { lang: "fr", query: "rente" },
  { lang: "fr", query: "avocta", to: "avocat" },
  { lang: "fr", query: "Pariss", to: "paris" },
  { lang: "fr", query: "Nantse", to: "nantes" },
  { lang: "fr", query: "cabinte", to: "cabinet" },
  { lang: "fr", query: "erreure", to: "erreur" },
  { lang: "fr", query: "Bernrad", to: "bernard" },
  { lang: "fr", query: "Moreua", to: "moreau" },
  { lang: "fr", query: "morsur", to: "morsure" },
  { lang: "fr", query: "avocts", to: "avocats" },
  { lang: "fr", query: "avocat chute dans un magasin", word: "chute" },
  { lang: "fr", query: "avocta", to: "avocat" },
  // es
  { lang: "es", query: "cosa", not: "costa" },
  { lang: "es", query: "corte", not: "norte" },
  { lang: "es", query: "dados", not: "danos" },
  { lang: "es", query: "datos", not: "danos" },
  { lang: "es", query: "deber", not: "weber" },
  { lang: "es", query: "falla", not: "fall" },
  { lang: "es", query: "fallo", not: "fall" },
  { lang: "es", query: "fuerte", not: "muerte" },
  { lang: "es", query: "gente", not: "gent" },
  { lang: "es", query: "grave", not: "grace" },
  { lang: "es", query: "hablo", not: "pablo" },
  { lang: "es", query: "harto", not: "parto" },
  { lang: "es", query: "leal", not: "legal" },
  { lang: "es", query: "limo", not: "lima" },
  { lang: "es", query: "llena", not: "lena" },
  { lang: "es", query: "lucha", not: "lucia" },
  { lang: "es", query: "malo", not: "mala" },
  { lang: "es", query: "manos", not: "danos" },
  { lang: "es", query: "media", not: "medica" },
  { lang: "es", query: "medio", not: "medico" },
  { lang: "es", query: "medida", not: "medica" },
  { lang: "es", query: "motor", not: "moto" },
  { lang: "es", query: "muerto", not: "muerte" },
  { lang: "es", query: "noche", not: "coche" },
  { lang: "es", query: "oliva", not: "olivia" },
  { lang: "es", query: "pacto", not: "parto" },
  { lang: "es", query: "pais", not: "paris" },
  { lang: "es", query: "palo", not: "paulo" },
  { lang: "es", query: "parada", not: "parana" },
  { lang: "es", query: "pardo", not: "parto" },
  { lang: "es", query: "parto" },
  { lang: "es", query: "carta" },
  { lang: "es", query: "auto" },
  { lang: "es", query: "abogdo", to: "abogado" },
  { lang: "es", query: "accidnte", to: "accidente" },
  { lang: "es", query: "negligncia", to: "negligencia" },
  { lang: "es", query: "Lopze", to: "lopez" },
  { lang: "es", query: "laborl", to: "laboral" },
  { lang: "es", query: "mordedra", to: "mordedura" },
  { lang: "es", query: "Valenica", to: "valencia" },
  { lang: "es", query: "abogdos", to: "abogados" },
  { lang: "es", query: "Martínze", to: "martinez" },
  { lang: "es", query: "abogado negligencia médica en el parto", word: "parto" },
  { lang: "es", query: "abogdo", to: "abogado" },
  // pt-BR
  { lang: "pt-BR", query: "dados", not: "danos" },
  { lang: "pt-BR", query: "dano", not: "danos" },
  { lang: "pt-BR", query: "lesado", not: "lesao" },
  { lang: "pt-BR", query: "erra", not: "erro" },
  { lang: "pt-BR", query: "ferro", not: "erro" },
  { lang: "pt-BR", query: "caro", not: "carro" },
  { lang: "pt-BR", query: "cargo", not: "carro" },
  { lang: "pt-BR", query: "barro", not: "carro" },
  { lang: "pt-BR", query: "conta", not: "costa" },
  { lang: "pt-BR", query: "corte", not: "norte" },
  { lang: "pt-BR", query: "custa", not: "costa" },
  { lang: "pt-BR", query: "forte", not: "norte" },
  { lang: "pt-BR", query: "grade", not: "grande" },
  { lang: "pt-BR", query: "gente", not: "gent" },
  { lang: "pt-BR", query: "grave", not: "grace" },
  { lang: "pt-BR", query: "homem", not: "home" },
  { lang: "pt-BR", query: "lenda", not: "lena" },
  { lang: "pt-BR", query: "lenta", not: "lena" },
  { lang: "pt-BR", query: "limo", not: "lima" },
  { lang: "pt-BR", query: "leal", not: "legal" },
  { lang: "pt-BR", query: "fala", not: "fall" },
  { lang: "pt-BR", query: "farto", not: "parto" },
  { lang: "pt-BR", query: "cedro", not: "pedro" },
  { lang: "pt-BR", query: "digo", not: "diego" },
  { lang: "pt-BR", query: "doutor", not: "doctor" },
  { lang: "pt-BR", query: "donos", not: "danos" },
  { lang: "pt-BR", query: "anos", not: "danos" },
  { lang: "pt-BR", query: "antes", not: "nantes" },
  { lang: "pt-BR", query: "clima", not: "lima" },
  { lang: "pt-BR", query: "cesta", not: "costa" },
  { lang: "pt-BR", query: "parto" },
  { lang: "pt-BR", query: "porto" },
  { lang: "pt-BR", query: "erro" },
  { lang: "pt-BR", query: "carta" },
  { lang: "pt-BR", query: "auto" },
  { lang: "pt-BR", query: "rente" },
  { lang: "pt-BR", query: "acidnte", to: "acidente" },
  { lang: "pt-BR", query: "advogdo", to: "advogado" },
  { lang: "pt-BR", query: "Curtiba", to: "curitiba" },
  { lang: "pt-BR", query: "Recfe", to: "recife" },
  { lang: "pt-BR", query: "Slva", to: "silva" },
  { lang: "pt-BR", query: "Almieda", to: "almeida" },
  { lang: "pt-BR", query: "advogdos", to: "advogados" },
  { lang: "pt-BR", query: "trabalo", to: "trabalho" },
  { lang: "pt-BR", query: "erro médico no parto em São Paulo", word: "parto" },
  { lang: "pt-BR", query: "advogado acidente de carro no Porto", word: "carro" },
  { lang: "pt-BR", query: "advogdo", to: "advogado" },
  { lang: "pt-BR", query: "Curitba", to: "curitiba" },
  // nl
  { lang: "nl", query: "bakken", not: "bakker" },
  { lang: "nl", query: "beiden", not: "leiden" },
  { lang: "nl", query: "berg", not: "bern" },
  { lang: "nl", query: "echt", not: "recht" },
  { lang: "nl", query: "elft", not: "delft" },
  { lang: "nl", query: "forten", not: "fouten" },
  { lang: "nl", query: "houten", not: "fouten" },
  { lang: "nl", query: "jonge", not: "jong" },
  { lang: "nl", query: "kansen", not: "jansen" },
  { lang: "nl", query: "korte", not: "norte" },
  { lang: "nl", query: "leden", not: "leiden" },
  { lang: "nl", query: "leider", not: "leiden" },
  { lang: "nl", query: "lopen", not: "lopez" },
  { lang: "nl", query: "loper", not: "lopez" },
  { lang: "nl", query: "luiden", not: "leiden" },
  { lang: "nl", query: "makker", not: "bakker" },
  { lang: "nl", query: "kolen", not: "koln" },
  { lang: "nl", query: "massa", not: "mass" },
  { lang: "nl", query: "meiden", not: "leiden" },
  { lang: "nl", query: "paus", not: "paul" },
  { lang: "nl", query: "rechts", not: "recht" },
  { lang: "nl", query: "slim", not: "slip" },
  { lang: "nl", query: "span", not: "spain" },
  { lang: "nl", query: "test", not: "tess" },
  { lang: "nl", query: "vaal", not: "val" },
  { lang: "nl", query: "vecht", not: "recht" },
  { lang: "nl", query: "vrees", not: "vries" },
  { lang: "nl", query: "weer", not: "weber" },
  { lang: "nl", query: "wakker", not: "bakker" },
  { lang: "nl", query: "weiden", not: "leiden" },
  { lang: "nl", query: "word", not: "work" },
  { lang: "nl", query: "letsel" },
  { lang: "nl", query: "schade" },
  { lang: "nl", query: "advocat", to: "advocaat" },
  { lang: "nl", query: "letselschde", to: "letselschade" },
  { lang: "nl", query: "Amsterdm", to: "amsterdam" },
  { lang: "nl", query: "Utrect", to: "utrecht" },
  { lang: "nl", query: "Leidn", to: "leiden" },
  { lang: "nl", query: "verkeersongevl", to: "verkeersongeval" },
  { lang: "nl", query: "Jansn", to: "jansen" },
  { lang: "nl", query: "Bakkr", to: "bakker" },
  { lang: "nl", query: "hondenbet", to: "hondenbeet" },
  { lang: "nl", query: "advokaat", to: "advocaat" },
  { lang: "nl", query: "advocaat letsel na een val", word: "letsel" },
];

/** The word a case is about (its query when `word` is absent). */
export function caseWord(c: RealWordCase): string {
  return c.word ?? c.query;
}

/** The markdown table of REAL_WORD_CASES (rows numbered from 1) as docs/search.md shows it. */
export function realWordsTableMarkdown(): string {
  const rows = REAL_WORD_CASES.map((c, i) => {
    const readAs = c.to ? `→ ${c.to}` : c.not ? `kept (not ${c.not})` : "kept";
    return `| ${i + 1} | ${c.lang} | ${c.query} | ${caseWord(c)} | ${readAs} |`;
  });
  return ["| # | lang | query | word | read as |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

/** The markers of the table in docs/search.md. */
export const REAL_WORDS_MARKERS = [
  "<!-- real-words-table:start -->",
  "<!-- real-words-table:end -->",
] as const;

/** `doc` with the text between REAL_WORDS_MARKERS replaced by realWordsTableMarkdown(). */
export function withRealWordsTable(doc: string): string {
  const [start, end] = REAL_WORDS_MARKERS;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error("docs/search.md has no real-words-table markers");
  return `${doc.slice(0, a + start.length)}\n${realWordsTableMarkdown()}\n${doc.slice(b)}`;
}
