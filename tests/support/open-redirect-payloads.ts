/**
 * Open-redirect payloads for the sign-in return path (issue 13 §1 "Open redirect after
 * sign-in"; OWASP Unvalidated Redirects and Forwards Cheat Sheet; PortSwigger's open-redirect
 * lists). Each `attack` must end in `/dashboard`; each `sameSite` path must come back as the
 * given same-site path. Used by the route-level table test (app/routes/open-redirect.test.ts)
 * and the journey against the real server (tests/e2e/open-redirect.spec.ts).
 */

/** Payloads that try to leave the site: every one must fall back to /dashboard. */
export const OPEN_REDIRECT_ATTACKS: readonly string[] = [
  // dot segments that resolve to a protocol-relative path (the four)
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/././/evil.example",
  "/a/b/../..//evil.example",
  // protocol-relative, more slashes
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "//evil.example@lexatlas.example",
  // backslashes (browsers read "\" as "/")
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  // tab / newline / carriage return inside (browsers strip them)
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example".replace(" ", "\u000b"),
  // script and data schemes, any letter case
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // full URLs and scheme tricks
  "https://evil.example/",
  "http://evil.example",
  "HTTPS://EVIL.EXAMPLE/login",
  "https:evil.example",
  "http:/evil.example",
  "https://127.0.0.1.evil.example/",
  // encoded before the first slash (not a path of this site)
  "%2F%2Fevil.example",
  "%2e%2e//evil.example",
  // Unicode dots (ideographic and fullwidth full stops) in protocol-relative forms
  "//evil\u3002example",
  "//evil\uff0eexample",
  "//evil%E3%80%82example",
  // not a path at all
  "evil.example",
  " /dashboard",
  "",
];

/** Same-site paths (some odd-looking): each must come back as `expected`, never off the site. */
export const SAME_SITE_PATHS: readonly { input: string; expected: string }[] = [
  { input: "/dashboard?tab=analytics", expected: "/dashboard?tab=analytics" },
  { input: "/lawyer/12#reviews", expected: "/lawyer/12#reviews" },
  { input: "/a/../browse-lawyers", expected: "/browse-lawyers" },
  { input: "/%252F%252Fevil.example", expected: "/%252F%252Fevil.example" },
  { input: "/%5Cevil.example", expected: "/%5Cevil.example" },
  { input: "/%09/evil.example", expected: "/%09/evil.example" },
  { input: "/claim-listing?token=abc", expected: "/claim-listing?token=abc" },
  // a Unicode dot is no dot segment: it stays a (percent-encoded) path of this site
  { input: "/\u3002/evil.example", expected: "/%E3%80%82/evil.example" },
];

/**
 * True when a Location header keeps the visitor on `origin`: resolved against it, the origin is
 * unchanged, and it is not written in a protocol-relative or backslash form a browser could
 * read as another host.
 */
export function staysOnSite(location: string, origin: string): boolean {
  if (/^[/\\]{2}/.test(location) || /^\/\\/.test(location)) return false;
  try {
    return new URL(location, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
