/**
 * Issue 28 §2: "What we checked" reads in the page's language. Server-rendered in English, German
 * and Arabic (and, for the catalog, every locale): the specialist title's check has its own line
 * (the title as conferred, isolated, with its issuing body and year), check names and the demo
 * marker come from the catalogs, the licence line says "demo record" in the page's language, and
 * a demo discipline record's outcome and statement (catalog references) are translated while a
 * real record's words are shown as they are. The header line lists the titles with their tick.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SpecialistTitle } from "../../../lib/specialist-titles.ts";
import type { DisciplinaryRecordDTO, VerificationDTO } from "../../../lib/verification.ts";
import { renderInLocale, visibleText } from "../../../tests/support/render-in-locale.tsx";
import { ensureLocale } from "../../i18n/i18n";
import { SpecialistTitlesLine } from "./SpecialistTitles";
import { LicenceLine, WhatWeChecked } from "./VerificationPanel";

const TITLES: SpecialistTitle[] = [
  {
    title: "Fachanwalt für Verkehrsrecht",
    issuer: "Rechtsanwaltskammer München",
    area: "Car Accidents",
    since: 2012,
  },
  {
    title: "Fachanwalt für Medizinrecht",
    issuer: "Rechtsanwaltskammer München",
    area: "Medical Malpractice",
    since: 2019,
  },
];
const REGULATOR = "Rechtsanwaltskammer (Bundesweites Amtliches Anwaltsverzeichnis)";
const check = (over: Partial<VerificationDTO["checks"][number]>): VerificationDTO["checks"][number] => ({
  kind: "licence",
  status: "verified",
  method: "register_lookup",
  source: REGULATOR,
  sourceUrl: "https://www.bea-brak.de/bravsearch/",
  checkedOn: "2026-05-04",
  nextCheckDue: "2027-05-04",
  details: null,
  demo: true,
  ...over,
});
const VERIFICATION: VerificationDTO = {
  status: "verified",
  checks: [
    check({}),
    check({
      kind: "specialist_title",
      source: "Rechtsanwaltskammer München",
      details: {
        title: "Fachanwalt für Verkehrsrecht",
        issuer: "Rechtsanwaltskammer München",
        area: "Car Accidents",
        since: 2012,
      },
    }),
  ],
  admissions: [],
};
const RECORDS: DisciplinaryRecordDTO[] = [
  {
    date: "2021-03-04",
    outcome: "profile:verification.demoDiscipline.reprimand",
    regulator: REGULATOR,
    sourceUrl: null,
    lawyerStatement: "profile:verification.demoStatement.missedDeadline",
    demo: true,
  },
  {
    date: "2022-03-04",
    outcome: "profile:verification.demoDiscipline.fine",
    regulator: "A real regulator",
    sourceUrl: null,
    lawyerStatement: "profile:verification.demoStatement.missedDeadline",
    demo: false,
  },
];

const render = (locale: "en" | "de" | "ar") =>
  visibleText(
    renderInLocale(
      locale,
      `/${locale === "en" ? "" : `${locale}/`}lawyer/1`,
      <>
        <LicenceLine verification={VERIFICATION} />
        <SpecialistTitlesLine titles={TITLES} checks={VERIFICATION.checks} />
        <WhatWeChecked verification={VERIFICATION} disciplinaryRecords={RECORDS} specialistTitles={TITLES} />
      </>,
    ),
  );

beforeAll(async () => {
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});

describe("What we checked in the page's language (issue 28 §2)", () => {
  it("English: a line per specialist title, its body and year, the demo marker from the catalog", () => {
    const text = render("en");
    expect(text).toContain("Specialist title: Fachanwalt für Verkehrsrecht Verified Demo record");
    expect(text).toContain("Rechtsanwaltskammer München, since 2012");
    // The title without a check reads "Not checked".
    expect(text).toContain("Specialist title: Fachanwalt für Medizinrecht Not checked");
    expect(text).toContain(`Licence verified with ${REGULATOR} on`);
    expect(text).toContain("(demo record)");
    expect(text).toContain("Reprimand (");
    expect(text).toContain("The lawyer's statement: The matter concerned a missed filing deadline");
  });

  it("German: check names, states, the demo marker and the demo discipline texts are German", () => {
    const text = render("de");
    expect(text).toContain("Fachtitel: Fachanwalt für Verkehrsrecht Geprüft Demo-Eintrag");
    expect(text).toContain("Rechtsanwaltskammer München, seit 2012");
    expect(text).toMatch(/Zulassung bei .* am .* geprüft \(Demo-Eintrag\)/);
    expect(text).toContain("Rüge");
    expect(text).toContain("Es ging um eine versäumte Frist in einer Akte");
    expect(text).not.toMatch(/demo record|Reprimand|Specialist title|missed filing/);
  });

  it("Arabic: the same in Arabic, the German title kept as conferred", () => {
    const html = renderInLocale(
      "ar",
      "/ar/lawyer/1",
      <WhatWeChecked verification={VERIFICATION} disciplinaryRecords={RECORDS} specialistTitles={TITLES} />,
    );
    // The title is isolated inside the right-to-left sentence.
    expect(html).toContain("<bdi>Fachanwalt für Verkehrsrecht</bdi>");
    const text = render("ar");
    expect(text).toContain("لقب التخصص: Fachanwalt für Verkehrsrecht");
    expect(text).toContain("سجل تجريبي");
    expect(text).toContain("Rechtsanwaltskammer München، منذ 2012");
    expect(text).toContain("لوم");
    expect(text).not.toMatch(/demo record|Reprimand|Specialist title/);
  });

  it("a real record's words are never looked up, even when they look like a catalog reference", () => {
    for (const locale of ["en", "de", "ar"] as const)
      expect(render(locale)).toContain("profile:verification.demoDiscipline.fine");
  });

  it("the header line lists each title with its body, and a tick only for the verified one", () => {
    const html = renderInLocale(
      "de",
      "/de/lawyer/1",
      <SpecialistTitlesLine titles={TITLES} checks={VERIFICATION.checks} />,
    );
    expect(html.match(/data-verified="true"/g)).toHaveLength(1);
    expect(html.match(/data-verified="false"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Fachtitel geprüft"');
    expect(renderInLocale("en", "/lawyer/1", <SpecialistTitlesLine titles={[]} checks={[]} />)).not.toContain(
      "specialist-titles",
    );
  });

  it("a listing without titles shows no specialist-title line in What we checked", () => {
    const text = visibleText(
      renderInLocale(
        "en",
        "/lawyer/1",
        <WhatWeChecked verification={VERIFICATION} disciplinaryRecords={[]} />,
      ),
    );
    expect(text).not.toContain("Specialist title");
  });
});
