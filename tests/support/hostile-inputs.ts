/**
 * Hostile inputs for the redirect and cookie/header properties of issue 27 §2 (fast-check
 * arbitraries), and a raw HTTP client that sends a request target and headers exactly as given
 * (no URL normalisation, as curl --path-as-is does). Used by the route-level properties
 * (app/routes/redirect-properties.test.ts, lib/redirects.test.ts, lib/cookies.test.ts), the API
 * property against the real server (server/security/hostile-headers.test.ts) and the journeys
 * against the built product (tests/e2e/redirect-properties.spec.ts).
 */
import http from "node:http";
import fc from "fast-check";
import { staysOnSite } from "./open-redirect-payloads.ts";

/**
 * Pieces of a return path an attacker combines: slashes and backslashes (plain, encoded, full-width
 * and other Unicode look-alikes), dots (ASCII, encoded, ideographic, full-width, halfwidth), tab,
 * newline, CR and other controls, `@`, `:`, scheme prefixes in any case, whitespace and invisible
 * characters, broken percent-encodings, locale prefixes and ordinary words.
 */
export const HOSTILE_PIECES: readonly string[] = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%2e",
  "%2E",
  "%252f",
  "%09",
  "%0a",
  "%0D",
  "%00",
  "\t",
  "\n",
  "\r",
  " ",
  "\u000b",
  "\u0000",
  "\u007f",
  "\u0085",
  "\uff0f",
  "\u2215",
  "\u2044",
  "\u29f8",
  "\uff3c",
  "\u3002",
  "\uff0e",
  "\uff61",
  "\u2024",
  "\u200b",
  "\u202e",
  "\ufeff",
  "@",
  ":",
  "?",
  "#",
  "&",
  "=",
  "%",
  "%E0%A4%A",
  "javascript:",
  "JaVaScRiPt:",
  "https:",
  "HTTPS:",
  "http:",
  "data:",
  "evil.example",
  "127.0.0.1",
  "en",
  "EN",
  "En",
  "de",
  "pt-br",
  "PT-BR",
  "ja",
  "ar",
  "xx",
  "about",
  "dashboard",
  "login",
  "a",
];

/** Locale prefixes as they may be written in a URL (the spec's en, any case, unknown ones). */
export const PREFIXES: readonly string[] = ["en", "EN", "En", "de", "DE", "pt-br", "PT-BR", "ja", "ar", "xx"];

/** A target built from HOSTILE_PIECES (up to 14 pieces), sometimes very long or arbitrary Unicode. */
export const hostileTarget: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 14 }).map((p) => p.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("/", "//", "/de/", "/en//"), fc.integer({ min: 1900, max: 9000 }))
      .map(([start, n]) => `${start}${"a".repeat(n)}`),
  },
);

/** A hostile target that starts with "/" (what a request path always does). */
export const hostilePath: fc.Arbitrary<string> = hostileTarget.map((t) => (t.startsWith("/") ? t : `/${t}`));

/**
 * A request target as an HTTP client can put it on the wire: characters Node's client refuses
 * (controls, space, anything past U+00FF) are percent-encoded as UTF-8, the rest (backslashes,
 * `%`, `@`, `:`, `#`, Latin-1) is sent as it is.
 */
export function wireTarget(path: string): string {
  let out = "";
  // A lone surrogate has no UTF-8 form: it goes as U+FFFD, as a browser sends it.
  for (const ch of path.toWellFormed()) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x21 || code === 0x7f || code > 0xff ? encodeURIComponent(ch) : ch;
  }
  return out;
}

/** Cookie names the product reads, and some it does not. */
const COOKIE_NAMES = [
  "lexatlas_locale",
  "lexatlas_tz",
  "cc_cookie",
  "__Host-lexatlas_session",
  "lexatlas_case_sent",
  "lexatlas_case_0b3e8a4c-5d61-4f0e-9a7b-2c8d1e6f4a90",
  "lexatlas_locale ",
  " lexatlas_locale",
  "LEXATLAS_LOCALE",
  "",
  "x",
];

/** Pieces of a hostile cookie value: broken percent-encodings, invalid UTF-8 as %xx, quotes, `=` runs, JSON. */
const COOKIE_VALUE_PIECES = [
  "%",
  "%E0%A4%A",
  "%E0%A4",
  "%C0%AF",
  "%ED%A0%80",
  "%FF",
  "%fe%ff",
  "%00",
  "%0A",
  "%ZZ",
  "%%",
  "%2",
  '"',
  "=",
  "==",
  "===",
  ",",
  " ",
  "\t",
  "\\",
  "{",
  "}",
  "[",
  '{"categories":["necessary","ads"],"revision":0}',
  "%7B%22categories%22%3A%5B%22ads%22%5D%7D",
  '{"lawyerId":1}',
  "de",
  "ja",
  "pt-BR",
  "en",
  "Europe%2FBerlin",
  "Not/AZone",
  "\u00e9",
  "\u00ff",
  "\u0080",
  "abc",
];

