/**
 * Query translation for multilingual search (issue 14 §3; docs/search.md "Languages"): a query in
 * any of the site's languages, in any script, is rewritten into the English query that spec §5's
 * parser (lib/query.ts) understands. Practice-area terms of every language become the area's
 * English phrase, lawyer words become "lawyer", a language's location marker becomes " in ",
 * Japanese written without spaces is cut into known words by longest match, German and Dutch
 * compounds ending in a lawyer word are split ("Unfallanwalt" -> "unfall" + "anwalt"). Words the
 * table does not know are kept as typed (names, places). Pure.
 */
import {
  FILLER_WORDS,
  LAWYER_WORDS,
  LOCATION_MARKERS,
  PLACE_FIRST_MARKERS,
  PRACTICE_AREA_TERMS,
} from "./i18n/practice-area-terms.ts";
import { foldText, hasCjk } from "./text-fold.ts";

type Entry =
  | { kind: "area"; query: string; lang: string }
  | { kind: "lawyer"; lang: string }
  | { kind: "filler"; lang: string }
  | { kind: "marker"; lang: string }
  | { kind: "placeFirst" };

interface Dictionary {
  /** Folded phrase (tokens joined by one space) -> meaning. */
  phrases: Map<string, Entry>;
  /** Longest phrase in tokens. */
  maxTokens: number;
  /** Folded single-token lawyer words of German and Dutch, longest first (compound heads). */
  compoundHeads: string[];
  /** Known CJK words for segmentation, by first character. */
  cjk: Map<string, string[]>;
}

function addPhrase(d: Dictionary, text: string, entry: Entry): void {
  const key = foldText(text);
  if (!key) return;
  // The first meaning wins: areas before lawyer words before fillers before markers.
  if (!d.phrases.has(key)) d.phrases.set(key, entry);
  d.maxTokens = Math.max(d.maxTokens, key.split(" ").length);
  addCjk(d, key);
}

function addCjk(d: Dictionary, key: string): void {
  if (!hasCjk(key) || key.includes(" ")) return;
  const first = [...key][0] as string;
  const list = d.cjk.get(first);
  if (list) {
    if (!list.includes(key)) list.push(key);
  } else d.cjk.set(first, [key]);
}

let dictionary: Dictionary | undefined;

function getDictionary(): Dictionary {
  if (dictionary) return dictionary;
  const d: Dictionary = { phrases: new Map(), maxTokens: 1, compoundHeads: [], cjk: new Map() };
  for (const row of PRACTICE_AREA_TERMS) {
    for (const [lang, t] of Object.entries(row.locales)) {
      for (const term of [t.label, ...t.terms]) addPhrase(d, term, { kind: "area", query: row.query, lang });
    }
  }
  for (const [lang, words] of Object.entries(LAWYER_WORDS)) {
    for (const w of words) addPhrase(d, w, { kind: "lawyer", lang });
  }
  for (const [lang, words] of Object.entries(FILLER_WORDS)) {
    for (const w of words) addPhrase(d, w, { kind: "filler", lang });
  }
  for (const [lang, words] of Object.entries(LOCATION_MARKERS)) {
    for (const w of words) addPhrase(d, w, { kind: "marker", lang });
  }
  for (const w of PLACE_FIRST_MARKERS) addPhrase(d, w, { kind: "placeFirst" });
  d.compoundHeads = [...(LAWYER_WORDS.de ?? []), ...(LAWYER_WORDS.nl ?? [])]
    .map(foldText)
    .filter((w) => !w.includes(" "))
    .sort((a, b) => b.length - a.length);
  for (const list of d.cjk.values()) list.sort((a, b) => b.length - a.length);
  dictionary = d;
  return d;
}

/** One word of a query: as typed and its folded key. */
export interface QueryToken {
  raw: string;
  key: string;
}

/**
 * Cuts a run of CJK text into known words by longest match (the table's Japanese terms, lawyer
 * words, particles and `extra`, e.g. place names); characters between known words stay together
 * as one unknown word.
 */
function segmentCjk(run: string, d: Dictionary, extra: ReadonlySet<string>, extraMax: number): string[] {
  const chars = [...run];
  const out: string[] = [];
  let pending = "";
  let i = 0;
  while (i < chars.length) {
    let match = "";
    for (const w of d.cjk.get(chars[i] as string) ?? []) {
      if (chars.slice(i, i + [...w].length).join("") === w) {
        match = w;
        break;
      }
    }
    for (let n = Math.min(extraMax, chars.length - i); n > [...match].length; n--) {
      const s = chars.slice(i, i + n).join("");
      if (extra.has(s)) {
        match = s;
        break;
      }
    }
    if (match) {
      if (pending) out.push(pending);
      pending = "";
      out.push(match);
      i += [...match].length;
    } else {
      pending += chars[i];
      i++;
    }
  }
  if (pending) out.push(pending);
  return out;
}

const longest = new WeakMap<ReadonlySet<string>, number>();

/**
 * The words of a query (any script): NFKC, split on anything that is not a letter, digit or mark,
 * CJK runs cut into known words (see segmentCjk; `cjkWords` adds words such as place names).
 */
