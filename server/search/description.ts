/**
 * Descriptions of what happened as search text (issue 19 §4, issue 28 §1; docs/search.md
 * "Describing what happened"). When the `query` reads as a description ("I slipped on a wet
 * floor at the supermarket", "ich wurde in München von einem Hund gebissen", "صدمتني سيارة",
 * "erro médico no parto"), the search does not look for its words in the lawyers' text (no
 * lawyer writes "slipped" or "supermarket"):
 *   - the description classifier (classifier.ts) names every practice area that fits, the most
 *     specific first ("Birth Injury, Medical Malpractice");
 *   - the search filters to lawyers practising ANY of those areas (the `practiceAreas` filter;
 *     an explicit `practiceAreas` selection wins and is kept as chosen);
 *   - a place named in it ("… in Munich", "東京で…", "… في دبي") becomes the `location` filter
 *     (an explicit `location` wins);
 *   - the answer says which areas (SearchResult.understood.description; the API's
 *     X-Description-Areas header; the line "We read your description as: …" above the results).
 * Anything else (a name, a practice area, "car accident lawyer Munich": every row of the quality
 * table of docs/search.md) is searched exactly as before: readsAsDescription decides, cheaply,
 * without the gazetteer or the database.
 */

import {
  FILLER_WORDS,
  LAWYER_WORDS,
  LOCATION_MARKERS,
  PRACTICE_AREA_TERMS,
} from "../../lib/i18n/practice-area-terms.ts";
import { DIRECTORY_WORDS, GENERIC_WORDS } from "../../lib/query.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import type { PracticeArea } from "../../lib/taxonomy.ts";
import { foldText, hasCjk } from "../../lib/text-fold.ts";
import type { Db } from "../db/client.ts";
import { classifyDescription, descriptionModel } from "./classifier.ts";
import { getGazetteer } from "./gazetteer.ts";
import { knownPlaces } from "./location.ts";
import { getVocabulary } from "./vocabulary.ts";

/**
 * Words that make a text read as someone telling what happened (folded): first-person pronouns
 * and possessives, auxiliaries of the past and the passive, close relatives, in the eight
 * languages. Arabic marks the first person on the verb: see ARABIC_FIRST_PERSON.
 */
const NARRATIVE_WORDS: ReadonlySet<string> = new Set(
  [
    // en
    "i",
    "me",
    "my",
    "we",
    "our",
    "us",
    "was",
    "were",
    "got",
    "had",
    "been",
    "im",
    "ive",
    "son",
    "daughter",
    "mother",
    "mum",
    "mom",
    "father",
    "dad",
    "husband",
    "wife",
    "child",
    "baby",
    // de
    "ich",
    "mich",
    "mir",
    "mein",
    "meine",
    "meinem",
    "meinen",
    "meiner",
    "wir",
    "uns",
    "unser",
    "unsere",
    "unseren",
    "wurde",
    "wurden",
    "bin",
    "habe",
    "hatte",
    "war",
    // fr
    "je",
    "j",
    "m",
    "moi",
    "mon",
    "ma",
    "mes",
    "nous",
    "notre",
    "nos",
    "suis",
    "ai",
    "ete",
    "etait",
    // es
    "yo",
    "mi",
    "mis",
    "nuestro",
    "nuestra",
    "fue",
    "fui",
    "estaba",
    "tuve",
    "sufri",
    // pt
    "eu",
    "meu",
    "minha",
    "meus",
    "minhas",
    "nosso",
    "nossa",
    "foi",
    "estava",
    "tive",
    "sofri",
    // nl
    "ik",
    "mij",
    "mijn",
    "wij",
    "ons",
    "onze",
    "werd",
    "ben",
    "heb",
    "had",
    // ar (folded by lib/text-fold.ts: أنا -> انا)
    "انا",
    "لي",
    "علي",
    "كنت",
    "ابني",
    "ابنتي",
    "زوجي",
    "زوجتي",
    "والدي",
    "امي",
    "ابي",
    "طفلي",
    "اخي",
  ].map(foldText),
);

