/**
 * Issue 28 §1 on the home and browse pages, on a real database: the loader ranks the visitor's
 * country first (Accept-Language, the page's locale, the near-me point), tells the page to say
 * "Lawyers in Brazil first · Search all countries", ignores an invalid `preferCountry` (redirect to
 * the canonical URL), and the line renders in the page's language with a plain link that sets
 * `preferCountry=none` and keeps the rest of the search.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchParamsSchema } from "../../../lib/search-params.ts";
import { systemClock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config.ts";
import type { Database } from "../../../server/db/client.ts";
import { createLogger } from "../../../server/logger.ts";
import { insertVisitorFixtures } from "../../../server/search/visitor-fixtures.ts";
import { createServices } from "../../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../../tests/support/db.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { servicesContext } from "../../context.ts";
import { ensureLocale } from "../../i18n/i18n";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { CountryFirstLine, englishCountryPhrase } from "./CountryFirstLine";
import { loadDirectory } from "./directory.server";

const BIRTH = "meu filho nasceu com uma lesão por erro médico no parto";

/** The visible text of the rendered line (Mantine's style tags left out). */
const lineText = (html: string) =>
  visibleText(/data-testid="country-first"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");

describe(`the visitor's country on the directory pages (${TEST_ENGINE}, issue 28 §1)`, () => {
  let database: Database;
  let context: RouterContextProvider;
  beforeAll(async () => {
    for (const l of ["pt-BR", "ar", "de"] as const) await ensureLocale(l);
    database = await openTestDatabase();
    await insertVisitorFixtures(database.db);
    context = new RouterContextProvider();
    context.set(
      servicesContext,
      createServices({
        clock: systemClock,
        db: database.db,
        config: loadConfig({ LOG_LEVEL: "silent" }),
        logger: createLogger("silent"),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const load = (url: string, acceptLanguage?: string) =>
    loadDirectory(
      new Request(url, { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} }),
      context,
    );
  const q = (s: Record<string, string>) => `?${new URLSearchParams(s)}`;

  it("lists Brazilian lawyers first for a Brazilian browser and says so", async () => {
    const data = await load(`http://localhost/pt-br${q({ query: BIRTH })}`, "pt-BR,pt;q=0.9");
    expect(data.lawyers[0]?.location).toContain("Brasil");
    expect(data.countryLine).toEqual({ mode: "first", country: "BR" });
    // The page locale's usual country when the browser names none.
    expect((await load(`http://localhost/pt-br${q({ query: BIRTH })}`, "en")).countryLine).toEqual({
      mode: "first",
      country: "BR",
    });
    // English and Arabic pages name no country of their own.
    expect((await load(`http://localhost/${q({ query: BIRTH })}`, "en")).countryLine).toBeNull();
    expect((await load(`http://localhost/ar${q({ query: BIRTH })}`, "ar")).countryLine).toBeNull();
  });

  it("offers the way back after Search all countries, and says nothing where a place is named", async () => {
    const all = await load(`http://localhost/pt-br${q({ query: BIRTH, preferCountry: "none" })}`, "pt-BR");
    expect(all.countryLine).toEqual({ mode: "all", country: "BR" });
    expect(all.lawyers[0]?.location).not.toContain("Brasil");
    const place = await load(`http://localhost/pt-br${q({ query: "erro médico em Zürich" })}`, "pt-BR");
    expect(place.countryLine).toBeNull();
    // No line for a country without a match (Germany has no medical malpractice lawyer here).
    const de = await load(`http://localhost/de${q({ practiceAreas: "Medical Malpractice" })}`, "de-DE");
    expect(de.countryLine).toBeNull();
  });

  it("ignores an invalid preferCountry and writes a valid one canonically (redirects)", async () => {
    const redirectOf = async (url: string) => {
      try {
        await load(url, "pt-BR");
      } catch (e) {
        if (e instanceof Response) return e.headers.get("Location");
        throw e;
      }
      return null;
    };
    expect(await redirectOf(`http://localhost/pt-br${q({ query: "x", preferCountry: "XX" })}`)).toBe(
      "/pt-br?query=x",
    );
    expect(await redirectOf(`http://localhost/pt-br${q({ preferCountry: "br" })}`)).toBe(
      "/pt-br?preferCountry=BR",
    );
  });

  it("keeps the near-me point's country when nothing else names one", async () => {
    const near = q({ near: "-23.55,-46.63", radiusKm: "25" });
    expect((await load(`http://localhost/${near}`, "en")).nearCountry).toBe("BR");
    expect((await load(`http://localhost/${near}`, "pt-BR")).nearCountry).toBeNull();
  });

  it("renders the line in the page's language with a link to Search all countries that keeps the search", () => {
    const params = SearchParamsSchema.parse({ query: BIRTH, verified: "true", page: "2" });
    const line = { mode: "first" as const, country: "BR" };
    const pt = renderInLocale(
      "pt-BR",
      "/pt-br",
      <CountryFirstLine line={line} params={params} action="/pt-br" />,
    );
    expect(lineText(pt)).toBe("Primeiro, advogados deste país: Brasil · Pesquisar em todos os países");
    const href =
      /data-testid="all-countries"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="all-countries"/
        .exec(pt)
        ?.slice(1)
        .find(Boolean)
        ?.replace(/&amp;/g, "&") ?? "";
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/pt-br");
    expect(url.searchParams.get("preferCountry")).toBe("none");
    expect(url.searchParams.get("query")).toBe(BIRTH);
    expect(url.searchParams.get("verified")).toBe("true");
    expect(url.searchParams.get("page")).toBeNull();
    const en = renderInLocale("en", "/", <CountryFirstLine line={line} params={params} action="/" />);
    expect(lineText(en)).toBe("Lawyers in Brazil first · Search all countries");
    const ar = renderInLocale("ar", "/ar", <CountryFirstLine line={line} params={params} action="/ar" />);
    expect(lineText(ar)).toBe("المحامون في البرازيل أولًا · البحث في كل البلدان");
    const back = renderInLocale(
      "de",
      "/de",
      <CountryFirstLine line={{ mode: "all", country: "DE" }} params={params} action="/de" />,
    );
    expect(lineText(back)).toBe("Alle Länder werden durchsucht · Zuerst Anwälte in diesem Land: Deutschland");
    expect(back).not.toContain("preferCountry");
  });

  it("writes the English country with its article", () => {
    expect(englishCountryPhrase("United Arab Emirates")).toBe("the United Arab Emirates");
    expect(englishCountryPhrase("Netherlands")).toBe("the Netherlands");
    expect(englishCountryPhrase("Dominican Republic")).toBe("the Dominican Republic");
    expect(englishCountryPhrase("Brazil")).toBe("Brazil");
    expect(englishCountryPhrase("Honduras")).toBe("Honduras");
  });

  it("keeps the near-me point's country in the link that removes the near-me chip", () => {
    const params = SearchParamsSchema.parse({ query: "erro médico", near: "-23.55,-46.63", radiusKm: "25" });
    const html = renderInLocale(
      "en",
      "/",
      <ActiveFilterChips params={params} action="/" locationLabel={(v) => v} nearCountry="BR" />,
    );
    const near = /data-chip="near"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-chip="near"/.exec(html);
    const href = (near?.[1] ?? near?.[2] ?? "").replace(/&amp;/g, "&");
    const url = new URL(href, "http://localhost");
    expect(url.searchParams.get("preferCountry")).toBe("BR");
    expect(url.searchParams.get("near")).toBeNull();
    expect(url.searchParams.get("query")).toBe("erro médico");
  });
});
