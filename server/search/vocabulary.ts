/**
 * The search vocabulary in process (docs/search.md "How a query is understood", "Location
 * matching", "Performance"): search_lexicon (a few thousand words) and search_places (a few
 * thousand places) held in memory per data version, with pg_trgm-compatible trigram similarity
 * and an edit-distance bound computed in JavaScript. Typo correction and fuzzy place names then
 * cost no trigram scan in the database (they were the slowest cold searches: 13 ms on PostgreSQL
 * and 26 ms on PGlite at 100,000 lawyers).
 */
import { sql } from "drizzle-orm";
import {
  LAWYER_WORDS,
  PRACTICE_AREA_TERMS,
  SEARCH_LOCALES,
  type SearchLocale,
} from "../../lib/i18n/practice-area-terms.ts";
import { foldText } from "../../lib/text-fold.ts";
import type { Db } from "../db/client.ts";
import { VersionedSnapshot } from "./cache.ts";

/** A place row of search_places (see location.ts Place). */
export interface PlaceEntry {
  kind: "city" | "state" | "country";
  key: string;
  name: string;
  countryCode: string;
  lawyerCount: number;
}

/** One correction candidate: a lexicon word (or a word of the translation table). */
export interface WordEntry {
  word: string;
  frequency: number;
  /** The word's english tsquery is empty (a stop word such as "on"): never a correction. */
  stop: boolean;
  trigrams: Set<string>;
}

/** A place key with its trigrams and the largest lawyer count among its places. */
interface PlaceKeyEntry {
  key: string;
  trigrams: Set<string>;
  lawyerCount: number;
}

/**
 * An inverted trigram index over a list (pg_trgm's GIN index in miniature): for each trigram the
 * positions of the entries that have it. Looking up a typed word then visits only the entries that
 * share a trigram with it instead of the whole list (issue 14 §3: the lexicon grew to ~20,000
 * words with bios in eight languages, and a full scan cost ~8 ms per unknown word).
 */
export interface TrigramIndex<T extends { trigrams: Set<string> }> {
  entries: T[];
  postings: Map<string, Int32Array>;
}

/** Builds the TrigramIndex of `entries` (their order is kept: positions index into it). */
export function trigramIndex<T extends { trigrams: Set<string> }>(entries: T[]): TrigramIndex<T> {
  const lists = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const t of e.trigrams) {
      const l = lists.get(t);
      if (l) l.push(i);
      else lists.set(t, [i]);
    }
  });
  const postings = new Map<string, Int32Array>();
  for (const [t, l] of lists) postings.set(t, Int32Array.from(l));
  return { entries, postings };
}

/**
 * The entries of `index` whose pg_trgm similarity to `tg` is at least `min` (0 < min <= 1), with
 * that similarity. Same answers as comparing `tg` with every entry, in time proportional to the
 * postings of tg's trigrams.
 */
export function similarEntries<T extends { trigrams: Set<string> }>(
  index: TrigramIndex<T>,
  tg: Set<string>,
  min: number,
): { entry: T; sim: number }[] {
  const common = new Map<number, number>();
  for (const t of tg) {
    const list = index.postings.get(t);
    if (!list) continue;
    for (const i of list) common.set(i, (common.get(i) ?? 0) + 1);
  }
  const out: { entry: T; sim: number }[] = [];
  for (const [i, c] of common) {
    const entry = index.entries[i] as T;
    const sim = c / (tg.size + entry.trigrams.size - c);
    if (sim >= min) out.push({ entry, sim });
  }
  return out;
}

/** The lexicon and places of one data version. */
export interface Vocabulary {
  version: number;
  words: Map<string, WordEntry>;
  /** Correction candidates: lexicon words whose tsquery is not empty, indexed by trigram. */
  candidates: TrigramIndex<WordEntry>;
  /** Places by key, most lawyers first. */
  places: Map<string, PlaceEntry[]>;
  /** The same places by lib/text-fold.ts foldText of their name (the gazetteer's keys). */
  placesByFold: Map<string, PlaceEntry[]>;
  /** One entry per distinct place key with its trigrams and largest lawyer count, indexed by trigram. */
  placeKeys: TrigramIndex<PlaceKeyEntry>;
}

/**
 * Trigrams of a text as pg_trgm computes them: each run of letters and digits, lower-cased,
 * padded with two spaces before and one after, cut into distinct three-character strings.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [" ", " ", ...word, " "];
    for (let i = 0; i + 2 < chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  }
  return out;
}

/** pg_trgm similarity(): shared trigrams / all distinct trigrams of both sets (0..1). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / (a.size + b.size - common);
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
 * adjacent characters each count 1 ("torronto" -> "toronto" = 1, "atlantis" -> "atlantico" = 2).
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= t.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] as number[];
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/**
 * Most edits a typo correction may need: one per five letters of what was typed, at least one
 * ("Torronto" 1, "Atlantis" 1, so not "Atlantico" which needs 2).
 */
export function maxEdits(typed: string): number {
  return Math.max(1, Math.floor([...typed].length / 5));
}

/** Minimum trigram similarity for replacing an unknown word by a lexicon word. */
export const WORD_SIMILARITY = 0.3;
/** Minimum trigram similarity for a typo-corrected place name. */
export const PLACE_SIMILARITY = 0.5;

/**
 * The closest usable lexicon word to an unknown word (already unaccented and lower-case): the
 * highest trigram similarity >= WORD_SIMILARITY among non-stop words within maxEdits edits; ties
 * by frequency, then the word. `extra`: more candidates (issue 28 §1: the translation table's
 * words of the query's languages, tableWordIndex), searched alike. Null when none qualifies.
 */
