/**
 * Query understanding on the server (spec §5; docs/search.md "How a query is understood"):
 * lib/query.ts parses the text; this module resolves the location part, corrects typos against
 * search_lexicon, and builds the full-text queries, always from bound parameters.
 */
import { sql } from "drizzle-orm";
import type { Locale } from "../../lib/i18n/locales.ts";
import { PRACTICE_AREA_TERMS } from "../../lib/i18n/practice-area-terms.ts";
import { translateQuery } from "../../lib/multilingual-query.ts";
import {
  DIRECTORY_WORDS,
  GENERIC_WORDS,
  type ParsedQuery,
  parseSearchQuery,
  tokenize,
} from "../../lib/query.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { foldText, hasCjk } from "../../lib/text-fold.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { filterKey, SearchCache } from "./cache.ts";
import { searchConditions, whereAll } from "./conditions.ts";
import { DICTIONARY_LOCALES, type DictionaryLocale, dictionary, hasDictionary } from "./dictionaries.ts";
import { factsIfReady } from "./facts.ts";
import { factsCount } from "./facts-count.ts";
import { factsFilter } from "./facts-filter.ts";
import { getGazetteer } from "./gazetteer.ts";
import { countryOfSubject, countryPlace, knownPlaces, type Place, resolveLocation } from "./location.ts";
import type { Understanding } from "./understanding.ts";
import { correctWord, getVocabulary, isTableWord, tableWordIndex } from "./vocabulary.ts";
import { boundedDuringWarmUp, COUNT_BUDGET_MS } from "./warm-up.ts";
import type { WordList } from "./wordlist.ts";

export { WORD_SIMILARITY } from "./vocabulary.ts";

/** Words a subject may consist of besides a place: generic, directory and practice-area words. */
const SUBJECT_WORDS: ReadonlySet<string> = new Set([
  ...GENERIC_WORDS,
  ...DIRECTORY_WORDS,
  ...PRACTICE_AREA_TERMS.flatMap((r) => [r.query, ...r.locales.en.terms].flatMap(tokenize)),
]);

/**
 * A place written without a marker ("Unfallanwalt München", "交通事故 弁護士 東京", "abogado
 * accidente de tráfico Madrid"): the longest run of up to four words (at the end first, then the
 * start, then inside) that names a known place (location.ts knownPlaces, no typo correction)
 * while every other word is a subject word (SUBJECT_WORDS) or a word the lexicon does not know
 * (left to the unknown-word rule). A single place name that is a lexicon word ("Toronto") stays
 * a text search as before.
 */
function affixPlace(
  text: string,
  vocabulary: Awaited<ReturnType<typeof getVocabulary>>,
): { location: string; rest: string; places: Place[] } | null {
  const words = text.split(/\s+/).filter(Boolean);
  const restOk = (w: string) =>
    tokenize(w).every(
      (t) => SUBJECT_WORDS.has(t) || (!vocabulary.words.has(foldText(t)) && !knownPlaces(vocabulary, t)),
    );
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const starts = [words.length - n, 0];
    for (let i = 1; i < words.length - n; i++) starts.push(i);
    for (const start of starts) {
      const place = words.slice(start, start + n);
      const rest = [...words.slice(0, start), ...words.slice(start + n)];
      if (!rest.every(restOk)) continue;
      const location = place.join(" ");
      if (rest.length === 0 && vocabulary.words.has(foldText(location))) continue;
      const places = knownPlaces(vocabulary, location);
      if (places && places.length > 0) return { location, rest: rest.join(" "), places };
    }
  }
  return null;
}

const cache = new SearchCache<Understanding>(1000, 5 * 60_000);

type WordRow = { word: string; stop: boolean; known: boolean; suggestion: string | null };

/** Letters of the Latin script only: the words a correction may replace (issue 28 §1). */
const LATIN_WORD = /^\p{Script=Latin}+$/u;

/**
 * Linking letters between the parts of a German or Dutch compound ("Verkehr-s-unfall",
 * "hond-en-beet"), which Hunspell's compound rules allow and the derived word lists lack.
 */
