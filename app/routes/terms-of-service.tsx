/**
 * /terms-of-service (spec §2 "Static pages", §1 "Legal statements", §9 "Contact and legal"):
 * not a law firm, no attorney-client relationship, 18+, subscriptions billed in advance and
 * non-refundable, cancel in account settings at the end of the period, liability cap of twelve
 * months of payments, binding arbitration, card payment provider and ad network. "Last updated"
 * is the date the text last changed (lib/legal.ts TERMS_OF_SERVICE_UPDATED). The text is the
 * "pages" catalog's `terms.*` in every locale (issue 14 §1); a translation says that the English
 * text prevails and links to it (app/ui/static/LegalDocument.tsx).
 */
import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PREMIUM_PRICE_CENTS } from "../../lib/constants.ts";
import { numberFormat } from "../../lib/i18n/intl-cache.ts";
import { TERMS_OF_SERVICE_UPDATED } from "../../lib/legal.ts";
import { getT } from "../i18n/i18n.ts";
import { useLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LocaleLink } from "../ui/LocaleLink";
import { LegalDocument, type LegalSection } from "../ui/static/LegalDocument.tsx";
import { SUPPORT, useCompany } from "../ui/static/support.ts";
import type { Route } from "./+types/terms-of-service";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and canonical link of /terms-of-service, in the page's language. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "pages");
  return pageMeta(site, {
    title: t("terms.title"),
    description: t("terms.metaDescription"),
    path: "/terms-of-service",
  });
}

/** The sections in order: anchor id, catalog key and blocks (app/ui/static/LegalDocument.tsx). */
const SECTIONS: readonly LegalSection[] = [
  { id: "agreement", key: "agreement", blocks: [{ p: "p1" }] },
  { id: "not-a-law-firm", key: "notALawFirm", blocks: [{ p: "p1" }, { p: "p2" }] },
  { id: "eligibility", key: "eligibility", blocks: [{ p: "p1" }] },
  { id: "accounts", key: "accounts", blocks: [{ p: "p1" }] },
  { id: "subscriptions", key: "subscriptions", blocks: [{ ul: ["i1", "i2", "i3", "i4", "i5", "i6"] }] },
  { id: "advertising", key: "advertising", blocks: [{ p: "p1" }] },
  { id: "acceptable-use", key: "acceptableUse", blocks: [{ ul: ["i1", "i2", "i3", "i4"] }] },
  { id: "content", key: "content", blocks: [{ p: "p1" }] },
  { id: "disclaimer", key: "disclaimer", blocks: [{ p: "p1" }] },
  { id: "liability", key: "liability", blocks: [{ p: "p1" }] },
  { id: "disputes", key: "disputes", blocks: [{ p: "p1" }, { p: "p2" }] },
  { id: "ending", key: "ending", blocks: [{ p: "p1" }] },
  { id: "changes", key: "changes", blocks: [{ p: "p1" }] },
  { id: "contact", key: "contact", blocks: [{ p: "p1" }] },
];

/** The terms of service page. */
export default function TermsOfService() {
  const { t } = useTranslation("pages");
  // Issue 19 §5: the company's address from configuration.
  const company = useCompany();
  const locale = useLocale();
  // The plan's price in US dollars, written the page's way ("$29.99", "29,99 $").
  const price = numberFormat(locale, { style: "currency", currency: "USD" }).format(
    PREMIUM_PRICE_CENTS / 100,
  );
  return (
    <LegalDocument
      base="terms"
      updated={TERMS_OF_SERVICE_UPDATED}
      sections={SECTIONS}
      slots={{
        address: <bdi>{company.address}</bdi>,
        price,
        support: <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor>,
        legal: <Anchor href={`mailto:${SUPPORT.legal}`}>{SUPPORT.legal}</Anchor>,
        privacyLink: (
          <Anchor component={LocaleLink} to="/privacy-policy">
            {t("terms.advertising.privacyLink")}
          </Anchor>
        ),
      }}
    />
  );
}
