/**
 * What wraps every fuzzed request whatever its route (issue 27 "bad cookies and headers, as every
 * role"): who sends it (one of the six roles, by cookie or by bearer token), from which client
 * address, with or without the site's Origin, and a few hostile headers and cookies — an
 * undecodable locale cookie, a garbage session cookie, duplicated and oversized headers, bytes
 * that are not UTF-8.
 */
import fc from "fast-check";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { LOCALE_COOKIE } from "../../lib/i18n/locales.ts";
import { CONSENT_COOKIE } from "../../lib/privacy.ts";
import { type FuzzWorld, ROLE_NAMES, type RoleName } from "./harness.ts";
import { EXCLUDED } from "./values.ts";

/** A header added to (or doubled on) a request. */
export type HeaderChange = [name: string, value: string];

/** Who sends a request and how (see envelope()). */
export interface Envelope {
  role: RoleName;
  /** How a signed-in role proves it: the session cookie (as the pages) or `Authorization: Bearer`. */
  auth: "cookie" | "bearer";
  /**
   * `site`: the site's Origin (so unsafe requests reach the handlers); `none`: no Origin;
   * `foreign`: another site's (the cross-site check must refuse it, 403, writing nothing).
   */
  origin: "site" | "none" | "foreign";
  /** X-Forwarded-For: a fresh documentation address unless a hostile one is chosen. */
  ip: string;
  /** Extra cookies, hostile ones among them. */
  cookies: string[];
  /** Extra headers, hostile ones among them. */
  headers: HeaderChange[];
}

/** Cookies that have broken servers: undecodable, garbage sessions, broken pairs, huge. */
function hostileCookie(): fc.Arbitrary<string> {
  const cookies = [
    `${LOCALE_COOKIE}=%E0%A4%A`,
    `${LOCALE_COOKIE}=%`,
    `${LOCALE_COOKIE}=xx-YY`,
    `${LOCALE_COOKIE}=<script>`,
    `${LOCALE_COOKIE}=de;${LOCALE_COOKIE}=ar`,
    `${SESSION_COOKIE}=%E0%A4%A`,
    `${SESSION_COOKIE}=garbage`,
    `${SESSION_COOKIE}="quoted"`,
    `${SESSION_COOKIE}=${"A".repeat(3000)}`,
    `${SESSION_COOKIE}=`,
    "lexatlas_case_00000000-0000-4000-8000-000000000000=%ZZ",
    "lexatlas_case_1=garbage",
    "lexatlas_case_sent=%E0%A4%A",
    "lexatlas_tz=Mars/Olympus_Mons",
    "lexatlas_tz=%E0%A4%A",
    `${CONSENT_COOKIE}=%7B%22categories%22%3A`,
    `${CONSENT_COOKIE}=%E0%A4%A`,
    `${CONSENT_COOKIE}={"categories":{"__proto__":1}}`,
    "=x",
    "novalue",
    ";;;;",
    "a=b; ; c",
    "\u00ff\u00fe=\u00e9",
  ];
  // FUZZ_EXCLUDE=cookie-decoding: no cookie whose value does not percent-decode (local runs only).
  const decodes = (c: string) => {
    try {
      decodeURIComponent(c);
      return true;
    } catch {
      return false;
    }
  };
  const allowed = EXCLUDED.has("cookie-decoding") ? cookies.filter(decodes) : cookies;
  return fc.constantFrom(...allowed);
}

