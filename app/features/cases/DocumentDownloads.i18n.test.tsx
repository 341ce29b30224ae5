/**
 * The case page's download list (issue 17 §3; DocumentDownloads.tsx) rendered on the server in
 * every locale: the heading, columns and the four kinds of downloader come from the catalogs (no
 * key leaks, no English left in another language), file names are isolated (bdi) for
 * right-to-left pages, times are in the visitor's zone, and the empty state has its sentence.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { DocumentDownloads } from "./DocumentDownloads";

const downloads = (["lawyer", "client", "case_link", "staff"] as const).map((role, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  documentId: "11111111-1111-4111-8111-111111111111",
  fileName: "x-ray.pdf",
  role,
  downloadedAt: "2026-11-27T21:39:00.000Z",
}));

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("DocumentDownloads", () => {
  it.each(LOCALES)("%s: every label from the catalog, no key shown", (locale) => {
    const t = getT(locale, "cases");
    const prefix = locale === "en" ? "" : `/${locale}`;
    const html = renderInLocale(locale, `${prefix}/cases/1`, <DocumentDownloads downloads={downloads} />);
    const text = visibleText(html);
    for (const key of ["title", "intro", "document", "who", "when"])
      expect(text).toContain(t(`downloads.${key}`));
    for (const role of ["lawyer", "client", "case_link", "staff"])
      expect(text).toContain(t(`downloads.roles.${role}`));
    expect(text).not.toMatch(/downloads\.|roles\./);
    expect(html).toContain("<bdi>x-ray.pdf</bdi>");
    if (locale !== "en") expect(text).not.toContain("Your lawyer");
    const empty = visibleText(
      renderInLocale(locale, `${prefix}/cases/1`, <DocumentDownloads downloads={[]} />),
    );
    expect(empty).toContain(t("downloads.none"));
  });
});
