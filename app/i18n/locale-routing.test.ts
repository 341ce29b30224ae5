/**
 * How a visitor reaches their language (issue 14 §1): the root middleware's 302 from an
 * unprefixed page to the browser's or the chosen locale (with `Vary: Accept-Language, Cookie`),
 * the root loader's 404 for an unknown prefix and 301 for "/en/…", and the switcher's
 * /language route (cookie, same page, never another site; the signed-in side, which stores the
 * choice on the account, is app/routes/language.test.ts).
 */
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../lib/i18n/locales.ts";
import {
  hostileAcceptLanguage,
  hostileCookieHeader,
  hostilePath,
  hostileTarget,
  offSiteReason,
  PREFIXES,
} from "../../tests/support/hostile-inputs.ts";
import { OPEN_REDIRECT_ATTACKS, staysOnSite } from "../../tests/support/open-redirect-payloads.ts";
import { middleware, preferredLocaleRedirect, loader as rootLoader } from "../root";
import { loader as languageLoader } from "../routes/language";

const ORIGIN = "http://lexatlas.test";

function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** Runs the root middleware around a page answer; returns the response the visitor gets. */
async function throughMiddleware(request: Request): Promise<Response> {
  const [first] = middleware;
  if (!first) throw new Error("no root middleware");
  const page = new Response("page", { headers: { "Content-Type": "text/html" } });
  const args = { request, params: {}, context: new RouterContextProvider(), unstable_pattern: "" };
  return (await first(args as never, async () => page)) as Response;
}

describe("first visit: the browser's language or the remembered choice", () => {
  it("sends a German browser from an English page to the German one (302, Vary)", async () => {
    const res = await throughMiddleware(
      get("/browse-lawyers?q=Unfall&page=2", { "Accept-Language": "de-DE,de;q=0.9" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/de/browse-lawyers?q=Unfall&page=2");
    expect(res.headers.get("Vary")).toBe("Accept-Language, Cookie");
  });

  it("keeps English for crawlers without Accept-Language, English and unsupported languages", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "Accept-Language": "en-GB,en" },
      { "Accept-Language": "zh-CN" },
    ];
    for (const headers of cases) {
      const res = await throughMiddleware(get("/about", headers));
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get("Vary")).toContain("Accept-Language");
    }
  });

  it("lets an explicit choice win over the browser, both ways", () => {
    expect(
      preferredLocaleRedirect(get("/about", { "Accept-Language": "de", Cookie: "lexatlas_locale=ja" })),
    ).toBe("/ja/about");
    expect(
      preferredLocaleRedirect(get("/about", { "Accept-Language": "de", Cookie: "lexatlas_locale=en" })),
    ).toBeNull();
  });

  it("never redirects a prefixed page, a data request or a form post", () => {
    expect(preferredLocaleRedirect(get("/fr/about", { "Accept-Language": "de" }))).toBeNull();
    expect(preferredLocaleRedirect(get("/about.data", { "Accept-Language": "de" }))).toBeNull();
    expect(
      preferredLocaleRedirect(get("/language?locale=ja&to=%2F", { "Accept-Language": "de" })),
    ).toBeNull();
    const post = new Request(`${ORIGIN}/login`, { method: "POST", headers: { "Accept-Language": "de" } });
    expect(preferredLocaleRedirect(post)).toBeNull();
  });
});

describe("issue 27: the negotiation redirect never leaves the site", () => {
  it("does not send //evil.example to another host for Accept-Language or the locale cookie", async () => {
    const cases: Record<string, string>[] = [
      { "Accept-Language": "de" },
      { Cookie: "lexatlas_locale=ja" },
      { "Accept-Language": "de", Cookie: "lexatlas_locale=ar" },
    ];
    for (const headers of cases) {
      for (const path of ["//evil.example", "///evil.example", "//evil.example/about?x=1"]) {
        const res = await throughMiddleware(get(path, headers));
        const location = res.headers.get("Location");
        expect(location === null || staysOnSite(location, ORIGIN), `${path} ${location}`).toBe(true);
      }
    }
  });
});

