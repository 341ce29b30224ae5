/**
 * The about page's body (/about; spec §2 "Static pages", §1; app/routes/about.tsx renders it):
 * statistics computed from the directory, mission, why choose us, values, how it works, service
 * areas, quality assurance, contact details and support hours. Every text from the "pages"
 * catalog in the page's language.
 */
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import {
  IconCheck,
  IconMessages,
  IconScale,
  IconSearch,
  IconSend,
  IconShieldCheck,
  IconSparkles,
  IconUserQuestion,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DirectoryStats } from "../../../server/site/stats.ts";
import { useLocale } from "../../i18n/locale";
import { LocaleLink as Link } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { fillSlots, slot } from "../../ui/slots";
import { ExampleContactNote } from "../../ui/static/ExampleContactNote.tsx";
import { PageIntro } from "../../ui/static/PageIntro.tsx";
import { Section } from "../../ui/static/Section.tsx";
import { StatGrid } from "../../ui/static/StatGrid.tsx";
import { SupportHours } from "../../ui/static/SupportHours.tsx";
import { statFigures } from "../../ui/static/stats.ts";
import { SUPPORT, useSupportPhones } from "../../ui/static/support.ts";
import { ThemeIcon } from "../../ui/ThemeIcon";

/** Why choose LexAtlas (spec §1 marketing claims, worded to what we actually do): `about.reasons.<key>`. */
const REASONS = [
  { icon: IconShieldCheck, key: "verified" },
  { icon: IconWorld, key: "worldwide" },
  { icon: IconSparkles, key: "matching" },
  { icon: IconScale, key: "private" },
] as const;

/** Our values (spec §2 "Static pages": Justice for All, Transparency, Excellence, Innovation): `about.values.<key>`. */
const VALUES = ["justice", "transparency", "excellence", "innovation"] as const;

/** How it works, four steps (spec §1 "Described flow"): `about.steps.<key>`. */
const STEPS = [
  { icon: IconSearch, key: "search" },
  { icon: IconUserQuestion, key: "assess" },
  { icon: IconSend, key: "submit" },
  { icon: IconMessages, key: "track" },
] as const;

/** Service areas (spec §1 "Service areas listed"): `about.areas.<key>`. */
const SERVICE_AREAS = [
  "carAccidents",
  "medicalMalpractice",
  "workplaceInjuries",
  "slipAndFall",
  "productLiability",
  "wrongfulDeath",
  "brainInjuries",
  "spinalCordInjuries",
  "caseManagement",
  "legalConsultation",
  "documentReview",
  "settlementNegotiation",
] as const;

/** Verification checks (spec §1 "Marketing claims": verified lawyers): `about.checks.<key>`. */
const CHECKS = ["licence", "education", "experience", "discipline", "insurance", "monitoring"] as const;

/**
 * A card of the about page's grids (reasons, values, steps): an h3 title and its text, under an
 * optional `head` (an icon, or the step's number); `item` makes it a list item (the steps are an
 * ordered list).
 */
function TextCard({
  title,
  text,
  head,
  item,
}: {
  title: string;
  text: string;
  head?: ReactNode;
  item?: boolean;
}) {
  const content = (
    <>
      {head}
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text size="sm">{text}</Text>
    </>
  );
  return item ? (
    <Card component="li" withBorder padding="lg">
      {content}
    </Card>
  ) : (
    <Card withBorder padding="lg">
      {content}
    </Card>
  );
}

