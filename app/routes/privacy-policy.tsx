/**
 * /privacy-policy (spec §2 "Static pages", §1 "Legal statements"): what we collect, how we use
 * it, cookies, retention, rights and how to reach us. "Last updated" is the date the text last
 * changed (lib/legal.ts PRIVACY_POLICY_UPDATED), not today's date. The text is the "pages"
 * catalog's `privacy.*` in every locale (issue 14 §1); a translation says that the English text
 * prevails and links to it (app/ui/static/LegalDocument.tsx).
 */
import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PRIVACY_POLICY_UPDATED } from "../../lib/legal.ts";
import { getT } from "../i18n/i18n.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LocaleLink } from "../ui/LocaleLink";
import { LegalDocument, type LegalSection } from "../ui/static/LegalDocument.tsx";
import { SUPPORT } from "../ui/static/support.ts";
import type { Route } from "./+types/privacy-policy";

/** Title, description and canonical link of /privacy-policy, in the page's language. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "pages");
  return pageMeta(site, {
    title: t("privacy.title"),
    description: t("privacy.metaDescription"),
    path: "/privacy-policy",
  });
}

/** The sections in order: anchor id, catalog key and blocks (app/ui/static/LegalDocument.tsx). */
const SECTIONS: readonly LegalSection[] = [
  { id: "who-we-are", key: "whoWeAre", blocks: [{ p: "p1" }] },
  {
    id: "what-we-collect",
    key: "whatWeCollect",
    blocks: [
      { p: "intro" },
      { leads: ["searches", "accounts", "cases", "messages", "payment", "technical"] },
    ],
  },
  { id: "how-we-use", key: "howWeUse", blocks: [{ ul: ["i1", "i2", "i3", "i4", "i5"] }, { p: "p1" }] },
  { id: "sharing", key: "sharing", blocks: [{ p: "intro" }, { ul: ["i1", "i2", "i3", "i4", "i5"] }] },
  { id: "cookies", key: "cookies", blocks: [{ p: "p1" }, { p: "p2" }] },
  { id: "retention", key: "retention", blocks: [{ ul: ["i1", "i2", "i3", "i4"] }] },
  { id: "security", key: "security", blocks: [{ p: "p1" }] },
  {
    id: "your-rights",
    key: "rights",
    blocks: [{ p: "intro" }, { ul: ["i1", "i2", "i3", "i4"] }, { p: "p1" }],
  },
  { id: "children", key: "children", blocks: [{ p: "p1" }] },
  { id: "changes", key: "changes", blocks: [{ p: "p1" }] },
  { id: "contact", key: "contact", blocks: [{ p: "p1" }] },
];

/** The privacy policy page. */
export default function PrivacyPolicy() {
  const { t } = useTranslation("pages");
  return (
    <LegalDocument
      base="privacy"
      updated={PRIVACY_POLICY_UPDATED}
      sections={SECTIONS}
      slots={{
        address: <bdi>{SUPPORT.address}</bdi>,
        privacy: <Anchor href={`mailto:${SUPPORT.privacy}`}>{SUPPORT.privacy}</Anchor>,
        legal: <Anchor href={`mailto:${SUPPORT.legal}`}>{SUPPORT.legal}</Anchor>,
        terms: (
          <Anchor component={LocaleLink} to="/terms-of-service">
            {t("privacy.contact.termsLink")}
          </Anchor>
        ),
      }}
    />
  );
}
