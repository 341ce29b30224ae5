import fc from "fast-check";
import { DEFAULT_LOCALE, localeFromCookie, negotiateLocale } from "../../lib/i18n/locales.ts";
import {
  hostileAcceptLanguage,
  hostileCookieHeader,
  hostileHeaders,
  offSiteReason,
  rawRequest,
  redirectTargetOf,
} from "../support/hostile-inputs.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 27 §2 "cookies and headers that do not decode are ignored, never a 500", on the pages of
 * the running product: fast-check sends arbitrary Cookie headers (the attacker's
 * `lexatlas_locale=%E0%A4%A`, invalid UTF-8 as %xx, quotes, `=` runs, odd separators, very long
 * values), Accept-Language garbage and hostile X-Forwarded-For, Referer, User-Agent,
 * Sec-Fetch-Site, Sec-Purpose and X-Request-Id values (tests/support/hostile-inputs.ts). Every
 * page answers below 500: a prefixed page 200 in its own language; an unprefixed one 200 in
 * English, or the 302 to the language the visitor's well-formed choice or browser names (a
 * cookie that does not decode is no choice). The API side is server/security/hostile-headers.test.ts.
 */

/** The `lang` of a rendered page's <html>, or null. */
function htmlLang(body: string): string | null {
  return /<html[^>]*\slang="([^"]+)"/.exec(body)?.[1] ?? null;
}

test("pages answer hostile cookies and headers normally, in the right language (fast-check)", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL as string;
  const lawyer = await firstLawyerId(request);
  const unprefixed = ["/", "/about", "/login", `/lawyer/${lawyer}`, "/browse-lawyers?query=car+accident"];
  const prefixed = ["/de/about", "/ja/login", `/ar/lawyer/${lawyer}`];
  const pages = [...unprefixed, ...prefixed, "/dashboard", "/cases/0b3e8a4c-5d61-4f0e-9a7b-2c8d1e6f4a90"];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...pages),
      hostileCookieHeader,
      fc.option(hostileAcceptLanguage, { nil: undefined }),
      hostileHeaders,
      async (page, cookie, acceptLanguage, others) => {
        const headers: Record<string, string> = { ...others, Cookie: cookie };
        if (acceptLanguage !== undefined) headers["Accept-Language"] = acceptLanguage;
        const answer = await rawRequest(origin, page, { headers });
        const where = `${page} ${JSON.stringify(headers).slice(0, 600)} -> ${answer.status}`;
        expect(answer.status, where).toBeLessThan(500);
        // Node's HTTP parser refuses a header block over 16 KB itself (431), before the app.
        if (answer.status === 431) return;
        const target = redirectTargetOf(answer);
        if (target !== null) expect(offSiteReason(target, origin), `${where} ${target}`).toBeNull();
        if (prefixed.includes(page)) {
          expect(answer.status, where).toBe(200);
          expect(htmlLang(answer.body), where).toBe(page.split("/")[1]);
        } else if (unprefixed.includes(page)) {
          const chosen = localeFromCookie(cookie) ?? negotiateLocale(acceptLanguage);
          if (chosen && chosen !== DEFAULT_LOCALE) {
            expect(answer.status, where).toBe(302);
            expect(target?.startsWith(`/${chosen.toLowerCase()}`), `${where} ${target}`).toBe(true);
          } else {
            expect(answer.status, where).toBe(200);
            expect(htmlLang(answer.body), where).toBe("en");
          }
        }
      },
    ),
    {
      numRuns: 120,
      examples: [
        ["/about", "lexatlas_locale=%E0%A4%A", undefined, {}],
        ["/de/about", "lexatlas_locale=%E0%A4%A; lexatlas_tz=%; cc_cookie=%7B", undefined, {}],
        [`/lawyer/${lawyer}`, "lexatlas_case_sent=%E0%A4%A; lexatlas_tz=%FF", "de;q=abc,,", {}],
      ],
    },
  );
});