const COMPOUND_LINKS: Partial<Record<DictionaryLocale, readonly string[]>> = {
  de: ["s", "es", "n", "en", "er"],
  nl: ["s", "en", "e"],
};

/** Shortest part of a compound that counts (issue 28 §1): "ham" + "brug" is no word of "hambrug". */
const COMPOUND_PART = 4;

/**
 * True when `word` (folded) is a compound of dictionary words in `list`: two or three parts of at
 * least COMPOUND_PART letters, a part before another optionally ending in a linking letter of
 * `links` ("rechtsanwalt" = recht + s + anwalt, "letselschade" = letsel + schade).
 */
function isCompound(list: WordList, word: string, links: readonly string[], parts = 1): boolean {
  if (parts > 3) return false;
  for (let i = COMPOUND_PART; i <= word.length - COMPOUND_PART; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    const headOk =
      list.has(head) ||
      links.some(
        (l) =>
          head.endsWith(l) && head.length - l.length >= COMPOUND_PART && list.has(head.slice(0, -l.length)),
      );
    if (headOk && (list.has(tail) || isCompound(list, tail, links, parts + 1))) return true;
  }
  return false;
}

/**
 * True when `word` is a real word of one of `languages` (issue 28 §1 "Never correct a real
 * word"): its folded form is in that language's Hunspell word list (dictionaries.ts; loaded on
 * first use), or, in German and Dutch among `compoundLanguages` (the page's and the query's own
 * languages, not every dictionary tried for a query of unknown language), a compound of such words.
 */
export async function isRealWord(
  word: string,
  languages: readonly DictionaryLocale[],
  compoundLanguages: readonly DictionaryLocale[] = languages,
): Promise<boolean> {
  const key = foldText(word);
  if (!key || key.includes(" ")) return false;
  for (const lang of languages) {
    const list = await dictionary(lang);
    if (list.has(key)) return true;
    const links = COMPOUND_LINKS[lang];
    if (
      links &&
      compoundLanguages.includes(lang) &&
      key.length >= 2 * COMPOUND_PART &&
      isCompound(list, key, links)
    )
      return true;
  }
  return false;
}

/** The dictionaries a query is checked against (dictionaryLanguages). */
export interface QueryDictionaries {
  /** Every language whose word list keeps a word. */
  all: DictionaryLocale[];
  /** The page's and the query's own languages (compounds count only there). */
  own: DictionaryLocale[];
}

/**
 * The dictionaries whose words a query keeps (issue 28 §1): the page's language and the languages
 * whose table words the query used (translateQuery `languages`: "erro médico" is Portuguese, "Anwalt"
 * German), those that have a Hunspell dictionary (`own`); when the query used none, every
 * dictionary too (`all`: a lone "parto" is a word of Portuguese and Spanish, whatever the page).
 */
export function dictionaryLanguages(
  locale: Locale | undefined,
  recognised: readonly string[],
): QueryDictionaries {
  const own = new Set<DictionaryLocale>(recognised.filter(hasDictionary));
  if (locale && hasDictionary(locale)) own.add(locale);
  return { own: [...own], all: recognised.length === 0 ? [...DICTIONARY_LOCALES] : [...own] };
}

/**
 * Looks up each word: is it a stop word (empty english tsquery), is it in search_lexicon, and,
 * only when unknown (3+ letters, no digits, Latin letters), its closest usable lexicon word or
 * table word of the query's languages (vocabulary.ts: trigram similarity >= 0.3, at most one edit
 * per five letters, never a stop word) unless the word is a real word of those languages
 * (isRealWord; issue 28 §1). `correct: false` looks up nothing to replace. One small query for
 * the unaccented key and the stop test; the lexicon itself is searched in process.
 */