/** Header values that have broken servers; latin1 characters go on the wire as single bytes. */
function hostileHeader(): fc.Arbitrary<HeaderChange> {
  return fc.oneof(
    fc.constantFrom<HeaderChange>(
      ["Accept-Language", "*"],
      ["Accept-Language", "xx-YY;q=abc, ;q=, de;q=2"],
      ["Accept-Language", "ar-\u00ff\u00fe"],
      ["Accept-Language", "de,".repeat(1000)],
      ["Accept-Language", "ja;q=0.5, pt-br, AR"],
      ["Authorization", "Bearer"],
      ["Authorization", "Bearer a b"],
      ["Authorization", "Basic Zm9vOmJhcg=="],
      ["Authorization", `Bearer ${"x".repeat(3000)}`],
      ["Authorization", "Bearer %E0%A4%A"],
      ["X-Case-Token", "garbage"],
      ["X-Case-Token", "\u00ff"],
      ["X-Forwarded-For", "unknown"],
      ["X-Forwarded-For", "999.1.1.1, ::::, evil"],
      ["X-Request-Id", "r".repeat(500)],
      ["Sec-Fetch-Site", "cross-site"],
      ["Sec-Fetch-Dest", "document"],
      ["Sec-Fetch-Mode", "navigate"],
      ["Accept", "application/json;q=0, text/html;q=abc"],
      ["Accept", "text/x-component"],
      ["Accept-Encoding", "gzip;q=0, br;q=abc, *"],
      ["Accept-Encoding", "br"],
      ["Range", "bytes=0-1,5-2"],
      ["If-None-Match", "*"],
      ["If-Modified-Since", "yesterday"],
      ["X-HTTP-Method-Override", "DELETE"],
      ["Content-Language", "\u00e9\u00e9"],
      ["X-Custom", "v".repeat(3000)],
      // Headers the request may already carry, sent a second time.
      ["Cookie", `${LOCALE_COOKIE}=ar; ${SESSION_COOKIE}=second`],
      ["Origin", "null"],
      ["Content-Type", "text/plain"],
      ["X-Forwarded-For", "203.0.113.9"],
      ["Accept-Language", "de"],
    ),
    fc.tuple(
      fc.constantFrom("X-Fuzz", "Accept-Language", "User-Agent", "Referer", "X-Case-Token"),
      // Control characters are refused by Node's parser before the app (400): kept out, but
      // latin1 bytes (not UTF-8 on the wire) stay in.
      fc
        .string({
          unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
          maxLength: 40,
        })
        .map((v) => v.replace(/\x7f/g, "").trim()),
    ),
  );
}

/** The envelope of a request: mostly a plain one, sometimes hostile in a few ways. */
export function envelope(): fc.Arbitrary<Envelope> {
  return fc.record({
    role: fc.constantFrom(...ROLE_NAMES),
    auth: fc.constantFrom("cookie" as const, "bearer" as const),
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant("site" as const) },
      { weight: 1, arbitrary: fc.constantFrom("none" as const, "foreign" as const) },
    ),
    ip: fc.oneof(
      { weight: 9, arbitrary: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `198.18.${a}.${b}`) },
      { weight: 1, arbitrary: fc.constantFrom("", "not-an-ip", "2001:db8::1", "1.2.3.4, 5.6.7.8") },
    ),
    cookies: fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.array(hostileCookie(), { minLength: 1, maxLength: 2 }) },
    ),
    headers: fc.oneof(
      { weight: 3, arbitrary: fc.constant<HeaderChange[]>([]) },
      { weight: 1, arbitrary: fc.array(hostileHeader(), { minLength: 1, maxLength: 2 }) },
    ),
  });
}

/** The headers an envelope puts on a request (`unsafe`: a method other than GET/HEAD/OPTIONS). */
export function envelopeHeaders(e: Envelope, world: FuzzWorld, unsafe: boolean): HeaderChange[] {
  const out: HeaderChange[] = [];
  if (e.ip) out.push(["X-Forwarded-For", e.ip]);
  const role = e.role === "anonymous" ? undefined : world.roles[e.role];
  const cookies = [...e.cookies];
  if (role && e.auth === "cookie") cookies.unshift(`${SESSION_COOKIE}=${role.token}`);
  if (role && e.auth === "bearer") out.push(["Authorization", `Bearer ${role.token}`]);
  if (cookies.length) out.push(["Cookie", cookies.join("; ")]);
  if (unsafe && e.origin === "site") out.push(["Origin", world.origin]);
  if (unsafe && e.origin === "foreign") out.push(["Origin", "https://evil.example"]);
  out.push(...e.headers);
  return out;
}