/** The about page, with the directory's statistics `stats` (the route's loader, server/site/stats.ts). */
export function AboutPage({ stats }: { stats: DirectoryStats }) {
  const { t } = useTranslation("pages");
  const figures = statFigures(stats, useLocale());
  const phones = useSupportPhones();
  /** "Label: value" with the value a link (email or phone). */
  const line = (key: string, name: string, node: ReactNode) =>
    fillSlots(t(key, { [name]: slot(name) }), { [name]: node });
  return (
    <>
      <PageIntro title={t("about.title")} lead={t("about.lead")} />

      <Section id="statistics" title={t("about.statsTitle")} intro={t("about.statsIntro")}>
        <StatGrid figures={figures} />
      </Section>

      <Section id="mission" title={t("about.missionTitle")}>
        <Text maw={760}>{t("about.mission")}</Text>
      </Section>

      <Section id="why-choose" title={t("about.whyTitle")}>
        <ResponsiveGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {REASONS.map(({ icon: Icon, key }) => (
            <TextCard
              key={key}
              title={t(`about.reasons.${key}.title`)}
              text={t(`about.reasons.${key}.text`)}
              head={
                <ThemeIcon variant="light" size={40} radius="md" mb="sm">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
              }
            />
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="values" title={t("about.valuesTitle")}>
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {VALUES.map((v) => (
            <TextCard key={v} title={t(`about.values.${v}.title`)} text={t(`about.values.${v}.text`)} />
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="how-it-works" title={t("about.howTitle")}>
        <ResponsiveGrid
          component="ol"
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {STEPS.map(({ icon: Icon, key }, i) => (
            <TextCard
              key={key}
              item
              title={t(`about.steps.${key}.title`)}
              text={t(`about.steps.${key}.text`)}
              head={
                <Group gap="sm" mb="sm" wrap="nowrap">
                  <ThemeIcon size={40} radius="xl" aria-hidden>
                    <Icon size={22} />
                  </ThemeIcon>
                  <Text fw={700} c="blue.8">
                    {t("about.step", { number: i + 1 })}
                  </Text>
                </Group>
              }
            />
          ))}
        </ResponsiveGrid>
        <Group mt="lg">
          <Button component={Link} to="/browse-lawyers" size="md">
            {t("about.browseLawyers")}
          </Button>
        </Group>
      </Section>

      <Section id="service-areas" title={t("about.areasTitle")} intro={t("about.areasIntro")}>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
          style={{ columns: "14rem", columnGap: "2rem" }}
        >
          {SERVICE_AREAS.map((area) => (
            <List.Item key={area} style={{ breakInside: "avoid" }}>
              {t(`about.areas.${area}`)}
            </List.Item>
          ))}
        </List>
      </Section>

      <Section id="quality" title={t("about.qualityTitle")} intro={t("about.qualityIntro")}>
        <ResponsiveGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {CHECKS.map((c) => (
            <Group key={c} align="flex-start" wrap="nowrap" gap="sm">
              <ThemeIcon size={28} radius="xl" color="green.8" aria-hidden>
                <IconShieldCheck size={16} />
              </ThemeIcon>
              <div>
                <Title order={3} fz="md">
                  {t(`about.checks.${c}.title`)}
                </Title>
                <Text size="sm">{t(`about.checks.${c}.text`)}</Text>
              </div>
            </Group>
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="contact-details" title={t("about.contactTitle")}>
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="xs">
            <Title order={3} fz="lg">
              {t("about.getInTouch")}
            </Title>
            <Text>
              {line(
                "about.generalInquiries",
                "email",
                <Anchor href={`mailto:${SUPPORT.general}`}>{SUPPORT.general}</Anchor>,
              )}
            </Text>
            <Text>
              {line(
                "about.technicalSupport",
                "email",
                <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor>,
              )}
            </Text>
            <Text>
              {line(
                "about.phone",
                "phone",
                <Anchor href={phones.phone.href ?? undefined} dir="ltr">
                  {phones.phone.text}
                </Anchor>,
              )}
            </Text>
            <Text>
              {line(
                "about.emergency",
                "phone",
                <Anchor href={phones.emergencyPhone.href ?? undefined} dir="ltr">
                  {phones.emergencyPhone.text}
                </Anchor>,
              )}
            </Text>
            <Text>
              {line(
                "about.orContactPage",
                "link",
                <Anchor component={Link} to="/contact">
                  {t("about.contactPageLink")}
                </Anchor>,
              )}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="lg">
              {t("about.supportHours")}
            </Title>
            <SupportHours />
            <ExampleContactNote />
          </Stack>
        </ResponsiveGrid>
      </Section>
    </>
  );
}
