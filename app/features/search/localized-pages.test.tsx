/**
 * The directory in another locale (issue 14 §2): the hero's GET form and quick searches stay on
 * the localized path, pagination and chips are worded and numbered in the locale (Previous/Next
 * chevrons mirrored in Arabic), and the note on how the search text was read is translated.
 */
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { DEFAULT_SEARCH } from "../../../lib/search-state.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { ActiveFilterChips } from "./ActiveFilterChips";
import { localizedTextNotice } from "./directory.server";
import { HeroSearch } from "./HeroSearch";
import { PaginationNav } from "./PaginationNav";

function render(locale: Locale, path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <I18nextProvider i18n={instanceFor(locale)}>
            <MantineProvider>{element}</MantineProvider>
          </I18nextProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return renderToString(<RouterProvider router={router} />)
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "");
}

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("directory pages in another locale", () => {
  it("the German hero posts its GET form and quick searches to the German home page", () => {
    const html = render(
      "de",
      "/de",
      <HeroSearch params={DEFAULT_SEARCH} countries={[{ value: "CA", label: "Canada", count: 1234 }]} />,
    );
    expect(html).toContain('action="/de#results"');
    expect(html).toContain('href="/de?query=Personenschaden#results"');
    expect(html).toContain("Anwälte für Personenschäden weltweit finden");
    expect(html).toContain("Kanada (1.234)");
  });

  it("Arabic pagination is worded in Arabic and mirrors its chevrons", () => {
    const html = render(
      "ar",
      "/ar/browse-lawyers",
      <PaginationNav params={{ ...DEFAULT_SEARCH, page: 2 }} totalPages={3} action="/ar/browse-lawyers" />,
    );
    expect(html).toContain("السابق");
    expect(html).toContain("التالي");
    expect(html).toContain('aria-label="الصفحة 3"');
    expect(html).toContain('href="/ar/browse-lawyers?page=3#results"');
    expect(html.match(/scaleX\(-1\)/g)?.length).toBe(2);
  });

  it("German chips name practice areas, experience and rating in German", () => {
    const html = render(
      "de",
      "/de/browse-lawyers",
      <ActiveFilterChips
        params={{ ...DEFAULT_SEARCH, practiceAreas: ["Dog Bites"], experience: 10, rating: 4.5 }}
        action="/de/browse-lawyers"
        locationLabel={(v) => v}
      />,
    );
    expect(html).toContain("Hundebisse");
    expect(html).toContain("ab 10 Jahren");
    expect(html).toContain("ab 4,5 Sternen");
    expect(html).toContain('aria-label="Filter Hundebisse entfernen"');
    expect(html).toContain('href="/de/browse-lawyers?experience=10&amp;rating=4.5"');
  });

  it("says in the page's language how the search text was read", () => {
    expect(localizedTextNotice("personel injurry", { personel: "personal", injurry: "injury" }, "de")).toBe(
      "Ergebnisse für „personal injury“ (Sie haben „personel injurry“ eingegeben).",
    );
    expect(localizedTextNotice("😀", {}, "de")).toContain("„😀“ enthält keine Buchstaben oder Ziffern");
    expect(localizedTextNotice("personal injury", {}, "de")).toBeNull();
  });
});