export function queryTokens(query: string, cjkWords: ReadonlySet<string> = new Set()): QueryToken[] {
  const d = getDictionary();
  let extraMax = longest.get(cjkWords);
  if (extraMax === undefined) {
    extraMax = 0;
    for (const w of cjkWords) extraMax = Math.max(extraMax, [...w].length);
    longest.set(cjkWords, extraMax);
  }
  const out: QueryToken[] = [];
  for (const raw of query.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? []) {
    if (!hasCjk(raw)) {
      out.push({ raw, key: foldText(raw) });
      continue;
    }
    // Split mixed runs into CJK and non-CJK parts, then segment the CJK ones.
    for (const part of raw.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu,
    ) ?? []) {
      if (!hasCjk(part)) out.push({ raw: part, key: foldText(part) });
      else for (const w of segmentCjk(part, d, cjkWords, extraMax)) out.push({ raw: w, key: foldText(w) });
    }
  }
  return out.filter((t) => t.key);
}

/** The result of translateQuery. */
export interface TranslatedQuery {
  /** The English query for lib/query.ts parseSearchQuery (words the table does not know as typed). */
  text: string;
  /** Whether any word of another language than English (or another script) was recognised. */
  foreign: boolean;
  /** The words that were not translated (as typed, in order): names, places, unknown words. */
  untranslated: string[];
  /**
   * The languages of the table's words recognised in the query (practice-area terms, lawyer words,
   * location markers; not filler words, which several languages share), in order of appearance:
   * the query's language(s) for issue 28 §1 ("a word of the query's language is never corrected").
   */
  languages: string[];
}

function splitCompound(key: string, d: Dictionary): string[] | null {
  if (d.phrases.get(key)?.kind === "lawyer") return null;
  let fallback: string[] | null = null;
  for (const head of d.compoundHeads) {
    if (!key.endsWith(head) || key.length - head.length < 3) continue;
    const rest = key.slice(0, -head.length);
    for (const candidate of [rest, rest.replace(/s$/, ""), rest.replace(/-$/, "")]) {
      if (d.phrases.get(candidate)?.kind === "area") return [candidate, head];
    }
    fallback ??= [rest, head];
  }
  return fallback;
}

/**
 * Translates a query into the English query of spec §5 (see the module comment). Examples:
 * "Unfallanwalt München" -> "car accident lawyer München"; "avocat accident de la route à Lyon"
 * -> "lawyer car accident in Lyon"; "東京で交通事故の弁護士" -> "car accident lawyer in 東京".
 * Filler words and other languages' markers count only when the query has a foreign word, so
 * English names such as "Van Dyke" or "De Souza" stay as typed. `cjkWords`: extra words for
 * cutting CJK text (place names).
 */
export function translateQuery(query: string, cjkWords: ReadonlySet<string> = new Set()): TranslatedQuery {
  const d = getDictionary();
  const tokens: QueryToken[] = [];
  for (const t of queryTokens(query, cjkWords)) {
    const parts = /^[a-zäöüß-]+$/u.test(t.raw.toLowerCase()) ? splitCompound(t.key, d) : null;
    if (parts) {
      const [rest, head] = parts as [string, string];
      tokens.push({ raw: t.raw.slice(0, rest.length), key: rest }, { raw: head, key: head });
    } else tokens.push(t);
  }
  // Longest match of table phrases over the folded tokens.
  const items: { entry: Entry | null; raw: string }[] = [];
  for (let i = 0; i < tokens.length; ) {
    let found: { entry: Entry; n: number } | null = null;
    for (let n = Math.min(d.maxTokens, tokens.length - i); n >= 1; n--) {
      const key = tokens
        .slice(i, i + n)
        .map((t) => t.key)
        .join(" ");
      const entry = d.phrases.get(key);
      if (entry) {
        found = { entry, n };
        break;
      }
    }
    if (found) {
      items.push({
        entry: found.entry,
        raw: tokens
          .slice(i, i + found.n)
          .map((t) => t.raw)
          .join(" "),
      });
      i += found.n;
    } else {
      items.push({ entry: null, raw: (tokens[i] as QueryToken).raw });
      i++;
    }
  }
  const foreign =
    /[^\p{Script=Latin}\p{N}\s\p{P}\p{S}\p{M}]/u.test(query) ||
    items.some(
      (it) =>
        it.entry &&
        "lang" in it.entry &&
        it.entry.lang !== "en" &&
        it.entry.kind !== "marker" &&
        it.entry.kind !== "filler",
    );

  const words: string[] = [];
  const untranslated: string[] = [];
  const languages: string[] = [];
  for (const it of items) {
    const e = it.entry;
    if (e && "lang" in e && e.kind !== "filler" && !languages.includes(e.lang)) languages.push(e.lang);
  }
  let placeFirstAt = -1;
  for (const it of items) {
    const e = it.entry;
    if (!e) {
      words.push(it.raw);
      untranslated.push(it.raw);
    } else if (e.kind === "area") words.push(e.query);
    else if (e.kind === "lawyer") words.push(e.lang === "en" ? it.raw : "lawyer");
    else if (e.kind === "filler") {
      if (!foreign) words.push(it.raw);
    } else if (e.kind === "marker") {
      if (e.lang === "en" || !foreign) words.push(it.raw);
      else if (words.length > 0 && words[words.length - 1] !== "in") words.push("in");
    } else if (foreign && placeFirstAt < 0 && words.length > 0) placeFirstAt = words.length;
    else if (!foreign) words.push(it.raw);
  }
  // Japanese "<place>で<subject>": the place comes first.
  if (placeFirstAt > 0 && placeFirstAt < words.length) {
    const place = words.slice(0, placeFirstAt);
    const subject = words.slice(placeFirstAt);
    return { text: `${subject.join(" ")} in ${place.join(" ")}`, foreign, untranslated, languages };
  }
  return { text: words.join(" "), foreign, untranslated, languages };
}