/** Arabic first-person forms on the verb: "صدمتني" (…me), "سقطت" (I fell), "تعرضت". */
const ARABIC_FIRST_PERSON = /^\p{Script=Arabic}{2,}(ني|[^ا]ت|نا)$/u;

/** Folded single words of a list of phrases. */
function wordsOf(lists: readonly (readonly string[])[]): Set<string> {
  return new Set(lists.flatMap((l) => l.flatMap((p) => foldText(p).split(" ").filter(Boolean))));
}

/** "lawyer" and its kin in every language of lib/i18n/practice-area-terms.ts, folded. */
const LAWYER: ReadonlySet<string> = wordsOf([...Object.values(LAWYER_WORDS), [...DIRECTORY_WORDS]]);

/**
 * The words that make a query a plain practice-area or place search ("accident", "route",
 * "medische", "fout", "de", "à"): every practice-area term, filler word and location marker of
 * every locale, folded.
 */
const SUBJECT: ReadonlySet<string> = wordsOf([
  ...PRACTICE_AREA_TERMS.flatMap((r) => Object.values(r.locales).map((l) => l.terms)),
  ...Object.values(FILLER_WORDS),
  ...Object.values(LOCATION_MARKERS),
  [...GENERIC_WORDS],
]);

/**
 * Every practice-area term of every locale as folded words, with the practice areas it names
 * (none for the directory's "Personal Injury" terms; "premises liability" names Slip & Fall and
 * Premises Liability), by first word, longest first: namesSeveralAreas matches them whole.
 */
const AREA_PHRASES: ReadonlyMap<
  string,
  readonly { words: readonly string[]; areas: readonly PracticeArea[] }[]
> = (() => {
  const byPhrase = new Map<string, Set<PracticeArea>>();
  for (const row of PRACTICE_AREA_TERMS) {
    for (const l of Object.values(row.locales)) {
      for (const term of [...l.terms, l.label]) {
        const key = foldText(term);
        if (!key) continue;
        const areas = byPhrase.get(key) ?? new Set<PracticeArea>();
        if (row.area !== "Personal Injury") areas.add(row.area);
        byPhrase.set(key, areas);
      }
    }
  }
  const out = new Map<string, { words: string[]; areas: PracticeArea[] }[]>();
  for (const [key, areas] of byPhrase) {
    const words = key.split(" ");
    const list = out.get(words[0] as string) ?? [];
    list.push({ words, areas: [...areas] });
    out.set(words[0] as string, list);
  }
  for (const list of out.values()) list.sort((x, y) => y.words.length - x.words.length);
  return out;
})();

/** Filler words, place markers, generic and directory words of every locale (folded): they name no area. */
const NAMES_NO_AREA: ReadonlySet<string> = wordsOf([
  ...Object.values(FILLER_WORDS),
  ...Object.values(LOCATION_MARKERS),
  [...GENERIC_WORDS, ...DIRECTORY_WORDS],
]);

/** Each word of the practice-area terms (folded) with the areas of the terms it occurs in (not NAMES_NO_AREA). */
const AREA_TERM_WORDS: ReadonlyMap<string, ReadonlySet<PracticeArea>> = (() => {
  const out = new Map<string, Set<PracticeArea>>();
  for (const { words, areas } of [...AREA_PHRASES.values()].flat()) {
    for (const w of words) {
      if (NAMES_NO_AREA.has(w)) continue;
      const set = out.get(w) ?? new Set<PracticeArea>();
      for (const a of areas) set.add(a);
      out.set(w, set);
    }
  }
  return out;
})();

/**
 * True when `words` (the folded words of a query) name the terms of more than one practice area
 * (issue 28 §1): a whole term of some areas and another whole term, or another word of the
 * terms, that names only areas disjoint from them. "erro médico no parto" ("erro médico":
 * Medical Malpractice; "parto": a word of Birth Injury's "lesão no parto") is a case told in a
 * few words, not a search for one practice area; "car accident lawyer Munich", "slip and fall
 * premises liability" and every other row of the search quality table name one (the plain
 * search applies one synonym group and would drop the other area).
 */
