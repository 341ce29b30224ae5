/**
 * Bidirectional isolation of values in plain text (issue 28 §2 "bidirectional text"; Unicode
 * UAX #9 §2.7 and W3C "Inline markup and bidirectional text in HTML"): a value whose direction
 * may differ from the text around it (a name, an address, a number, a price, a phone number, an
 * email address, "Dubai, AE 874277" inside an Arabic sentence) is wrapped in FIRST STRONG
 * ISOLATE (U+2068) ... POP DIRECTIONAL ISOLATE (U+2069), so it keeps its own order and does
 * not reorder its neighbours ("$US 29.99" stays one run on a right-to-left line). Pages use the
 * HTML isolate `<bdi>` (app/ui/Bidi.tsx) instead; this is for plain text: emails, `title` and
 * `aria-label` attributes, text/plain bodies. Pure and browser-safe.
 */

/** U+2068 FIRST STRONG ISOLATE: the value takes the direction of its first strong letter. */
export const FSI = "\u2068";
/** U+2069 POP DIRECTIONAL ISOLATE: ends the isolate. */
export const PDI = "\u2069";

/**
 * `value` isolated for plain text: FSI + value + PDI; "" for an empty value (nothing to
 * isolate), and a value already isolated is not wrapped again. Numbers are written with
 * String(). Never throws.
 */
export function isolate(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  if (!text) return "";
  if (text.startsWith(FSI) && text.endsWith(PDI)) return text;
  return `${FSI}${text}${PDI}`;
}

/** `text` without the isolates isolate() adds (for comparing, logging or copying). */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, "");
}

/** A letter of a right-to-left script (Arabic, Hebrew, Syriac, Thaana, N'Ko). */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * `value` isolated (isolate) where it may run against the text around it: always in a
 * right-to-left text (`dir` "rtl": a Latin name, a number, an amount in an Arabic sentence), and
 * in a left-to-right one when it has right-to-left letters (an Arabic name in an English
 * sentence); else as it is, since a Latin value in a Latin sentence keeps its order. The one rule
 * of the pages' translated sentences and of the emails. Never throws.
 */
export function isolateIn(value: string, dir: "ltr" | "rtl"): string {
  return dir === "rtl" || RTL_LETTER.test(value) ? isolate(value) : value;
}
