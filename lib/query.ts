/**
 * Search query understanding (spec §5 "Search query parsing"; docs/search.md). Pure functions,
 * imported by the server's search domain and by the browser (for chips and hints).
 *
 * A query is split into a subject and a location on " in ", " near ", " around ", " at " or
 * " from " when exactly two parts result; it is expanded with the first matching synonym group;
 * and its generic words ("lawyer", "best", "the"…) do not have to match.
 */

import { LAWYER_WORDS, PRACTICE_AREA_TERMS } from "./i18n/practice-area-terms.ts";

/** Words that split "subject <word> location" (spec §5). */
export const LOCATION_SPLIT_WORDS = ["in", "near", "around", "at", "from"] as const;

const SPLIT_RE = new RegExp(`\\s+(?:${LOCATION_SPLIT_WORDS.join("|")})\\s+`, "i");

/** One synonym group of spec §5: the canonical phrase and its synonyms. */
export interface SynonymGroup {
  phrase: string;
  synonyms: readonly string[];
}

/**
 * The synonym groups of spec §5, in order; only the first matching group applies. They are the
 * English terms of the practice-area table's group rows (lib/i18n/practice-area-terms.ts), so
 * the table is the one source of search terms in every language.
 */
export const SYNONYM_GROUPS: readonly SynonymGroup[] = PRACTICE_AREA_TERMS.filter((r) => r.group).map(
  (r) => ({
    phrase: r.locales.en.terms[0] as string,
    synonyms: r.locales.en.terms.slice(1),
  }),
);

/**
 * Words that never have to match and do not rank: the profession itself, filler and English
 * stop words ("best car accident lawyer for me" needs only "car accident").
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  // The English lawyer words of the one table (lib/i18n/practice-area-terms.ts), phrases aside.
  ...(LAWYER_WORDS.en ?? []).filter((w) => !w.includes(" ")),
  "advocate",
  "advocates",
  "counsel",
  "law",
  "laws",
  "legal",
  "firm",
  "firms",
  "office",
  "best",
  "top",
  "good",
  "great",
  "find",
  "search",
  "looking",
  "need",
  "want",
  "help",
  "specialist",
  "specialists",
  "expert",
  "experts",
  "me",
  "my",
  "i",
  "we",
  "our",
  "you",
  "your",
  "who",
  "a",
  "an",
  "the",
  "for",
  "and",
  "or",
  "of",
  "to",
  "with",
  "on",
  "by",
  "is",
  "are",
  "be",
  "it",
  "this",
  "that",
  "some",
  "any",
  "in",
  "near",
  "around",
  "at",
  "from",
]);

/**
 * Words that describe the whole directory (every listing is a personal injury lawyer, spec §1):
 * they rank matches higher but do not filter, so "personal injury lawyers" lists everyone.
 */
export const DIRECTORY_WORDS: ReadonlySet<string> = new Set(["personal", "injury", "injuries"]);

/** The result of parseSearchQuery. All words are lower-case tokens of letters and digits. */
export interface ParsedQuery {
  /** The subject text (the whole trimmed query when it was not split). */
  subject: string;
  /** The location part, only when the query was split and no location filter is set. */
  location: string | null;
  /** The first synonym group found in the subject, or null. */
  group: {
    /** Canonical phrase of the group, e.g. "car accident". */
    phrase: string;
    /** The phrase of the group that occurred in the query. */
    matched: string;
    /** Every phrase of the group (canonical first). */
    phrases: string[];
    /**
     * Required words of each phrase (generic and directory words removed). The group matches a
     * lawyer when any alternative matches; when one alternative is empty the group filters nothing.
     */
    alternatives: string[][];
  } | null;
  /** Words outside the synonym phrase that must all match. */
  required: string[];
  /** Directory words (see DIRECTORY_WORDS) that only rank. */
  ranking: string[];
}

/**
 * Splits text into lower-case tokens of letters and digits (any script). Quotes, `%`, `_`,
 * punctuation and emoji are separators, so they can never act as operators or wildcards.
 */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function phraseRegex(phrase: string): RegExp {
  // Word boundaries on the token string; an optional plural "s" on the last word.
  return new RegExp(`(?:^| )${phrase}s?(?= |$)`);
}

function requiredOf(words: readonly string[]): string[] {
  return words.filter((w) => !GENERIC_WORDS.has(w) && !DIRECTORY_WORDS.has(w));
}

/**
 * Parses a free-text query (spec §5 "Search query parsing").
 *
 * - Split: when the query contains " in ", " near ", " around ", " at " or " from " and splitting
 *   on them gives exactly two non-empty parts, the first is the subject and the second the
 *   location. When `hasLocationFilter` is true the explicit filter wins: the query is not split
 *   and its words stay in the subject (they then match the place fields of the listing).
 * - Synonyms: the first group (in spec order) whose phrase or synonym occurs in the subject
 *   applies; its phrases become alternatives.
 * - Generic words (GENERIC_WORDS) are dropped; directory words (DIRECTORY_WORDS) only rank.
 *
 * @param query raw text as typed (any length; the API caps it at 200 characters)
 * @param hasLocationFilter whether the request has an explicit location filter
 */
export function parseSearchQuery(query: string, hasLocationFilter: boolean): ParsedQuery {
  const trimmed = query.trim();
  let subject = trimmed;
  let location: string | null = null;
  if (!hasLocationFilter) {
    const parts = trimmed.split(SPLIT_RE).map((p) => p.trim());
    if (parts.length === 2 && parts[0] && parts[1]) {
      subject = parts[0];
      location = parts[1];
    }
  }

  let tokens = tokenize(subject);
  let group: ParsedQuery["group"] = null;
  const joined = tokens.join(" ");
  for (const g of SYNONYM_GROUPS) {
    const phrases = [g.phrase, ...g.synonyms];
    for (const p of phrases) {
      const pTokens = tokenize(p).join(" ");
      const m = phraseRegex(pTokens).exec(joined);
      if (m) {
        const before = joined.slice(0, m.index).trim();
        const after = joined.slice(m.index + m[0].length).trim();
        tokens = [...(before ? before.split(" ") : []), ...(after ? after.split(" ") : [])];
        group = {
          phrase: g.phrase,
          matched: p,
          phrases,
          alternatives: phrases.map((x) => requiredOf(tokenize(x))),
        };
        break;
      }
    }
    if (group) break;
  }

  const required = unique(requiredOf(tokens));
  const ranking = unique([
    ...tokens.filter((w) => DIRECTORY_WORDS.has(w)),
    ...(group ? tokenize(group.matched).filter((w) => DIRECTORY_WORDS.has(w)) : []),
  ]);
  return { subject, location, group, required, ranking };
}

/** True when a parsed query filters nothing (no required words, no filtering synonym group). */
export function isMatchAll(parsed: ParsedQuery): boolean {
  const groupFilters = parsed.group ? parsed.group.alternatives.every((a) => a.length > 0) : false;
  return parsed.required.length === 0 && !groupFilters;
}

function unique(words: string[]): string[] {
  return [...new Set(words)];
}
