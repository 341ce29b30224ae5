import { Stack, Text, Title } from "@mantine/core";

/**
 * The heading of the assessment's two pages (spec §2 "Assessment wizard", "Personality matches"):
 * the page's h1 (28 px on phones, 36 px from md) with its dimmed lead sentence under it.
 */
export function PageHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 28, md: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" size="lg">
        {lead}
      </Text>
    </Stack>
  );
}
