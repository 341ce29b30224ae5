/** Text helpers of the cases domain (issue 4: file names and email subjects must not carry control characters). */

/** `text` with C0/C1 control characters and line/paragraph separators replaced by spaces. */
export function stripControls(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? " " : ch;
  }
  return out;
}
