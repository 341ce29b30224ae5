/**
 * The Subscription panel rendered on the server in Dutch and Arabic (issue 14 §1): the status
 * card's labels, the spec's status wording and the period dates in the page's language and date
 * format, and the upgrade view's price in US dollars written the locale's way (spec §9:
 * $29.99/month) with the forms posting to the localized billing action.
 */
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../lib/account.ts";
import type { Locale } from "../../../lib/i18n/locales.ts";
import { ensureLocale, instanceFor } from "../../i18n/i18n";
import { SubscriptionCard, UpgradeView } from "./SubscriptionPanel";

/** A premium client whose subscription was canceled at period end (spec §4 "Canceled"). */
const CANCELED: PublicUser = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "user",
  isVerified: true,
  lawyerId: null,
  businessName: null,
  businessDescription: null,
  businessPhone: null,
  businessAddress: null,
  businessWebsite: null,
  profileImageUrl: null,
  subscriptionStatus: "canceled",
  subscriptionTier: "premium",
  subscriptionStartDate: "2026-03-04T00:00:00.000Z",
  subscriptionEndDate: "2026-04-04T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-03-04T00:00:00.000Z",
};

/** The status card and the upgrade view, each as the page at any path (a data router: forms, navigation). */
const CardPage = createRoutesStub([{ path: "*", Component: () => <SubscriptionCard user={CANCELED} /> }]);
const UpgradePage = createRoutesStub([{ path: "*", Component: () => <UpgradeView paymentsMode="test" /> }]);

/** The HTML of `Stub` rendered at `path` (its prefix names the locale) in `locale`. */
function render(Stub: typeof CardPage, locale: Locale, path: string): string {
  return renderToString(
    <I18nextProvider i18n={instanceFor(locale)}>
      <MantineProvider>
        <Stub initialEntries={[path]} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<!-- -->/g, "");
}

/** A date as the status card writes it in `locale`. */
const medium = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

describe("Subscription panel in another language (issue 14 §1)", () => {
  beforeAll(async () => {
    await Promise.all([ensureLocale("nl"), ensureLocale("ar")]);
  });

  it("writes the status card in Dutch with Dutch dates", () => {
    const html = render(CardPage, "nl", "/nl/dashboard");
    expect(html).toContain("Status van het abonnement");
    expect(html).toContain("Opgezegd");
    expect(html).toContain("Begin huidige periode");
    expect(html).toContain(medium("2026-03-04T00:00:00.000Z", "nl"));
    expect(html).toContain(`Premium tot ${medium("2026-04-04T00:00:00.000Z", "nl")}.`);
    expect(medium("2026-04-04T00:00:00.000Z", "nl")).toBe("4 apr 2026");
    expect(html).not.toContain("Subscription status");
  });

  it("shows the upgrade view in Arabic with the dollar price in the Arabic format", () => {
    const html = render(UpgradePage, "ar", "/ar/dashboard?view=upgrade");
    const price = new Intl.NumberFormat("ar", { style: "currency", currency: "USD" }).format(29.99);
    expect(html).toContain("الترقية إلى Premium");
    expect(html).toContain(price);
    expect(html).toContain("شهريًا");
    expect(html).toContain("ضمان استرداد الأموال لمدة 30 يومًا.");
    expect(html).toContain('action="/ar/dashboard/billing"');
    expect(html).not.toContain("$29.99");
  });

  it("keeps the spec's English words and price on an unprefixed page", () => {
    const html = render(UpgradePage, "en", "/dashboard?view=upgrade");
    expect(html).toContain("Upgrade to Premium");
    expect(html).toContain("$29.99");
    expect(html).toContain("30-day money-back guarantee.");
    expect(html).toContain('action="/dashboard/billing"');
  });
});