async function lookupWords(
  db: Db,
  words: string[],
  correct: boolean,
  languages: QueryDictionaries,
  tableLanguages: readonly string[],
): Promise<Map<string, WordRow>> {
  const out = new Map<string, WordRow>();
  if (words.length === 0) return out;
  const arr = sql`ARRAY[${sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  )}]`;
  const [res, vocabulary] = await Promise.all([
    db.execute<{ word: string; key: string; stop: boolean }>(sql`
      SELECT t.word, lower(public.f_unaccent(t.word)) AS key,
        numnode(plainto_tsquery('english', public.f_unaccent(t.word))) = 0 AS stop
      FROM unnest(${arr}) AS t(word)`),
    getVocabulary(db),
  ]);
  const extra = tableLanguages.map(tableWordIndex);
  for (const r of res.rows) {
    const known = vocabulary.words.has(r.key);
    // A real place name ("München", "Muncie") is never corrected into another word (issue 14 §3),
    // nor a word of the translation table, a word of another script than Latin (Japanese and
    // Arabic have no word list, issue 28 §1) or a real word of the query's or page's language.
    const place = !known && getGazetteer().cityIds.has(foldText(r.word));
    let suggestion =
      correct &&
      !known &&
      !place &&
      !r.stop &&
      r.key.length >= 3 &&
      !/[0-9]/.test(r.key) &&
      LATIN_WORD.test(r.key) &&
      !isTableWord(foldText(r.word))
        ? correctWord(vocabulary, r.key, extra)
        : null;
    if (suggestion === r.key) suggestion = null;
    if (suggestion && (await isRealWord(r.word, languages.all, languages.own))) suggestion = null;
    out.set(r.word, { word: r.word, stop: r.stop, known, suggestion });
  }
  return out;
}

/**
 * The country a subject names when, without its generic and directory words and a synonym group
 * that filters nothing, it is only a country alias or a capitalised ISO code that is no lexicon
 * word ("USA", "UK lawyers", "CA"; not "car" nor "CAR", the lexicon word). Null otherwise.
 */
async function subjectCountry(db: Db, parsed: ParsedQuery): Promise<{ text: string; code: string } | null> {
  const group = parsed.group;
  if (group?.alternatives.every((alt) => alt.length > 0)) return null;
  const phraseWords = new Set(group ? tokenize(group.matched) : []);
  const words = (parsed.subject.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => {
    const lower = w.toLowerCase();
    return !GENERIC_WORDS.has(lower) && !DIRECTORY_WORDS.has(lower) && !phraseWords.has(lower);
  });
  if (words.length === 0 || words.length > 4) return null;
  const text = words.join(" ");
  const code = countryOfSubject(text);
  if (!code) return null;
  if (/^[A-Z]{2,3}$/.test(text) && (await getVocabulary(db)).words.has(text.toLowerCase())) return null;
  return { text, code };
}

/** How understand() reads a request besides its parameters (issue 28 §1). */
export interface UnderstandOptions {
  /** The page's language (the API: Accept-Language's); its dictionary keeps real words. */
  locale?: Locale;
  /** false: no typo correction at all, neither of words nor of places (default true). */
  correct?: boolean;
}

/**
 * Whether a typed location may be typo-corrected into another place name (issue 28 §1): not when
 * it is written in another script than Latin, nor when it is one word that is a real word of
 * `languages` ("parto" is no typo of Porto). Several words may be ("Tor onto", "New Yrok").
 */
async function placeMayBeCorrected(text: string, languages: QueryDictionaries): Promise<boolean> {
  const words = foldText(text).split(" ").filter(Boolean);
  if (words.length === 0 || words.some((w) => !LATIN_WORD.test(w))) return false;
  return words.length > 1 || !(await isRealWord(words[0] as string, languages.all, languages.own));
}

/**
 * Understands the free text and location of a request. Cached per (query, location, locale,
 * correct) for five minutes and until the next refreshSearchData. Typo correction never replaces
 * a real word of the query's or the page's language (issue 28 §1; dictionaryLanguages); see
 * understandSearch for the rule that a correction never empties the results.
 */