/** One cookie pair (sometimes without `=`, sometimes an empty name). */
const cookiePair: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...COOKIE_NAMES),
    fc.array(fc.constantFrom(...COOKIE_VALUE_PIECES), { maxLength: 8 }).map((p) => p.join("")),
    fc.boolean(),
  )
  .map(([name, value, withEquals]) => (withEquals ? `${name}=${value}` : `${name}${value}`));

/**
 * A `Cookie` header a hostile or broken client could send (only characters an HTTP header may
 * carry: tab, visible ASCII, space and Latin-1): pairs with odd separators (`;`, `; `, `;;`, `,`),
 * sometimes one very long value.
 */
export const hostileCookieHeader: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.array(cookiePair, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("; ", ";", ";;", ", ", " ; "),
      )
      .map(([pairs, sep]) => pairs.join(sep)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...COOKIE_NAMES),
        fc.integer({ min: 1000, max: 7000 }),
        fc.constantFrom("%", "a", "%E0"),
      )
      .map(([name, n, unit]) => `${name}=${unit.repeat(Math.ceil(n / unit.length))}`),
  },
  { weight: 1, arbitrary: headerText(200) },
);

/** Arbitrary text an HTTP header may carry (tab, 0x20–0x7E, Latin-1), up to `maxLength` characters. */
export function headerText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09), fc.integer({ min: 0x80, max: 0xff })),
      { maxLength },
    )
    .map((codes) => String.fromCharCode(...codes).trim());
}

/** Accept-Language values: garbage, odd weights, huge lists, real tags. */
export const hostileAcceptLanguage: fc.Arbitrary<string> = fc.oneof(
  headerText(120),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          "de",
          "ja",
          "pt-BR",
          "pt",
          "ar-EG",
          "*",
          "",
          "zz-ZZZZZZZZZ",
          "x-klingon",
          "de--",
          "-",
          "12",
        ),
        fc.constantFrom("", ";q=0.5", ";q=abc", ";q=", ";q=-1", ";q=1e999", ";;", ";q=0", "; q=0.9"),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.map(([tag, q]) => `${tag}${q}`).join(",")),
  fc.integer({ min: 1000, max: 6000 }).map((n) => "de,".repeat(n)),
);

/** Other headers the product reads: X-Forwarded-For, Referer, Origin, User-Agent, Sec-Fetch-Site, Sec-Purpose. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "X-Forwarded-For": fc.oneof(
      headerText(80),
      fc.constantFrom(
        "1.2.3.4, ::ffff:999.1.1.1",
        ",,,",
        "::ffff:",
        "[::1]:80",
        "unknown",
        "2001:db8::1%eth0",
      ),
    ),
    Referer: fc.oneof(
      headerText(80),
      fc.constantFrom(
        "http://[::1",
        "http://127.0.0.1/%E0%A4%A",
        "/relative",
        "javascript:x",
        "http://a:b@/",
      ),
    ),
    "User-Agent": headerText(200),
    "Sec-Fetch-Site": fc.oneof(headerText(20), fc.constantFrom("same-origin", "none", "cross-site")),
    "Sec-Purpose": headerText(20),
    "X-Request-Id": headerText(100),
  },
  { requiredKeys: [] },
);

/** One raw answer: status, headers (lower-case names) and body text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Reused connections for raw requests. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends one request with the request target `target` exactly as given (no normalisation: "//x",
 * "/en//x", backslashes and "%2f" reach the server untouched) and the given headers; never
 * follows a redirect. `target` must be sendable (see wireTarget).
 */
export function rawRequest(
  baseUrl: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: options.method ?? "GET",
        path: target,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/**
 * Where an answer sends the visitor, or null: the Location of a 3xx, or the target of React
 * Router's single-fetch redirect (a `.data` request answers 202 with `["SingleFetchRedirect",…,
 * "redirect","<target>",…]` in its body, which the browser's router then follows).
 */
export function redirectTargetOf(answer: RawAnswer): string | null {
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.location;
    return typeof location === "string" ? location : "";
  }
  if (answer.status === 202 && answer.body.includes('"SingleFetchRedirect"')) {
    try {
      const parts = JSON.parse(answer.body) as unknown[];
      const at = parts.indexOf("redirect");
      return at >= 0 && typeof parts[at + 1] === "string" ? (parts[at + 1] as string) : "";
    } catch {
      return "";
    }
  }
  return null;
}

/**
 * Why a redirect target would take the visitor off `origin` (null when it stays): it must
 * resolve to the same origin (`new URL(location, origin)`), must not start with `//`, `/\` or
 * `\`, must not start with a scheme, and must be ASCII without controls or whitespace.
 */
export function offSiteReason(location: string, origin: string): string | null {
  if (location === "") return "empty Location";
  if (!staysOnSite(location, origin)) return "resolves to another origin";
  if (/^[/\\][/\\]/.test(location) || location.startsWith("\\")) return "starts with // or /\\";
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) return "starts with a scheme";
  if (/[^\u0021-\u007e]/.test(location)) return "holds whitespace, controls or non-ASCII";
  if (!location.startsWith("/")) return "not a path of this site";
  return null;
}
