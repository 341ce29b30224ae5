/**
 * Issue 14 §1 journeys: a person whose browser prefers German, Japanese or Arabic lands on their
 * language, reads it in header and footer, switches language with the switcher (which is
 * remembered and wins over the browser), and the pages pass axe in de, ja and ar (rtl).
 */
import { expectNoSeriousViolations } from "./support/axe.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";

const BROWSERS = [
  { locale: "de-DE", prefix: "/de", lang: "de", dir: "ltr", browse: "Anwälte finden" },
  { locale: "ja-JP", prefix: "/ja", lang: "ja", dir: "ltr", browse: "弁護士を探す" },
  { locale: "ar-AE", prefix: "/ar", lang: "ar", dir: "rtl", browse: "تصفح المحامين" },
] as const;

for (const b of BROWSERS) {
  test(`a ${b.locale} browser lands on ${b.prefix} and reads its language`, async ({ browser }) => {
    const context = await browser.newContext({
      locale: b.locale,
      extraHTTPHeaders: visitorHeaders(test.info()),
    });
    try {
      const page = await context.newPage();
      const response = await page.goto("/browse-lawyers?query=injury");
      expect(new URL(page.url()).pathname).toBe(`${b.prefix}/browse-lawyers`);
      expect(new URL(page.url()).search).toBe("?query=injury");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", b.lang);
      await expect(page.locator("html")).toHaveAttribute("dir", b.dir);
      await expect(page.locator("header").getByRole("link", { name: b.browse }).first()).toBeVisible();
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        /\/browse-lawyers\?query=injury$/,
      );
    } finally {
      await context.close();
    }
  });

  for (const where of ["home", "browse", "profile"] as const) {
    test(`axe: no serious or critical violation on ${where} in ${b.lang}`, async ({ browser, request }) => {
      const path =
        where === "home"
          ? b.prefix
          : where === "browse"
            ? `${b.prefix}/browse-lawyers`
            : `${b.prefix}/lawyer/${await firstLawyerId(request)}`;
      const context = await browser.newContext({
        locale: b.locale,
        extraHTTPHeaders: visitorHeaders(test.info()),
      });
      try {
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("h1").first()).toBeVisible();
        await expectNoSeriousViolations(page, path);
      } finally {
        await context.close();
      }
    });
  }
}

test("crawlers without Accept-Language get English with alternates for every locale", async ({ request }) => {
  const res = await request.get("/about", { headers: { "Accept-Language": "" }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="en" dir="ltr"');
  for (const tag of ["en", "de", "fr", "es", "pt-BR", "nl", "ja", "ar", "x-default"]) {
    expect(html).toMatch(new RegExp(`rel="alternate" hrefLang="${tag}"`, "i"));
  }
});

test("the switcher keeps page and query, is remembered and wins over the browser", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "de-DE",
    extraHTTPHeaders: visitorHeaders(test.info()),
  });
  try {
    const page = await context.newPage();
    await page.goto("/de/browse-lawyers?query=whiplash");
    await page.locator("header .language-menu summary").first().click();
    await page.locator("header .language-menu").first().getByRole("link", { name: "日本語" }).click();
    await expect(page).toHaveURL(/\/ja\/browse-lawyers\?query=whiplash$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    // The German browser now gets Japanese on a fresh visit to an English URL: the choice wins.
    await page.goto("/about");
    await expect(page).toHaveURL(/\/ja\/about$/);
    // And English, once chosen, stays English.
    await page.goto("/ja/about");
    await page.locator("footer").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goto("/contact");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  } finally {
    await context.close();
  }
});
