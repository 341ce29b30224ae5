/**
 * The legal pages and the static pages in another language (issue 14 §1): /ar/privacy-policy is
 * the Arabic text with a visible notice that the English text prevails, linking the English
 * page; the English page has no such notice and keeps the spec's texts; the German terms write
 * the price and date the German way.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../lib/i18n/locales.ts";
import { loadConfig } from "../../server/config.ts";
import { policyFacts } from "../features/privacy/policy-facts.server.ts";
import { ensureLocale, instanceFor } from "../i18n/i18n";
import NotFound from "./not-found.tsx";
import PrivacyPolicy from "./privacy-policy.tsx";
import TermsOfService from "./terms-of-service.tsx";

/** Server-renders `Page` at `url` (its route "/:lang?/<path>") with `locale`'s catalogs. */
function render(
  Page: React.ComponentType,
  url: string,
  locale: Locale,
  path = url.replace(/^\/[a-z-]+(?=\/)/, ""),
) {
  const Stub = createRoutesStub([
    {
      id: "page",
      path: `/:lang?${path}`,
      Component: () => (
        <MantineProvider>
          <Page />
        </MantineProvider>
      ),
    },
  ]);
  // The privacy policy's loader data (issue 17 §1): the defaults of a bare configuration.
  const loaderData = { page: policyFacts(loadConfig({})) };
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <Stub initialEntries={[url]} hydrationData={{ loaderData }} />
    </I18nextProvider>,
  );
}

/** Visible text of an HTML string. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,:;])/g, "$1");
}

beforeAll(async () => {
  await Promise.all([ensureLocale("ar"), ensureLocale("de"), ensureLocale("ja")]);
});

describe("legal pages in every language (issue 14 §1)", () => {
  it("/ar/privacy-policy is Arabic and says the English text prevails, linking it", () => {
    const html = render(PrivacyPolicy, "/ar/privacy-policy", "ar");
    const visible = text(html);
    expect(visible).toContain("سياسة الخصوصية");
    expect(visible).toContain("لا نجمع إلا ما نحتاج إليه لتشغيل الخدمة");
    expect(visible).toContain("النص الإنجليزي هو النص الملزم، ويسود في حال وجود أي اختلاف");
    expect(html).toMatch(
      /<a[^>]*href="\/privacy-policy"[^>]*hrefLang="en"|<a[^>]*hrefLang="en"[^>]*href="\/privacy-policy"/i,
    );
    expect(html).toContain('data-testid="english-prevails"');
    // The email address and the terms link sit inside the translated sentences.
    expect(html).toContain('href="mailto:privacy@lexatlas.example"');
    expect(html).toContain('href="/ar/terms-of-service"');
    expect(visible).not.toContain("We collect only what we need");
  });

  it("the English page keeps the spec's text and has no translation notice", () => {
    const html = render(PrivacyPolicy, "/privacy-policy", "en", "/privacy-policy");
    const visible = text(html);
    expect(visible).toContain("Last updated: December 7, 2026");
    expect(visible).toContain("Searches. The words, locations and filters you search with");
    expect(visible).toContain(
      "Questions about privacy: privacy@lexatlas.example. Legal questions: legal@lexatlas.example.",
    );
    expect(html).not.toContain('data-testid="english-prevails"');
  });

  it("the German terms write the date and the price the German way", () => {
    const visible = text(render(TermsOfService, "/de/terms-of-service", "de"));
    expect(visible).toContain("Nutzungsbedingungen");
    expect(visible).toContain("Zuletzt aktualisiert: 21. November 2026");
    expect(visible).toContain("Premium kostet 29,99 $ pro Monat");
    expect(visible).toContain("Verbindlich ist die englische Fassung");
  });

  it("the Japanese not-found page names the missing path inside the sentence", () => {
    const visible = text(render(NotFound, "/ja/nowhere", "ja", "/nowhere"));
    expect(visible).toContain("404 ページが見つかりません");
    expect(visible).toContain("/ja/nowhere が見つかりませんでした。");
  });
});