describe("issue 27: a locale cookie that does not decode is ignored, never a 500", () => {
  it("answers the page for lexatlas_locale=%E0%A4%A, and the browser's language still counts", async () => {
    const plain = await throughMiddleware(get("/about", { Cookie: "lexatlas_locale=%E0%A4%A" }));
    expect(plain.status).toBe(200);
    const german = await throughMiddleware(
      get("/about", { Cookie: "lexatlas_locale=%E0%A4%A", "Accept-Language": "de" }),
    );
    expect(german.status).toBe(302);
    expect(german.headers.get("Location")).toBe("/de/about");
  });
});

describe("locale prefixes in the root loader", () => {
  const load = (path: string, lang: string | undefined) =>
    rootLoader({
      request: get(path),
      params: { lang },
      context: new RouterContextProvider(),
    } as never);

  it("answers 404 for a prefix that is not a locale", async () => {
    const thrown = await load("/xx/about", "xx").catch((e) => e);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it("moves /en/… and an upper-case prefix to the canonical URL (301)", async () => {
    const en = (await load("/en/about?x=1", "en").catch((e) => e)) as Response;
    expect(en.status).toBe(301);
    expect(en.headers.get("Location")).toBe("/about?x=1");
    const upper = (await load("/PT-BR/lawyer/3", "PT-BR").catch((e) => e)) as Response;
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe("/pt-br/lawyer/3");
  });

  it("issue 27: strips /en (any case) without turning the rest into another host", async () => {
    for (const [path, lang] of [
      ["/en//evil.example", "en"],
      ["/EN//evil.example", "EN"],
      ["/en///evil.example", "en"],
      ["/en//evil.example?x=1", "en"],
    ] as const) {
      const res = (await load(path, lang).catch((e) => e)) as Response;
      expect(res.status, path).toBe(301);
      const location = res.headers.get("Location") ?? "";
      expect(staysOnSite(location, ORIGIN), `${path} -> ${location}`).toBe(true);
      expect(location, path).toBe("/");
    }
  });

  it("reports the page's locale to the pages", async () => {
    const res = (await load("/ar/about", "ar")) as { data: { locale: string } };
    expect(res.data.locale).toBe("ar");
  });
});

describe("the language switcher's /language route", () => {
  const choose = async (query: string) => {
    try {
      return (await languageLoader({
        request: get(`/language?${query}`),
        params: {},
        context: {},
      } as never)) as Response;
    } catch (e) {
      return e as Response;
    }
  };

  it("remembers the choice for a year and opens the same page in that language", async () => {
    const res = await choose(new URLSearchParams({ locale: "ar", to: "/browse-lawyers?q=x" }).toString());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/ar/browse-lawyers?q=x");
    expect(res.headers.get("Set-Cookie")).toMatch(
      /^lexatlas_locale=ar; Path=\/; Max-Age=31536000; SameSite=Lax/,
    );
  });

  it("switches from a prefixed page and back to English", async () => {
    expect((await choose("locale=de&to=%2Fja%2Fabout")).headers.get("Location")).toBe("/de/about");
    expect((await choose("locale=en&to=%2Fde%2Fabout")).headers.get("Location")).toBe("/about");
  });

  it("issue 27: a prefixed target that loses its prefix is checked again (to=/de//evil.example)", async () => {
    for (const to of [
      "/de//evil.example",
      "/ja///evil.example",
      "/pt-br//evil.example",
      "/AR//evil.example",
    ]) {
      const location = (await choose(new URLSearchParams({ locale: "de", to }).toString())).headers.get(
        "Location",
      );
      expect(staysOnSite(location ?? "", ORIGIN), `${to} -> ${location}`).toBe(true);
      expect(location, to).toBe("/de");
    }
    // "en" is no prefix: /en//evil.example is a (missing) page of this site, kept in German.
    const en = await choose(new URLSearchParams({ locale: "de", to: "/en//evil.example" }).toString());
    expect(en.headers.get("Location")).toBe("/de/en//evil.example");
  });

  it("refuses an unknown locale (400) and never leaves the site", async () => {
    expect(await choose("locale=xx&to=%2F")).toMatchObject({ init: { status: 400 } });
    for (const attack of OPEN_REDIRECT_ATTACKS) {
      const location =
        (await choose(new URLSearchParams({ locale: "fr", to: attack }).toString())).headers.get(
          "Location",
        ) ?? "";
      expect(location.startsWith("/fr") && !location.startsWith("//"), attack).toBe(true);
    }
  });
});

/** The Location of a redirect a loader threw or returned, or null when it answered otherwise. */
async function locationOf(run: () => Promise<unknown>): Promise<string | null> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response && answer.status >= 300 && answer.status < 400)
    return answer.headers.get("Location") ?? "";
  if (answer instanceof Error) throw answer;
  return null;
}

