import { Box, Container, Text, Title } from "@mantine/core";

/**
 * The top of a static page: its only h1 and a lead paragraph, on a white band
 * (spec §2 "Static pages"). Renders inside the root layout's <main>.
 */
export function PageIntro({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children?: React.ReactNode;
}) {
  return (
    <Box bg="white" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="lg" py={{ base: 32, sm: 48 }}>
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.2}>
          {title}
        </Title>
        <Text size="lg" mt="sm" maw={720}>
          {lead}
        </Text>
        {children}
      </Container>
    </Box>
  );
}