export function correctWord(
  v: Vocabulary,
  key: string,
  extra: readonly TrigramIndex<WordEntry>[] = [],
): string | null {
  const limit = maxEdits(key);
  const tg = trigrams(key);
  const similar = [v.candidates, ...extra]
    .flatMap((index) => similarEntries(index, tg, WORD_SIMILARITY))
    .sort(
      (a, b) =>
        b.sim - a.sim ||
        b.entry.frequency - a.entry.frequency ||
        (a.entry.word < b.entry.word ? -1 : a.entry.word > b.entry.word ? 1 : 0),
    );
  for (const { entry } of similar) if (editDistance(key, entry.word) <= limit) return entry.word;
  return null;
}

/**
 * The places of the closest place key to `key` (unaccented, lower-case): trigram similarity >=
 * PLACE_SIMILARITY and within maxEdits edits; ties by lawyer count, then key. Empty when none.
 */
export function closestPlaces(v: Vocabulary, key: string): PlaceEntry[] {
  const limit = maxEdits(key);
  const similar = similarEntries(v.placeKeys, trigrams(key), PLACE_SIMILARITY).sort(
    (a, b) =>
      b.sim - a.sim ||
      b.entry.lawyerCount - a.entry.lawyerCount ||
      (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0),
  );
  for (const { entry } of similar) {
    if (editDistance(key, entry.key) <= limit) return v.places.get(entry.key) ?? [];
  }
  return [];
}

async function build(db: Db, version: number): Promise<Vocabulary> {
  const lex = await db.execute<{ word: string; frequency: string | number; stop: boolean }>(sql`
    SELECT word, frequency, numnode(plainto_tsquery('english', word)) = 0 AS stop FROM search_lexicon`);
  const pl = await db.execute<{
    kind: PlaceEntry["kind"];
    key: string;
    name: string;
    country_code: string;
    lawyer_count: string | number;
  }>(sql`SELECT kind, key, name, country_code, lawyer_count FROM search_places
         ORDER BY lawyer_count DESC, key, kind, country_code`);
  const words = new Map<string, WordEntry>();
  for (const r of lex.rows) {
    words.set(r.word, {
      word: r.word,
      frequency: Number(r.frequency),
      stop: r.stop,
      trigrams: trigrams(r.word),
    });
  }
  const places = new Map<string, PlaceEntry[]>();
  for (const r of pl.rows) {
    const entry: PlaceEntry = {
      kind: r.kind,
      key: r.key,
      name: r.name,
      countryCode: r.country_code,
      lawyerCount: Number(r.lawyer_count),
    };
    const list = places.get(r.key);
    if (list) list.push(entry);
    else places.set(r.key, [entry]);
  }
  const placesByFold = new Map<string, PlaceEntry[]>();
  for (const list of places.values()) {
    for (const e of list) {
      const k = foldText(e.name);
      const l = placesByFold.get(k);
      if (l) l.push(e);
      else placesByFold.set(k, [e]);
    }
  }
  return {
    version,
    words,
    candidates: trigramIndex([...words.values()].filter((w) => !w.stop)),
    places,
    placesByFold,
    placeKeys: trigramIndex(
      [...places.entries()].map(([key, list]) => ({
        key,
        trigrams: trigrams(key),
        lawyerCount: list[0]?.lawyerCount ?? 0,
      })),
    ),
  };
}

const vocabularies = new VersionedSnapshot<Vocabulary>("search vocabulary", build);

/**
 * The words of lib/i18n/practice-area-terms.ts in one language (issue 28 §1): the single words of
 * its practice-area labels and terms and its lawyer words, folded, of three or more letters, as
 * correction candidates with frequency 0 ("avocta" → "avocat", "acidnte" → "acidente"; a lexicon
 * word of the same similarity wins). Computed once per language.
 */
export function tableWordIndex(lang: string): TrigramIndex<WordEntry> {
  let index = tableIndexes.get(lang);
  if (!index) {
    const phrases = [
      ...PRACTICE_AREA_TERMS.flatMap((row) => {
        const terms = row.locales[lang as SearchLocale];
        return terms ? [terms.label, ...terms.terms] : [];
      }),
      ...(LAWYER_WORDS[lang] ?? []),
    ];
    const words = new Set(
      phrases.flatMap((p) => foldText(p).split(" ")).filter((w) => [...w].length >= 3 && /^\p{L}+$/u.test(w)),
    );
    index = trigramIndex(
      [...words].sort().map((word) => ({ word, frequency: 0, stop: false, trigrams: trigrams(word) })),
    );
    tableIndexes.set(lang, index);
  }
  return index;
}

const tableIndexes = new Map<string, TrigramIndex<WordEntry>>();

/** True when `key` (folded) is a word of the translation table in any language (tableWordIndex). */
export function isTableWord(key: string): boolean {
  if (!allTableWords) {
    allTableWords = new Set();
    for (const lang of [...SEARCH_LOCALES, ...Object.keys(LAWYER_WORDS)])
      for (const e of tableWordIndex(lang).entries) allTableWords.add(e.word);
  }
  return allTableWords.has(key);
}

let allTableWords: Set<string> | undefined;

/**
 * The vocabulary of this database handle for the current data version. Built on first use
 * (tens of milliseconds at 100,000 lawyers); when the data version moved on (a write or a
 * refreshSearchData anywhere), the old copy keeps answering while a new one loads in the
 * background (VersionedSnapshot in cache.ts).
 */
export function getVocabulary(db: Db): Promise<Vocabulary> {
  return vocabularies.get(db);
}

/** Forgets this handle's vocabulary so the next getVocabulary loads it (after refreshSearchData). */
export function dropVocabulary(db: Db): void {
  vocabularies.drop(db);
}
