/**
 * Derives the compact word list of one Hunspell dictionary (issue 28 §1 "Never correct a real
 * word"; docs/search.md "Real words are never corrected"): every word form the dictionary accepts
 * (its stems with their prefix and suffix rules applied, as nspell would accept them), keeping
 * only forms of three or more letters made of letters alone (a search word has no hyphen or
 * apostrophe: "dá-lo", "l'accident" are never typed as one word), folded like search words
 * (lib/text-fold.ts: lower case, no accents), sorted by bytes, front-coded (wordlist.ts).
 * Proper names are left out where the language writes its common nouns in lower case (every one
 * but German): a stem written with a capital ("Mueller", "Barranquila" in the Portuguese list)
 * names a person, a place or a brand, not a word of the language, so a misspelt place or a name
 * spelt another way may still be corrected ("Barranquila" → Barranquilla).
 *
 * Why not nspell itself: nspell expands every stem against every rule's entries. For the
 * Brazilian Portuguese dictionary (312,000 stems, 26,000 affix entries) that did not finish in
 * ten minutes, and the French one took 5.7 s and 411 MB in the server process. Here the .aff file
 * is read by nspell's own parser (nspell/lib/util/affix.js) and each rule's entries are indexed
 * by the last (suffix) or first (prefix) letter their condition allows, so a stem meets only the
 * entries that can apply: the Portuguese list takes about 25 s and 700 MB once, in a child
 * process (dictionaries.ts), never in the server.
 *
 * Usage: node server/search/dictionary-build.ts <dictionary package folder> <output file>
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { foldText } from "../../lib/text-fold.ts";
import { encodeWordList } from "./wordlist.ts";

/** One affix entry as nspell's parser returns it. */
interface AffixEntry {
  add: string;
  remove: RegExp | "";
  match: RegExp | "";
  continuation: string[];
}

/** One PFX or SFX rule as nspell's parser returns it, plus the index built here. */
interface AffixRule {
  type: "PFX" | "SFX";
  combineable: boolean;
  entries: AffixEntry[];
  byLetter?: Map<string, AffixEntry[]>;
  anyLetter?: AffixEntry[];
}

interface ParsedAffix {
  rules: Record<string, AffixRule>;
  flags: Record<string, unknown>;
}

const require = createRequire(import.meta.url);
const parseAffix = require("nspell/lib/util/affix.js") as (aff: Buffer) => ParsedAffix;
const ruleCodes = require("nspell/lib/util/rule-codes.js") as (
  flags: Record<string, unknown>,
  value: string,
) => string[];

/**
 * The letters an entry's condition allows at the end (SFX) or start (PFX) of a stem, or null
 * when any letter may be there ("." or a negated class "[^aeiou]", or no condition).
 */
function conditionLetters(entry: AffixEntry, type: AffixRule["type"]): string[] | null {
  if (!entry.match) return null;
  const source = entry.match.source;
  let token: string;
  if (type === "SFX") {
    const s = source.slice(0, -1); // the "$" nspell appends
    if (s.endsWith("]")) token = s.slice(s.lastIndexOf("["));
    else if (s.endsWith(".") || s.endsWith("\\")) return null;
    else token = s.slice(-1);
  } else {
    const s = source.slice(1); // the "^" nspell prepends
    if (s.startsWith("[")) token = s.slice(0, s.indexOf("]") + 1);
    else if (s.startsWith(".") || s.startsWith("\\")) return null;
    else token = s.slice(0, 1);
  }
  if (token.startsWith("[^")) return null;
  if (token.startsWith("[")) return [...token.slice(1, -1)];
  return [token];
}

/** Indexes each rule's entries by the letter their condition needs (conditionLetters). */
function indexRules(rules: Record<string, AffixRule>): void {
  for (const rule of Object.values(rules)) {
    rule.byLetter = new Map();
    rule.anyLetter = [];
    for (const entry of rule.entries) {
      const letters = conditionLetters(entry, rule.type);
      if (!letters) {
        rule.anyLetter.push(entry);
        continue;
      }
      for (const l of new Set(letters)) {
        const list = rule.byLetter.get(l);
        if (list) list.push(entry);
        else rule.byLetter.set(l, [entry]);
      }
    }
  }
}

