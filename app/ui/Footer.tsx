/**
 * Site footer (spec §2 "Footer links"): links to browse, personality match, dashboard, about,
 * privacy, terms and contact; the support contacts (spec §2 "Static pages"); and, while the
 * directory holds the seed's fictional listings, a visible line saying so (issue 2 §2; issue 15
 * §2: only demo listings are called fictional, so a directory without them shows only the ©). Dashboard leads signed-out visitors to
 * sign in first (issue 3). "Cookie settings" reopens the cookie choice (issue 17 §1). Personality Match stays hidden until its screen exists (site-links.ts).
 */
import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { SUPPORT } from "../../lib/constants.ts";
import { CookieSettingsButton } from "./consent";
import { LanguageList } from "./LanguageSwitcher";
import { LocaleLink as Link } from "./LocaleLink";
import { ResponsiveGrid } from "./ResponsiveGrid";
import { availableLinks } from "./site-links";
import { ExampleContactNote } from "./static/ExampleContactNote";
import { useCompany, useSupportPhones } from "./static/support";

/** The footer links of spec §2, in spec order; only those with a screen today are shown. */
const SPEC_FOOTER_LINKS = [
  { to: "/browse-lawyers", label: "nav.browseLawyers" },
  { to: "/personality-assessment", label: "nav.personalityMatch" },
  { to: "/dashboard", label: "nav.dashboard" },
  { to: "/about", label: "nav.about" },
  // Issue 15 §2: how the ticks are earned.
  { to: "/how-we-verify", label: "nav.howWeVerify" },
  // Issue 16: how results are ordered (payment never changes it) and how reviews are earned.
  { to: "/how-ranking-works", label: "transparency:nav.howRankingWorks" },
  { to: "/reviews-policy", label: "transparency:nav.reviewsPolicy" },
  { to: "/privacy-policy", label: "nav.privacyPolicy" },
  { to: "/terms-of-service", label: "nav.termsOfService" },
  { to: "/contact", label: "nav.contact" },
] as const;

const FOOTER_LINKS = availableLinks(SPEC_FOOTER_LINKS);

/** The site footer. */
export function Footer() {
  const { t } = useTranslation();
  const phones = useSupportPhones();
  const company = useCompany();
  const root = useRouteLoaderData("root") as { demoListings?: boolean } | undefined;
  const year = String(new Date().getUTCFullYear());
  return (
    <footer className="site-footer">
      <Container size="xl" py="xl">
        <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h4" c="white">
              LexAtlas
            </Title>
            <Text size="sm" c="gray.3">
              {t("footer.tagline")}
            </Text>
          </Stack>
          <nav aria-label={t("nav.footer")}>
            <Title order={2} size="h5" c="white" mb="xs">
              {t("footer.explore")}
            </Title>
            <Stack gap={6}>
              {FOOTER_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm">
                  {t(l.label)}
                </Anchor>
              ))}
              {/* Issue 17 §1: the cookie choice can be changed from every page. */}
              <CookieSettingsButton size="sm" ta="start" className="footer-link-button" />
            </Stack>
          </nav>
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              {t("footer.contact")}
            </Title>
            <Text size="sm">
              {t("footer.general")} <Anchor href={`mailto:${SUPPORT.general}`}>{SUPPORT.general}</Anchor>
            </Text>
            <Text size="sm">
              {t("footer.support")} <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor>
            </Text>
            <Text size="sm">
              {t("footer.phone")}{" "}
              <Anchor href={phones.phone.href ?? undefined} dir="ltr">
                {phones.phone.text}
              </Anchor>
            </Text>
            <Text size="sm">
              {/* An isolate: on a right-to-left page the street number stays in front. */}
              <bdi>{company.address}</bdi>
            </Text>
            <ExampleContactNote c="gray.3" />
            <Title order={2} size="h5" c="white" mt="sm">
              {t("language.label")}
            </Title>
            <LanguageList />
          </Stack>
        </ResponsiveGrid>
        <Text
          size="sm"
          mt="xl"
          pt="md"
          style={{ borderTop: "1px solid var(--mantine-color-dark-4)" }}
          c="gray.3"
        >
          {root?.demoListings ? t("footer.demoNotice", { year }) : t("footer.copyright", { year })}
        </Text>
      </Container>
    </footer>
  );
}
