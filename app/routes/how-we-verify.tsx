/**
 * /how-we-verify (and /{locale}/how-we-verify; issue 15 §2): what each of the five checks is,
 * its sources (the regulators' public registers: New York attorney registration open data,
 * the Law Society of Ontario's directory, the State Bar of California's licensee search
 * [S20][S22][S27]; discipline shown with its source and the lawyer's statement [S1][S20][S21]),
 * how often it is repeated (licence yearly, insurance at expiry), what the states mean, what the
 * demo records are, and how a lawyer or the public reports an error. Linked from the footer and
 * from each profile's "What we checked" panel; listed in the sitemap (lib/site-pages.ts).
 */
import { Anchor, Card, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CHECK_KINDS } from "../../lib/constants.ts";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LocaleLink } from "../ui/LocaleLink";
import { PageIntro } from "../ui/static/PageIntro.tsx";
import { Section } from "../ui/static/Section.tsx";
import type { Route } from "./+types/how-we-verify";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and canonical link of /how-we-verify, in the page's locale. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "pages");
  return pageMeta(site, {
    title: t("howWeVerify.metaTitle"),
    description: t("howWeVerify.metaDescription"),
    path: "/how-we-verify",
  });
}

/** The page: the checks (the five and specialist titles, issue 28 §2), how often, the states, demo records, reporting an error. */
export default function HowWeVerify() {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageIntro title={t("howWeVerify.title")} lead={t("howWeVerify.lead")} />
      <Section id="checks" title={t("howWeVerify.checksTitle")}>
        <Card withBorder padding="lg">
          <List spacing="sm">
            {CHECK_KINDS.map((kind) => (
              <List.Item key={kind}>{t(`howWeVerify.checks.${kind}`)}</List.Item>
            ))}
          </List>
        </Card>
      </Section>
      <Section id="frequency" title={t("howWeVerify.frequencyTitle")}>
        <Stack gap="sm" maw={760}>
          <Text>{t("howWeVerify.frequency")}</Text>
        </Stack>
      </Section>
      <Section id="states" title={t("howWeVerify.statesTitle")}>
        <Text maw={760}>{t("howWeVerify.states")}</Text>
      </Section>
      <Section id="demo" title={t("howWeVerify.demoTitle")}>
        <Text maw={760}>{t("howWeVerify.demo")}</Text>
      </Section>
      <Section id="report" title={t("howWeVerify.reportTitle")}>
        <Stack gap="sm" maw={760}>
          <Text>{t("howWeVerify.report")}</Text>
          <Text>
            <Anchor component={LocaleLink} to="/contact">
              {t("howWeVerify.contactLink")}
            </Anchor>
          </Text>
        </Stack>
      </Section>
    </>
  );
}