/** A form a search could be typed as: letters only (no hyphen, apostrophe, dot or digit). */
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * `value` with `rule` applied (nspell's util/apply.js, with the letter index), continuation rules
 * too, pushed onto `out`; forms with other characters than letters are dropped with their
 * continuations.
 */
function apply(value: string, rule: AffixRule, rules: Record<string, AffixRule>, out: string[]): string[] {
  const letter = rule.type === "SFX" ? value.slice(-1) : value.slice(0, 1);
  for (const list of [rule.byLetter?.get(letter) ?? [], rule.anyLetter ?? []]) {
    for (const entry of list) {
      if (entry.match && !entry.match.test(value)) continue;
      let next = entry.remove ? value.replace(entry.remove, "") : value;
      next = rule.type === "SFX" ? next + entry.add : entry.add + next;
      if (!LETTERS_ONLY.test(next)) continue;
      out.push(next);
      for (const code of entry.continuation ?? []) {
        const continuation = rules[code];
        if (continuation) apply(next, continuation, rules, out);
      }
    }
  }
  return out;
}

/**
 * Every accepted form of a Hunspell dictionary (`aff`, `dic`), as nspell's util/add.js adds them,
 * passed to `emit` (repeats possible): the stem (unless NEEDAFFIX), each rule's forms, and the
 * cross products of combinable prefix and suffix rules; FORBIDDENWORD stems are left out.
 */
export function expandDictionary(
  aff: Buffer,
  dic: string,
  emit: (form: string) => void,
  { properNames = true }: { properNames?: boolean } = {},
): void {
  const { rules, flags } = parseAffix(aff);
  indexRules(rules);
  const needAffix = flags.NEEDAFFIX as string | undefined;
  const forbidden = flags.FORBIDDENWORD as string | undefined;
  const forms: string[] = [];
  const lines = dic.split("\n");
  for (let n = 1; n < lines.length; n++) {
    let line = lines[n] as string;
    if (!line || line.charCodeAt(0) === 9) continue;
    let slash = line.indexOf("/");
    while (slash > 0 && line.charCodeAt(slash - 1) === 92) {
      line = line.slice(0, slash - 1) + line.slice(slash);
      slash = line.indexOf("/", slash);
    }
    const word = (slash >= 0 ? line.slice(0, slash) : line).split(/\s/)[0]?.trim() ?? "";
    if (!word) continue;
    if (!properNames && /^\p{Lu}/u.test(word)) continue;
    const codes = ruleCodes(flags, slash >= 0 ? (line.slice(slash + 1).split(/\s/)[0] ?? "").trim() : "");
    if (forbidden && codes.includes(forbidden)) continue;
    if ((!needAffix || !codes.includes(needAffix)) && LETTERS_ONLY.test(word)) forms.push(word);
    for (let p = 0; p < codes.length; p++) {
      const rule = rules[codes[p] as string];
      if (!rule) continue;
      for (const form of apply(word, rule, rules, [])) {
        forms.push(form);
        if (!rule.combineable) continue;
        for (let q = p + 1; q < codes.length; q++) {
          const other = rules[codes[q] as string];
          if (other?.combineable && other.type !== rule.type) apply(form, other, rules, forms);
        }
      }
    }
    for (const form of forms) emit(form);
    forms.length = 0;
  }
}

/** A search key of a dictionary form: lib/text-fold.ts foldText, skipped for plain a–z words. */
function fold(form: string): string {
  return /^[a-z]+$/.test(form) ? form : foldText(form);
}

/**
 * The distinct folded forms (fold) of three or more characters, without spaces, sorted by code
 * unit (which is byte order for these letters; encodeWordList checks it).
 */
export function foldedWords(aff: Buffer, dic: string, options: { properNames?: boolean } = {}): string[] {
  const seen = new Set<string>();
  expandDictionary(
    aff,
    dic,
    (form) => {
      const key = fold(form);
      if (key.length >= 3 && !key.includes(" ")) seen.add(key);
    },
    options,
  );
  return [...seen].sort();
}

/**
 * Builds the word list of the dictionary package in `folder` into `out` (written atomically);
 * `properNames: false` leaves out capitalised stems (see the module comment).
 */
export function buildWordList(
  folder: string,
  out: string,
  options: { properNames?: boolean } = {},
): { words: number; bytes: number } {
  const aff = readFileSync(join(folder, "index.aff"));
  const dic = readFileSync(join(folder, "index.dic"), "utf8");
  const words = foldedWords(aff, dic, options);
  const encoded = encodeWordList(words);
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, encoded);
  renameSync(tmp, out);
  return { words: words.length, bytes: encoded.length };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"))) {
  const [folder, out, names] = process.argv.slice(2);
  if (!folder || !out) {
    console.error(
      "usage: node server/search/dictionary-build.ts <dictionary folder> <output file> [--no-proper-names]",
    );
    process.exit(2);
  }
  const started = performance.now();
  const { words, bytes } = buildWordList(folder, out, { properNames: names !== "--no-proper-names" });
  console.log(
    JSON.stringify({
      words,
      bytes,
      ms: Math.round(performance.now() - started),
      rssMb: process.memoryUsage().rss / 1e6,
    }),
  );
}
