/**
 * Accent-, case- and width-insensitive text keys for search (issue 14 §3): the same key for
 * "München", "MUNCHEN" and "Ｍｕｎｃｈｅｎ", for "São Paulo" and "Sao Paulo", for "دبي" with or
 * without short vowels. Pure; used by the query translation (lib/multilingual-query.ts) and the
 * place aliases (server/search/gazetteer.ts).
 */

/** Letters that Unicode does not decompose but that read as plain Latin letters. */
const LATIN_LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Arabic letter variants folded together (alef forms, taa marbuta, alef maqsura, tatweel). */
const ARABIC_LETTERS: Record<string, string> = {
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ة: "ه",
  ى: "ي",
  ـ: "",
};

/**
 * The search key of a text: NFKC (full-width and compatibility forms to their plain letters),
 * lower case, combining marks removed except on Japanese kana (where they change the letter:
 * か/が), Arabic letter variants folded, a few Latin letters spelled out (ß -> ss), and every run
 * of characters that are not letters or digits made one space, trimmed.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/([^\p{Script=Hiragana}\p{Script=Katakana}\p{M}])\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(/[ßẞøæœłđðþı]/g, (c) => LATIN_LETTERS[c] ?? c)
    .replace(/[أإآٱةىـ]/g, (c) => ARABIC_LETTERS[c] ?? c)
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();
}

/** True when the text has Han, Hiragana or Katakana characters (written without spaces). */
export function hasCjk(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
}
