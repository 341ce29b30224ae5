/**
 * How a visitor reaches their language (issue 14 §1): the root middleware's 302 from an
 * unprefixed page to the browser's or the chosen locale (with `Vary: Accept-Language, Cookie`),
 * the root loader's 404 for an unknown prefix and 301 for "/en/…", and the switcher's
 * /language route (cookie, same page, never another site; the signed-in side, which stores the
 * choice on the account, is app/routes/language.test.ts).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { OPEN_REDIRECT_ATTACKS } from "../../tests/support/open-redirect-payloads.ts";
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
