/**
 * The writing direction of a text by its letters (issue 14 §4: bios in the country's language,
 * names in the country's script). `dir="auto"` takes the direction of the FIRST strong letter,
 * so an English bio that begins with a Hebrew or Arabic name ("דוד כהן is a personal injury
 * lawyer…") would be laid out right to left; counting the letters gives the bio's language's
 * direction instead. Pure and browser-safe.
 */

/** Letters of the right-to-left scripts (Arabic, Hebrew, Syriac, Thaana, N'Ko). */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * "rtl" when more of `text`'s letters are of right-to-left scripts than of any other, else "ltr"
 * (also for a text without letters). Digits, spaces and punctuation do not count.
 */
export function textDirection(text: string): "rtl" | "ltr" {
  let rtl = 0;
  let other = 0;
  for (const [letter] of text.matchAll(/\p{L}/gu)) {
    if (RTL_LETTER.test(letter)) rtl++;
    else other++;
  }
  return rtl > other ? "rtl" : "ltr";
}