export async function understand(
  db: Db,
  params: Pick<SearchParams, "query" | "location">,
  { locale, correct = true }: UnderstandOptions = {},
): Promise<Understanding> {
  const key = JSON.stringify([params.query ?? "", params.location ?? "", locale ?? "", correct]);
  const hit = cache.get(db, key);
  if (hit) return hit;

  const query = params.query ?? "";
  // Other languages and scripts become the English query of spec §5 (lib/multilingual-query.ts).
  // The gazetteer's CJK place names cut Japanese text into words; only CJK text needs them.
  const translated = translateQuery(query, hasCjk(query) ? getGazetteer().cjkWords : undefined);
  // Issue 28 §1: the dictionaries whose words are never corrected, and the table languages
  // whose words are correction candidates.
  const languages = dictionaryLanguages(locale, translated.languages);
  const tableLanguages = [...new Set([...(locale ? [locale] : []), ...translated.languages])];
  const mayCorrectPlace = async (text: string) => correct && (await placeMayBeCorrected(text, languages));

  const corrections: Record<string, string> = {};
  let filterPlaces: Place[] | null = null;
  if (params.location) {
    const loc = await resolveLocation(db, params.location, { mayCorrect: mayCorrectPlace });
    filterPlaces = loc.places;
    if (loc.corrected) corrections[params.location] = loc.corrected;
  }

  const text = translated.foreign ? translated.text : query;
  let parsed = parseSearchQuery(text, Boolean(params.location));
  let queryPlaces: Place[] | null = null;
  let queryLocation: string | null = null;
  if (parsed.location) {
    const loc = await resolveLocation(db, parsed.location, { mayCorrect: mayCorrectPlace });
    if (loc.places.length > 0) {
      queryPlaces = loc.places;
      queryLocation = parsed.location;
      if (loc.corrected) corrections[parsed.location] = loc.corrected;
    } else {
      // "lawyer at Smith & Partners": the part after the split word is no place, so the whole
      // query is the subject.
      parsed = parseSearchQuery(text, true);
    }
  }

  // A place before or after the subject without a marker ("Unfallanwalt München").
  if (!params.location && !parsed.location) {
    const affix = affixPlace(text, await getVocabulary(db));
    if (affix) {
      queryPlaces = affix.places;
      queryLocation = affix.location;
      parsed = { ...parseSearchQuery(affix.rest, true), location: affix.location };
    }
  }

  // A subject that is only a country ("USA", "UK lawyers") is the location, as the split would
  // make it ("lawyers in USA"), when no location filter is set.
  if (!params.location && !parsed.location && parsed.required.length > 0) {
    const country = await subjectCountry(db, parsed);
    if (country) {
      queryPlaces = [countryPlace(country.code)];
      queryLocation = country.text;
      const rest = tokenize(parsed.subject).filter((w) => !tokenize(country.text).includes(w));
      parsed = { ...parseSearchQuery(rest.join(" "), true), location: country.text };
    }
  }

  // Typo correction of the words the visitor typed (not of the fixed synonym phrases).
  const lookups = await lookupWords(db, parsed.required, correct, languages, tableLanguages);
  const replaced: Record<string, string> = {};
  for (const w of parsed.required) {
    const r = lookups.get(w);
    if (r && !r.known && !r.stop && r.suggestion && r.suggestion !== w) replaced[w] = r.suggestion;
  }
  if (Object.keys(replaced).length > 0) {
    Object.assign(corrections, replaced);
    const text = tokenize(parsed.subject)
      .map((t) => replaced[t] ?? t)
      .join(" ");
    // A correction into a word of the translation table ("avocta" → "avocat") is translated too.
    const again = translateQuery(text);
    parsed = {
      ...parseSearchQuery(again.foreign ? again.text : text, true),
      subject: parsed.subject,
      location: parsed.location,
    };
  }
  const originals = new Map(Object.entries(replaced).map(([from, to]) => [to, from]));
  const stopWords = new Set([...lookups.values()].filter((r) => r.stop).map((r) => r.word));
  let required = parsed.required
    .filter((w) => !stopWords.has(w))
    .map((word) => {
      const original = originals.get(word);
      return original ? { word, original } : { word };
    });

  // Unknown words that no lawyer matches are left out when something else still filters, so one
  // unknown word never empties the results (issue 14 §3); the response names them.
  const ignoredWords: string[] = [];
  const unknown = required.filter((r) => {
    if (r.original || lookups.get(r.word)?.known) return false;
    // A place name ("USA" with the filter Canada) stays: it is no unknown word.
    const fold = foldText(r.word);
    const gazetteer = getGazetteer();
    return !countryOfSubject(r.word) && !gazetteer.countries.has(fold) && !gazetteer.cityIds.has(fold);
  });
  const groupFilters = parsed.group?.alternatives.every((a) => a.length > 0) ?? false;
  if (
    unknown.length > 0 &&
    (required.length > unknown.length || groupFilters || queryPlaces || filterPlaces)
  ) {
    const arr = sql`ARRAY[${sql.join(
      unknown.map((r) => sql`${r.word}::text`),
      sql`, `,
    )}]`;
    // Issue 29: bounded while the first search facts build (search/warm-up.ts).
    const res = await boundedDuringWarmUp(db, COUNT_BUDGET_MS, (d) =>
      d.execute<{ word: string; found: boolean }>(sql`
      SELECT t.word, EXISTS (SELECT 1 FROM ${lawyers}
        WHERE ${lawyers.searchVector} @@ plainto_tsquery('english', public.f_unaccent(t.word))) AS found
      FROM unnest(${arr}) AS t(word)`),
    );
    const missing = new Set(res.rows.filter((r) => !r.found).map((r) => r.word));
    if (missing.size > 0 && (missing.size < required.length || groupFilters || queryPlaces || filterPlaces)) {
      required = required.filter((r) => !missing.has(r.word));
      const typed = tokenize(query);
      for (const w of missing) ignoredWords.push(typed.find((t) => foldText(t) === foldText(w)) ?? w);
      parsed = { ...parsed, required: parsed.required.filter((w) => !missing.has(w)) };
    }
  }

  const result: Understanding = {
    parsed,
    queryLocation,
    queryPlaces,
    filterPlaces,
    corrections,
    synonyms: parsed.group ? parsed.group.phrases.filter((p) => p !== parsed.group?.matched) : [],
    required,
    ignoredWords,
  };
  cache.set(db, key, result);
  return result;
}