function namesSeveralAreas(words: readonly string[]): boolean {
  // Whole terms, left to right, the longest at each position (like lib/multilingual-query.ts).
  const covered = words.map(() => false);
  const named: (readonly PracticeArea[])[] = [];
  for (let i = 0; i < words.length; ) {
    const phrase = AREA_PHRASES.get(words[i] as string)?.find(
      (p) => i + p.words.length <= words.length && p.words.every((w, k) => words[i + k] === w),
    );
    if (!phrase) {
      i++;
      continue;
    }
    covered.fill(true, i, i + phrase.words.length);
    if (phrase.areas.length > 0) named.push(phrase.areas);
    i += phrase.words.length;
  }
  if (named.length === 0) return false;
  const disjoint = (a: Iterable<PracticeArea>, b: readonly PracticeArea[]) =>
    ![...a].some((x) => b.includes(x));
  if (named.some((a) => named.some((b) => disjoint(a, b)))) return true;
  const all = named.flat();
  return words.some((w, i) => {
    const areas = covered[i] ? undefined : AREA_TERM_WORDS.get(w);
    return areas !== undefined && areas.size > 0 && disjoint(areas, all);
  });
}

/** See readsAsDescription: the share of known features that makes a narrative text a description. */
export const KNOWN_FEATURE_SHARE = 0.7;

/** Words that put a place after them ("in Munich", "à Lyon", "في دبي"), folded. */
const PLACE_MARKERS: ReadonlySet<string> = wordsOf([...Object.values(LOCATION_MARKERS), ["at", "a"]]);

/** What the search read a description as. */
export interface DescriptionReading {
  /** Every fitting practice area, the most specific first (classifier.ts; issue 28 §1). */
  areas: PracticeArea[];
  /** The place named in the description and used as the location filter, else null. */
  location: string | null;
}

/** Japanese text that tells what happened: a verb in the past or passive (…た, …だ, …れ…). */
function japaneseReadsAsDescription(text: string): boolean {
  const kana = text.match(/\p{Script=Hiragana}/gu) ?? [];
  return kana.length >= 2 && /[ただれ]/u.test(text) && [...text.replace(/\s/g, "")].length >= 5;
}

/**
 * True when `query` reads as a description of what happened rather than a name, a practice area
 * or a place (see the module comment). Latin and Arabic scripts: at least one narrative word
 * (NARRATIVE_WORDS, or an Arabic first-person verb) and at least one word the classifier's
 * training data knows that leans to one area ("car", "slipped", "gebissen"), with two or more
 * words besides "lawyer" words; without a narrative word, three words that are no area term,
 * filler or place marker, two of them leaning to an area, or the terms of two practice areas
 * (namesSeveralAreas, issue 28 §1: "erro médico no parto"); Japanese: a verb in the past or
 * passive. Pure, no I/O beyond the one-time training of the model (never for a plain query).
 */
export function readsAsDescription(query: string | undefined): boolean {
  if (!query) return false;
  if (hasCjk(query)) return japaneseReadsAsDescription(query);
  const words = foldText(query)
    .split(" ")
    .filter((w) => w && !LAWYER.has(w));
  if (words.length < 2) return false;
  // The model is trained only when a text could be a description (never for "car accident
  // lawyer in Toronto", a name or a place), so ordinary searches never pay for the training.
  const leans = (w: string) => w.length >= 3 && !NARRATIVE_WORDS.has(w) && descriptionModel().leaning.has(w);
  if (words.some((w) => NARRATIVE_WORDS.has(w) || ARABIC_FIRST_PERSON.test(w))) {
    if (words.some(leans)) return true;
    // No single telling word: the text is a description when most of its character n-grams are
    // the training data's ("tumour" meets "tumeur", "Tumor", "tumor").
    // Capitalised words after the first are most likely names of places or people ("Barcelona"):
    // they do not count against the share.
    const plain = query
      .split(/\s+/)
      .filter((w, i) => i === 0 || !/^\p{Lu}/u.test(w))
      .join(" ");
    const c = classifyDescription(plain);
    return words.length >= 4 && c.knownFeatures / Math.max(1, c.features) >= KNOWN_FEATURE_SHARE;
  }
  const content = words.filter((w) => !SUBJECT.has(w));
  return (
    (content.length >= 3 && content.filter(leans).length >= 2) ||
    namesSeveralAreas(foldText(query).split(" ").filter(Boolean))
  );
}