/** The request for a hostile path; null when no URL can carry it (the server never sees it). */
function requestFor(path: string, headers: Record<string, string> = {}): Request | null {
  try {
    return get(path, headers);
  } catch {
    return null;
  }
}

describe("issue 27 §2: every redirect of the locale routes stays on the site (fast-check)", () => {
  it("the root loader's prefix strip and re-casing, for any path after any prefix", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PREFIXES), hostilePath, async (prefix, path) => {
        const request = requestFor(`/${prefix}${path}`);
        if (!request) return;
        const lang = /^\/([^/]+)/.exec(new URL(request.url).pathname)?.[1];
        const context = new RouterContextProvider();
        const location = await locationOf(() => rootLoader({ request, params: { lang }, context } as never));
        if (location !== null) expect(offSiteReason(location, ORIGIN), `${path} -> ${location}`).toBeNull();
      }),
      {
        numRuns: 1500,
        examples: [
          ["en", "//evil.example"],
          ["EN", "//evil.example"],
          ["en", "///evil.example"],
        ],
      },
    );
  });

  it("the negotiation redirect, by Accept-Language and by the locale cookie", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostilePath,
        fc.constantFrom(...LOCALES),
        fc.boolean(),
        async (path, locale, byCookie) => {
          const headers: Record<string, string> = byCookie
            ? { Cookie: `lexatlas_locale=${locale}` }
            : { "Accept-Language": locale };
          const request = requestFor(path, headers);
          if (!request) return;
          const response = await throughMiddleware(request);
          const location = response.status === 302 ? response.headers.get("Location") : null;
          if (location !== null) expect(offSiteReason(location, ORIGIN), `${path} -> ${location}`).toBeNull();
        },
      ),
      {
        numRuns: 1500,
        examples: [
          ["//evil.example", "de", false],
          ["//evil.example", "ja", true],
        ],
      },
    );
  });

  it("/language?to= for every locale, encoded or not", async () => {
    await fc.assert(
      fc.asyncProperty(hostileTarget, fc.constantFrom(...LOCALES), async (to, locale) => {
        const request = requestFor(`/language?${new URLSearchParams({ locale, to })}`);
        if (!request) return;
        const location = await locationOf(() =>
          languageLoader({ request, params: {}, context: {} } as never),
        );
        expect(offSiteReason(location ?? "", ORIGIN), `${to} -> ${location}`).toBeNull();
      }),
      { numRuns: 1500, examples: [["/de//evil.example", "de"]] },
    );
  });
});

describe("issue 27 §2: hostile cookies and Accept-Language never break a page (fast-check)", () => {
  it("the root middleware and loader answer for any Cookie and Accept-Language", async () => {
    await fc.assert(
      fc.asyncProperty(
        // The session cookie would make the loader look the user up; the services are not here.
        hostileCookieHeader.map((h) => h.replaceAll("__Host-lexatlas_session", "__Host-other")),
        hostileAcceptLanguage,
        fc.constantFrom("/about", "/de/about", "/"),
        async (cookie, acceptLanguage, path) => {
          const request = get(path, { Cookie: cookie, "Accept-Language": acceptLanguage });
          const response = await throughMiddleware(request);
          expect([200, 302]).toContain(response.status);
          const lang = path.startsWith("/de") ? "de" : undefined;
          const context = new RouterContextProvider();
          const page = (await rootLoader({ request, params: { lang }, context } as never)) as {
            data: { locale: string; timeZone: string };
          };
          expect(page.data.locale).toBe(lang ?? "en");
          expect(typeof page.data.timeZone).toBe("string");
        },
      ),
      { numRuns: 500, examples: [["lexatlas_locale=%E0%A4%A", "", "/about"]] },
    );
  });
});
