/**
 * Issue 14 §1 journeys: a person whose browser prefers German, Brazilian Portuguese, Japanese or
 * Arabic lands on their
 * language, reads it in header and footer, switches language with the switcher (which is
 * remembered and wins over the browser), and the pages pass axe in de, ja and ar (rtl).
 */
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";

const BROWSERS = [
  { locale: "de-DE", prefix: "/de", lang: "de", dir: "ltr", browse: "Anwälte finden" },
  { locale: "pt-BR", prefix: "/pt-br", lang: "pt-BR", dir: "ltr", browse: "Buscar advogados" },
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

/** Issue 14 "Done when": typing naturally in the visitor's language finds lawyers in their city. */
const NATURAL_SEARCHES = [
  { locale: "de-DE", prefix: "/de", query: "Unfallanwalt München", city: /München|Munich/, lang: "German" },
  {
    locale: "pt-BR",
    prefix: "/pt-br",
    query: "advogado acidente de trânsito São Paulo",
    city: /São Paulo/,
    lang: "Brazilian Portuguese",
  },
] as const;

for (const n of NATURAL_SEARCHES) {
  test(`${n.lang}: typing naturally finds lawyers in ${n.city.source.split("|")[0]} (issue 14 §3)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: n.locale,
      extraHTTPHeaders: visitorHeaders(test.info()),
    });
    try {
      const page = await context.newPage();
      // A hydration mismatch (React #418: a country name that Node's ICU writes one way and
      // Chromium's another) made React re-render the page and drop the typed text.
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      await page.goto(n.prefix);
      await waitForHydration(page.locator('input[name="query"]').first());
      await page.locator('input[name="query"]').first().fill(n.query);
      // The hero form's own submit button (Enter may pick a suggestion while they load).
      await page.locator('form:has(input[name="query"]) button[type="submit"]').first().click();
      await expect(page).toHaveURL(new RegExp(`${n.prefix}/?\\?.*query=`));
      const cards = page.locator(`a[href^="${n.prefix}/lawyer/"]`);
      await expect(cards.first()).toBeVisible();
      // The first result card names the city (in the page's language, issue 14 §1).
      await expect(page.locator("article.lawyer-card").first()).toContainText(n.city);
      await expectNoSeriousViolations(page, `${n.prefix} search results`);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("Japanese: a person with one name and an internationalised email signs up (issue 14 §2)", async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: "ja-JP",
    extraHTTPHeaders: visitorHeaders(test.info()),
  });
  try {
    const page = await context.newPage();
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/ja\/signup$/);
    await waitForHydration(page.locator('input[name="firstName"]'));
    await page.locator('input[name="firstName"]').fill("翔");
    await page.locator('input[name="email"]').fill(`しょう${Date.now()}@例え.jp`);
    await page.locator('input[name="password"]').fill("correct horse battery staple");
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ja\/dashboard$/);
    await expect(page.locator("h1").first()).toContainText("翔");
    await expectNoSeriousViolations(page, "/ja/dashboard");
  } finally {
    await context.close();
  }
});

test("Arabic: a case to a Dubai lawyer with an Arabic name and Arabic-Indic digits is accepted (issue 14 §2)", async ({
  browser,
  request,
}) => {
  const found = await request.get(
    `/api/lawyers/search?${new URLSearchParams({ query: "دبي", pageSize: "6" })}`,
  );
  const lawyers = (await found.json()) as { id: number; countryCode: string }[];
  const dubai = lawyers.find((l) => l.countryCode === "AE");
  expect(dubai, "a demo lawyer in Dubai").toBeTruthy();
  // Without JavaScript: the in-page form of the profile (spec-deviations row 39).
  const context = await browser.newContext({
    locale: "ar-AE",
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorHeaders(test.info()),
  });
  try {
    const page = await context.newPage();
    await page.goto(`/ar/lawyer/${dubai?.id}?form=case#submit-case`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const form = page.locator('form:has(input[name="caseTitle"])');
    await form.locator('[name="caseTitle"]').fill("حادث سيارة عند الإشارة");
    await form.locator('[name="caseType"]').selectOption({ index: 1 });
    await form.locator('[name="description"]').fill("اصطدمت بي سيارة من الخلف عند إشارة المرور في دبي.");
    await form.locator('[name="clientName"]').fill("فاطمة الزهراء");
    await form.locator('[name="clientEmail"]').fill("fatima@example.ae");
    await form.locator('[name="clientPhone"]').fill("٠٥٠١٢٣٤٥٦٧");
    // Issue 17 §1: the explicit health-data consent.
    await form.locator('[name="healthDataConsent"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/ar/lawyer/${dubai?.id}\\?form=case&sent=1#submit-case$`));
    // The summary of the case just sent, in Arabic, with the address the tracking link went to.
    await expect(page.getByText("حادث سيارة عند الإشارة").first()).toBeVisible();
    await expect(page.getByText("fatima@example.ae").first()).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * The server's HTML and the hydrating browser must write the same text in every locale: a
 * difference (Node's ICU and Chromium's name Hong Kong differently, and space a time range
 * differently) makes React throw the server's page away (error #418) and, with it, what the
 * visitor already typed. Each page of each locale is loaded in a browser of that language and
 * must hydrate without an error.
 */
test("every page hydrates without a React error in all eight locales (issue 14 §1)", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const id = await firstLawyerId(request);
  const pages = ["", "/browse-lawyers", `/lawyer/${id}`, "/about", "/contact", "/personality-assessment"];
  const locales = ["en-US", "de-DE", "fr-FR", "es-ES", "pt-BR", "nl-NL", "ja-JP", "ar-AE"];
  const failures: string[] = [];
  for (const locale of locales) {
    const context = await browser.newContext({ locale, extraHTTPHeaders: visitorHeaders(test.info()) });
    try {
      const page = await context.newPage();
      let current = "";
      page.on("pageerror", (e) => failures.push(`${locale} ${current}: ${e.message.slice(0, 80)}`));
      const prefix = locale === "en-US" ? "" : `/${locale.startsWith("pt") ? "pt-BR" : locale.slice(0, 2)}`;
      for (const path of pages) {
        current = `${prefix}${path}` || "/";
        await page.goto(current);
        await waitForHydration(page.locator("a").first());
      }
    } finally {
      await context.close();
    }
  }
  expect(failures).toEqual([]);
});
