/**
 * Why choose us (spec §1 marketing claims, §2 "a why-choose-us section"). Figures come from the
 * data: the number of lawyers and countries listed (DESIGN.md "Honest numbers").
 */
import { Stack, Text, Title } from "@mantine/core";
import { IconBrain, IconLock, IconShieldCheck, IconWorld } from "@tabler/icons-react";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ThemeIcon } from "../../ui/ThemeIcon";

/** The why-choose-us section. */
export function WhyChooseUs({ lawyers, countries }: { lawyers: number; countries: number }) {
  const items = [
    {
      icon: IconShieldCheck,
      title: "Verified Lawyers",
      text: "Listings marked Verified have passed bar licence, education, experience, disciplinary record and malpractice insurance checks, with ongoing monitoring.",
    },
    {
      icon: IconWorld,
      title: "Worldwide Coverage",
      text:
        lawyers > 0
          ? `${lawyers.toLocaleString("en-US")} personal injury lawyers in ${countries} countries, searchable in one place.`
          : "Personal injury lawyers from around the world, searchable in one place.",
    },
    {
      icon: IconBrain,
      title: "AI Personality Matching",
      text: "Take a short assessment and get lawyers ranked by how well their style fits yours, with the reasons spelled out.",
    },
    {
      icon: IconLock,
      title: "Secure Platform",
      text: "Your case goes only to the lawyer you choose. We never sell or share your details.",
    },
  ];
  return (
    <section aria-labelledby="why-heading">
      <Title order={2} id="why-heading" mb="md">
        Why Choose LexAtlas
      </Title>
      <ResponsiveGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {items.map((it) => (
          <Stack key={it.title} gap="xs">
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
