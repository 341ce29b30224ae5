/**
 * Issue 19 §5: the case page explains each status and what happens next, for the client and for
 * the lawyer, in every locale (no key shown, the reader's own sentence for the current status).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CASE_STATUSES } from "../../../lib/constants.ts";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale, getT } from "../../i18n/i18n";
import { CaseStatusGuide } from "./CaseStatusGuide";

beforeAll(async () => {
  await Promise.all(LOCALES.map((l) => ensureLocale(l)));
});

describe("CaseStatusGuide", () => {
  it.each(LOCALES)("%s: each status explained for client and lawyer, the current one first", (locale) => {
    const t = getT(locale, "cases");
    const prefix = locale === "en" ? "" : `/${locale}`;
    for (const role of ["client", "lawyer"] as const)
      for (const status of CASE_STATUSES) {
        const html = renderInLocale(
          locale,
          `${prefix}/cases/1`,
          <CaseStatusGuide status={status} reader={role} />,
        );
        const text = visibleText(html);
        expect(text).not.toContain("statusGuide.");
        const now = t(`statusGuide.${status}.${role}`);
        expect(now.length).toBeGreaterThan(20);
        expect(text.indexOf(now)).toBeLessThan(text.indexOf(t("statusGuide.all")));
        // The disclosure lists all six, in the reader's words.
        for (const s of CASE_STATUSES) expect(text).toContain(t(`statusGuide.${s}.${role}`));
        const other = role === "client" ? "lawyer" : "client";
        expect(text).not.toContain(t(`statusGuide.${status}.${other}`));
      }
  });
  it("tells a client of a declined case that they can send it to another lawyer", () => {
    const text = visibleText(
      renderInLocale("en", "/cases/1", <CaseStatusGuide status="declined" reader="client" />),
    );
    expect(text).toContain("You can send it to another lawyer from this page");
  });
});
