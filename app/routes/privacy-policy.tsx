/**
 * /privacy-policy (spec §2 "Static pages", §1 "Legal statements"): what we collect, how we use
 * it, cookies, retention, rights and how to reach us. "Last updated" is the date the text last
 * changed (lib/legal.ts PRIVACY_POLICY_UPDATED), not today's date. The text is the "pages"
 * catalog's `privacy.*` and the "privacy" catalog's `policy.*` in every locale (issue 14 §1); a
 * translation says that the English text prevails and links to it
 * (app/ui/static/LegalDocument.tsx).
 *
 * Issue 17 §1 (GDPR Art. 13 information): the processors, the cookie list, the retention periods,
 * the rights and what is kept after erasure are generated from the configuration the code uses
 * (lib/privacy.ts; the loader's PolicyFacts from server/config.ts, the effective retention the
 * daily job applies), so the policy cannot drift from what the product does.
 */
import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { PRIVACY_POLICY_UPDATED } from "../../lib/legal.ts";
import type { PolicyFacts } from "../../lib/privacy.ts";
import { servicesContext } from "../context.ts";
import {
  CookieList,
  KeptAfterErasure,
  ProcessorList,
  RetentionList,
  RightsList,
} from "../features/privacy/PolicyParts";
import { policyFacts } from "../features/privacy/policy-facts.server";
import { getT } from "../i18n/i18n.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LocaleLink } from "../ui/LocaleLink";
import { LegalDocument, type LegalSection } from "../ui/static/LegalDocument.tsx";
import { SUPPORT, useCompany } from "../ui/static/support.ts";
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

/**
 * Loader: the facts of this deployment the policy states (retention in force, processors'
 * configured details). Public page; reads configuration only.
 */
export function loader({ context }: Route.LoaderArgs): PolicyFacts {
  return policyFacts(context.get(servicesContext).config);
}

/**
 * The sections in order: anchor id, catalog key and blocks (app/ui/static/LegalDocument.tsx);
 * the generated parts come from `facts`.
 */
function sections(facts: PolicyFacts, retentionExtra: string[]): readonly LegalSection[] {
  return [
    { id: "who-we-are", key: "whoWeAre", blocks: [{ p: "p1" }] },
    {
      id: "what-we-collect",
      key: "whatWeCollect",
      blocks: [
        { p: "intro" },
        { leads: ["searches", "accounts", "cases", "messages", "payment", "technical", "reviewChecks"] },
      ],
    },
    { id: "how-we-use", key: "howWeUse", blocks: [{ ul: ["i1", "i2", "i3", "i4", "i5"] }, { p: "p1" }] },
    { id: "sharing", key: "sharing", blocks: [{ p: "intro" }, { ul: ["i1", "i5"] }] },
    {
      id: "processors",
      key: "processors",
      title: "privacy:policy.processors.title",
      blocks: [{ key: "processors", node: <ProcessorList facts={facts} /> }],
    },
    {
      id: "cookies",
      key: "cookies",
      title: "privacy:policy.cookies.title",
      blocks: [{ key: "cookies", node: <CookieList facts={facts} /> }],
    },
    {
      id: "retention",
      key: "retention",
      title: "privacy:policy.retention.title",
      blocks: [{ key: "retention", node: <RetentionList facts={facts} extra={retentionExtra} /> }],
    },
    { id: "security", key: "security", blocks: [{ p: "p1" }] },
    {
      id: "your-rights",
      key: "rights",
      title: "privacy:policy.rights.title",
      blocks: [{ key: "rights", node: <RightsList facts={facts} /> }],
    },
    {
      id: "kept-after-erasure",
      key: "kept",
      title: "privacy:policy.kept.title",
      blocks: [{ key: "kept", node: <KeptAfterErasure /> }],
    },
    { id: "children", key: "children", blocks: [{ p: "p1" }] },
    { id: "changes", key: "changes", blocks: [{ p: "p1" }] },
    { id: "contact", key: "contact", blocks: [{ p: "p1" }] },
  ];
}

/** The privacy policy page. */
export default function PrivacyPolicy() {
  const { t } = useTranslation("pages");
  // Issue 19 §5: the company's address from configuration.
  const company = useCompany();
  const facts = useLoaderData<typeof loader>();
  // Payment records and server logs keep their fixed periods (law and security, not configuration).
  const retentionExtra = [t("privacy.retention.i3"), t("privacy.retention.i4")];
  return (
    <LegalDocument
      base="privacy"
      updated={PRIVACY_POLICY_UPDATED}
      sections={sections(facts, retentionExtra)}
      slots={{
        address: <bdi>{company.address}</bdi>,
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
