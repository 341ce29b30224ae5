/**
 * A range of times written by Intl.DateTimeFormat#formatRange the same way in Node and in the
 * browser. Node's ICU puts thin spaces (U+2009) around the range dash ("8:00 AM – 8:00 PM" in
 * en, fr, pt-BR, ar) and a narrow no-break space (U+202F) before "AM" where Chromium's range puts
 * plain spaces; text that differs between the server's
 * HTML and the hydrating browser makes React discard the page (error #418; measured 2026-11-27,
 * Node 24.21 against Chromium 156, where every other Intl format compared equal). Issue 14 §2.
 * @param format the locale's time format (hour and minute, a fixed time zone)
 * @param from start instant, ms since the epoch
 * @param to end instant, ms since the epoch
 * @returns the range with plain spaces where ICU wrote thin or narrow ones
 */
export function timeRange(format: Intl.DateTimeFormat, from: number, to: number): string {
  return format.formatRange(from, to).replace(/[\u2009\u202f]/g, " ");
}
