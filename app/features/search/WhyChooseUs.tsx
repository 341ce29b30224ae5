/**
 * Why choose us (spec §1 marketing claims, §2 "a why-choose-us section"). Figures come from the
 * data: the number of lawyers and countries listed, how many of them have the Verified tick and
 * how many are fictional demo listings (docs/design.md "Honest numbers"; issue 28 §4: "count what the
 * sentence says"), written in the page's locale (issue 14 §2). "Verified" says what the tick means
 * and nothing more (lib/verification.ts, /how-we-verify): the licence, checked with the regulator
 * and not lapsed.
 */
import { Stack, Text, Title } from "@mantine/core";
import { IconBrain, IconLock, IconShieldCheck, IconWorld } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ThemeIcon } from "../../ui/ThemeIcon";

/** The why-choose-us section. */
export function WhyChooseUs({
  lawyers,
  countries,
  verified,
  demo,
}: {
  /** Listed (visible) lawyers. */
  lawyers: number;
  /** Countries with at least one listed lawyer. */
  countries: number;
  /** Listed lawyers with the Verified tick (the "Verified only" filter's count). */
  verified: number;
  /** Listed lawyers that are fictional demo listings. */
  demo: number;
}) {
  const { t } = useTranslation("search");
  const coverage =
    lawyers > 0
      ? [
          t("why.coverageText", { lawyers, countries }),
          t("why.coverageVerified", { verified }),
          demo >= lawyers ? t("why.coverageDemoAll") : demo > 0 ? t("why.coverageDemoSome", { demo }) : "",
        ]
          .filter(Boolean)
          .join(" ")
      : t("why.coverageFallback");
  const items = [
    { key: "verified", icon: IconShieldCheck, title: t("why.verifiedTitle"), text: t("why.verifiedText") },
    {
      key: "coverage",
      icon: IconWorld,
      title: t("why.coverageTitle"),
      text: coverage,
    },
    { key: "matching", icon: IconBrain, title: t("why.matchingTitle"), text: t("why.matchingText") },
    { key: "secure", icon: IconLock, title: t("why.secureTitle"), text: t("why.secureText") },
  ];
  return (
    <section aria-labelledby="why-heading">
      <Title order={2} id="why-heading" mb="md">
        {t("why.title")}
      </Title>
      <ResponsiveGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {items.map((it) => (
          <Stack key={it.key} gap="xs">
            <ThemeIcon size={44} radius="md" variant="filled" color="blue.8" aria-hidden>
              <it.icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {it.title}
            </Title>
            <Text size="sm" c="dimmed">
              {it.text}
            </Text>
          </Stack>
        ))}
      </ResponsiveGrid>
    </section>
  );
}
