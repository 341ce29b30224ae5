/**
 * The assessment wizard in another language (issue 14 §1): server-rendered at /ar/… with the
 * Arabic catalogs, its title, progress, trait sliders and buttons are Arabic and no English
 * text of the wizard is left.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { AssessmentWizard } from "./AssessmentWizard";

/** The wizard as its route renders it, inside Mantine. */
function WizardPage() {
  return (
    <MantineProvider>
      <AssessmentWizard countries={[{ value: "DE", label: "ألمانيا" }]} defaultCountry="" />
    </MantineProvider>
  );
}

beforeAll(async () => {
  await ensureLocale("ar");
});

describe("the wizard in Arabic (issue 14 §1)", () => {
  it("renders step 1 in Arabic", () => {
    const Stub = createRoutesStub([
      {
        path: "/:lang?/personality-assessment",
        Component: WizardPage,
      },
    ]);
    const html = renderToString(
      <I18nextProvider i18n={instanceFor("ar")}>
        <Stub initialEntries={["/ar/personality-assessment"]} />
      </I18nextProvider>,
    );
    const visible = html.replace(/<[^>]+>/g, " ").replace(/<!-- -->/g, "");
    expect(visible).toContain("اعثر على المحامي الأنسب لك");
    expect(visible).toContain("الخطوة 1 من 3");
    expect(visible).toContain("الأساليب الجديدة");
    expect(visible).toContain("التالي");
    expect(html).toContain('href="/ar"');
    expect(html).toContain("dir-icon");
    for (const english of ["Find Your Perfect Lawyer Match", "Openness", "Next", "Previous", "Step 1 of 3"])
      expect(visible).not.toContain(english);
  });
});