/** The decision of understandSearch per request, so a search and its facets read it alike. */
const decisions = new SearchCache<boolean>(2000, 5 * 60_000);

/** Whether any listing matches `params` as `u` reads them (the search facts, else one EXISTS). */
async function anyMatch(db: Db, params: SearchParams, u: Understanding): Promise<boolean> {
  const facts = await factsIfReady(db);
  const test = facts ? factsFilter(facts, params, u) : null;
  if (facts && test) return factsCount(facts, test) > 0;
  // Issue 29: an EXISTS that matches nothing reads every row; bounded during warm-up.
  const res = await boundedDuringWarmUp(db, COUNT_BUDGET_MS, (d) =>
    d.execute<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM ${lawyers} WHERE ${whereAll(searchConditions(params, u))}) AS found`,
    ),
  );
  return Boolean(res.rows[0]?.found);
}

/**
 * The understanding a search and its facets use (issue 28 §1 "never let a correction empty the
 * results"): understand() with typo correction; when that corrected something and then no
 * listing matches every filter of `params`, the request read without any correction instead —
 * which keeps the visitor's own words (the unknown-word rule may still leave out a word no lawyer
 * matches) and claims no correction, whether it finds lawyers or, like the corrected one, none.
 * `locale`: the page's language (its dictionary keeps real words, understand()).
 */
export async function understandSearch(
  db: Db,
  params: SearchParams,
  locale?: Locale,
): Promise<Understanding> {
  const u = await understand(db, params, { locale });
  if (Object.keys(u.corrections).length === 0) return u;
  const key = filterKey(params, locale);
  let keep = decisions.get(db, key);
  if (keep === undefined) {
    keep = await anyMatch(db, params, u);
    decisions.set(db, key, keep);
  }
  return keep ? u : understand(db, params, { locale, correct: false });
}