/**
 * The place a description names, as typed: the longest capitalised run of one to three words
 * that is not the first word, else the longest run after a place marker (PLACE_MARKERS), or,
 * in Japanese, a city name of the gazetteer inside the text; only places with lawyers in the
 * directory count (location.ts knownPlaces), and never a word of the training descriptions
 * ("una", "park") nor a run shorter than three letters ("St"). Null when none.
 */
async function placeOf(db: Db, query: string): Promise<string | null> {
  const vocabulary = await getVocabulary(db);
  if (hasCjk(query)) {
    const cjk = getGazetteer().cjkWords;
    const chars = [...query];
    for (let n = Math.min(8, chars.length); n >= 2; n--) {
      for (let i = 0; i + n <= chars.length; i++) {
        const s = chars.slice(i, i + n).join("");
        if (cjk.has(foldText(s)) && knownPlaces(vocabulary, s)) return s;
      }
    }
    return null;
  }
  const words = query.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""));
  // Capitalised runs first ("… de Madrid", "in New York"), then runs after a place marker
  // written in lower case ("in münchen"). A run that is a word of the training descriptions
  // ("una", "the", "park") or shorter than three letters ("St") is never a place here.
  const trainingWords = descriptionModel().words;
  const capitalised: { start: number; n: number }[] = [];
  const marked: { start: number; n: number }[] = [];
  for (let n = 3; n >= 1; n--) {
    for (let i = 1; i + n <= words.length; i++) {
      const before = foldText(words[i - 1] ?? "");
      const first = words[i] ?? "";
      const upper = (w: string | undefined) => w !== undefined && /^\p{Lu}/u.test(w);
      // A whole capitalised sequence only: "St Mary" is no "Mary", "New York City" no "York".
      if (upper(first)) {
        if ((i === 1 || !upper(words[i - 1])) && !upper(words[i + n])) capitalised.push({ start: i, n });
      } else if (PLACE_MARKERS.has(before)) marked.push({ start: i, n });
    }
  }
  for (const { start, n } of [...capitalised, ...marked]) {
    const text = words.slice(start, start + n).join(" ");
    const fold = foldText(text);
    if ([...fold].length < 3 || NARRATIVE_WORDS.has(fold) || trainingWords.has(fold)) continue;
    if (knownPlaces(vocabulary, text)) return text;
  }
  return null;
}

/**
 * Reads a search request's `query` as a description when it is one (readsAsDescription): answers
 * the parameters the search runs with (no free text; `practiceAreas` the classified areas unless
 * the request chose some; `location` the place the description names unless the request set one)
 * and what it read. Other requests come back unchanged with `description: null`.
 */
export async function readDescription(
  db: Db,
  params: SearchParams,
): Promise<{ params: SearchParams; description: DescriptionReading | null }> {
  if (!readsAsDescription(params.query)) return { params, description: null };
  const query = params.query as string;
  const { areas } = classifyDescription(query);
  const location = await placeOf(db, query);
  return {
    params: {
      ...params,
      query: undefined,
      location: params.location ?? location ?? undefined,
      practiceAreas: params.practiceAreas.length > 0 ? params.practiceAreas : areas,
    },
    description: { areas, location: params.location ? null : location },
  };
}
