/**
 * "My listing" rendered on the server in another language (issue 14 §1): the create form's
 * labels, the countries named and sorted the page locale's way, the form posting to the localized
 * listing action, a notice from `?listing=` and the claim panel with the account's email.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../lib/i18n/locales.ts";
import type { ListingOwnerView } from "../../../lib/listing-owner.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { LogoUploader } from "./LogoUploader";
import { MyListing } from "./MyListing";

const CREATE: ListingOwnerView = {
  kind: "create",
  email: "kim@example.com",
  countries: [
    { code: "DE", name: "Germany" },
    { code: "US", name: "United States" },
    { code: "BE", name: "Belgium" },
  ],
  emailVerified: true,
  verificationSentAt: null,
};

const CLAIMABLE: ListingOwnerView = {
  kind: "claimable",
  email: "kim@example.com",
  candidate: {
    id: 7,
    name: "Kim Lee",
    firm: "Lee Law",
    city: "Berlin",
    country: "Germany",
    location: "Berlin, Germany",
  },
  claimSentAt: null,
};

const RefusedLogo = createRoutesStub([
  { path: "*", Component: () => <LogoUploader name="Kim Lee" logoUrl={null} refusedTooLarge /> },
]);
const CreatePage = createRoutesStub([{ path: "*", Component: () => <MyListing view={CREATE} /> }]);
const ClaimPage = createRoutesStub([{ path: "*", Component: () => <MyListing view={CLAIMABLE} /> }]);

/** The HTML of `Stub` at `path` in `locale`, with React's text separators dropped. */
function render(Stub: typeof CreatePage, locale: Locale, path: string): string {
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MantineProvider>
        <Stub initialEntries={[path]} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("My listing in another language (issue 14 §1)", () => {
  beforeAll(async () => {
    await Promise.all([ensureLocale("fr"), ensureLocale("ja")]);
  });

  it("shows the create form in French, countries named and sorted in French, posting in /fr", () => {
    const html = render(CreatePage, "fr", "/fr/dashboard?listing=email-verified");
    expect(html).toContain("Votre adresse e-mail est vérifiée. Vous pouvez maintenant créer votre fiche.");
    expect(html).toContain("Créer votre fiche");
    expect(html).toContain("Années d&#x27;expérience");
    expect(html).toContain("Domaines d&#x27;intervention");
    expect(html).toContain('action="/fr/dashboard/listing"');
    const order = ["Allemagne", "Belgique", "États-Unis"].map((name) => html.indexOf(`>${name}</option>`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).not.toContain("Create your listing");
  });

  it("issue 28 §2: offers the grammatical gender in French, optional, 'Non précisé' chosen by default", () => {
    const html = render(CreatePage, "fr", "/fr/dashboard");
    expect(html).toContain("Comment les textes de LexAtlas parlent de vous");
    const select = /<select[^>]*name="grammaticalGender"[^>]*>(.*?)<\/select>/s.exec(html);
    expect(select, "a grammaticalGender select").not.toBeNull();
    expect(select?.[0]).not.toContain("required");
    const options = [...(select?.[1] ?? "").matchAll(/<option value="([^"]*)"([^>]*)>([^<]*)</g)].map(
      ([, value, attrs, label]) => ({ value, selected: (attrs ?? "").includes("selected"), label }),
    );
    expect(options).toEqual([
      { value: "", selected: true, label: "Non précisé (formulation neutre)" },
      { value: "feminine", selected: false, label: "Féminin (avocate, Anwältin, abogada)" },
      { value: "masculine", selected: false, label: "Masculin (avocat, Anwalt, abogado)" },
      { value: "neutral", selected: false, label: "Formulation neutre" },
    ]);
  });

  it("shows a logo the server refused as too large next to its file field, in the page's language (issue 27 §2)", async () => {
    await ensureLocale("de");
    const html = render(RefusedLogo, "de", "/de/dashboard?listing=logo-too-large");
    expect(html).toContain("Das Logo wurde nicht gespeichert: Es ist größer als 2 MB.");
    expect(html).toMatch(/<input[^>]*type="file"[^>]*aria-invalid="true"/);
  });

  it("shows the claim panel in Japanese with the account's email", () => {
    const html = render(ClaimPage, "ja", "/ja/dashboard");
    expect(html).toContain("お客様のメールアドレスで登録された掲載情報が見つかりました");
    expect(html).toContain("<strong>kim@example.com</strong> がお客様のものであることを確認すると");
    expect(html).toContain("確認用リンクを送信");
  });
});
