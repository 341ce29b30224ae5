/**
 * The one way LexAtlas reads a cookie (issue 27 §2 "cookies that do not decode are ignored, never
 * a 500"; RFC 6265 §5.4): every reader in app/, lib/ and server/ (locale choice, time zone,
 * consent, the case form's flash, a case's tracking token, the session) goes through
 * `readCookie`, which never throws. A pair that does not decode or carries what no cookie of ours
 * holds is treated as absent, so one broken cookie can never lock a browser out of the site
 * (issue 27: `lexatlas_locale=%E0%A4%A` answered 500 on every page). Pure: used by the browser
 * and the server. docs/security.md "Cookies and headers".
 */

/** Longest cookie value read (characters, before decoding); browsers store at most 4096 bytes per cookie. */
export const MAX_COOKIE_VALUE_LENGTH = 4096;

/**
 * Raw value characters accepted: RFC 6265 cookie-octets plus space and comma, which browsers
 * send inside values (`document.cookie` allows them); no control characters, quotes inside,
 * backslashes or anything past ASCII.
 */
const RAW_VALUE = /^[\u0020\u0021\u0023-\u002b\u002d-\u003a\u003c-\u005b\u005d-\u007e,]*$/;

/** Control characters (C0, DEL, C1): no cookie of ours decodes to one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Spaces and tabs around a name or value (RFC 6265 §5.2 trims whitespace: space and tab). */
function trimWhitespace(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, "");
}

/**
 * The decoded value of cookie `name` in a `Cookie` header, or null when there is none. Pairs are
 * separated by ";" (odd spacing and empty pairs tolerated); a pair without "=" or with another
 * name is skipped; the value's spaces and one pair of surrounding double quotes are removed. The
 * FIRST pair of that name that is well formed wins; a pair is ignored (as if absent) when its
 * raw value holds characters outside RAW_VALUE, is longer than MAX_COOKIE_VALUE_LENGTH, does not
 * percent-decode as UTF-8 (`%E0%A4%A`, `%FF`, a lone `%`), or decodes to a control character.
 * Never throws, whatever the header.
 * @param header the request's `Cookie` header (null or undefined when absent)
 * @param name the cookie's exact, case-sensitive name, e.g. "lexatlas_locale"
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header || !name || !header.includes(name)) return null;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || trimWhitespace(pair.slice(0, eq)) !== name) continue;
    let raw = trimWhitespace(pair.slice(eq + 1));
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    if (raw.length > MAX_COOKIE_VALUE_LENGTH || !RAW_VALUE.test(raw)) continue;
    let value: string;
    try {
      value = raw.includes("%") ? decodeURIComponent(raw) : raw;
    } catch {
      continue;
    }
    if (CONTROL.test(value)) continue;
    return value;
  }
  return null;
}

/**
 * The JSON value of cookie `name` (URI-encoded JSON, as the consent library and the case form's
 * flash write it), or null when the cookie is absent, does not decode (readCookie) or is not
 * JSON. Never throws; the caller checks the shape.
 */
export function readJsonCookie(header: string | null | undefined, name: string): unknown {
  const text = readCookie(header, name);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
