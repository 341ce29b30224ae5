/**
 * The one rule for every redirect LexAtlas answers (issue 27 §2; OWASP ASVS 5.1.5 "URL redirects
 * and forwards only allow destinations which appear on an allow list", OWASP Unvalidated
 * Redirects and Forwards Cheat Sheet): a `Location` is a path of this site, checked on the FINAL
 * string, after every rewrite (locale prefixing and stripping, return paths, canonical URLs).
 * Pure: imported by the pages' loaders, actions and middleware; docs/security.md "Redirects".
 *
 * Every page answer that redirects is built here: `siteRedirect` (a same-site path, else a
 * fallback) and, for the payment provider's checkout page only, `offSiteRedirect`.
 * `tests/support/redirect-emitters.test.ts` fails when a module of app/, server/ or lib/ writes a Location
 * another way.
 */

/** Base used to resolve a target; only results that keep this origin are paths of this site. */
const BASE = "http://lexatlas.invalid";

/** Longest target and longest Location written (characters): longer ones are refused. */
export const MAX_REDIRECT_LENGTH = 2000;

/** The statuses a redirect may have. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The same-site path `target` names, normalised to pathname + search + hash, or null when it is
 * not a path of this site. The rule (each clause is an attack that was seen):
 * - a string of at most MAX_REDIRECT_LENGTH characters that starts with one "/";
 * - no control character (C0, DEL, C1: browsers drop a tab, CR or LF, so "/\t/evil.example"
 *   would become "//evil.example") and no backslash anywhere (browsers read "\" as "/");
 * - resolved with `new URL(target, ownOrigin)` the origin stays ours ("//evil.example",
 *   "https://…", "javascript:…", "/\\evil" and leading whitespace fail here or above);
 * - the normalised result never starts with "//" (dot segments: "/.//evil.example",
 *   "/%2e%2e//evil.example" resolve to the path "//evil.example", which a browser reads as a
 *   host when it is sent as Location) and is at most MAX_REDIRECT_LENGTH long.
 * The result is ASCII (the URL serializer percent-encodes everything else: a full-width solidus
 * "／" or an ideographic full stop "。" becomes a harmless encoded path segment), so it is also a
 * valid header value. Idempotent: `sameSitePath(sameSitePath(x)) === sameSitePath(x)`.
 */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_LENGTH || !target.startsWith("/"))
    return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.length > MAX_REDIRECT_LENGTH) return null;
  return path;
}

/**
 * A safe place to return to (issue 3 "or back to the page that sent the visitor"): the same-site
 * path `to` names (sameSitePath), else `fallback` ("/dashboard" unless given). For a target chosen
 * by the visitor (`redirectTo`, `to`): the form keeps it, and siteRedirect writes it.
 * @param to the requested target (query parameter or form field; anything)
 * @param fallback answered when `to` is not a path of this site (also "" for "none")
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
): string {
  return sameSitePath(to) ?? fallback;
}

/**
 * THE way a page answers with a redirect (issue 27 §2): a `Response` with `status` (302 unless
 * `init` says otherwise; 301, 302, 303, 307 or 308) and `Location: sameSitePath(target)`, else
 * `sameSitePath(fallback)`, else "/". Built like React Router's `redirect()`, which loaders,
 * actions and middleware may throw or return, and which a `.data` request turns into its
 * single-fetch redirect.
 * @param target the final path, after every rewrite (locale prefix added or stripped); anything
 *   that is not a same-site path (also a form's File or null) gives `fallback`
 * @param init a status, or a ResponseInit whose headers are kept (Set-Cookie, Cache-Control…)
 * @param fallback where to go when `target` is refused (e.g. the locale's home, "/de")
 * @throws Error for a status that is not a redirect (a programming error)
 */
export function siteRedirect(
  target: FormDataEntryValue | string | null | undefined,
  init: number | ResponseInit = 302,
  fallback = "/",
): Response {
  return redirectResponse(sameSitePath(target) ?? sameSitePath(fallback) ?? "/", init);
}

/**
 * The one redirect that leaves the site: to the payment provider's checkout page (Stripe Checkout;
 * issue 6), whose address the server received from the provider's API, never from the request.
 * Only an absolute `https:` URL without user name or password is accepted;
 * `tests/support/redirect-emitters.test.ts` allows this function in the billing route only.
 * @throws Error when `url` is not such a URL (the billing route shows its payment error)
 */
export function offSiteRedirect(url: string, init: number | ResponseInit = 302): Response {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("offSiteRedirect: not an absolute URL");
  }
  if (parsed.protocol !== "https:" || parsed.username !== "" || parsed.password !== "")
    throw new Error("offSiteRedirect: only https: URLs without credentials");
  return redirectResponse(parsed.href, init);
}

/** The redirect Response with `location` (already checked) and `init` (302 unless it says otherwise). */
function redirectResponse(location: string, init: number | ResponseInit): Response {
  const responseInit: ResponseInit = typeof init === "number" ? { status: init } : { ...init };
  const status = responseInit.status ?? 302;
  if (!REDIRECT_STATUSES.has(status)) throw new Error(`redirect: ${status} is not a redirect status`);
  const headers = new Headers(responseInit.headers);
  headers.set("Location", location);
  return new Response(null, { ...responseInit, status, headers });
}
