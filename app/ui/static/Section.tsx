import { Box, Container, Text, Title } from "@mantine/core";

/**
 * A titled section of a static page: a <section> labelled by its h2, with an optional
 * introduction (issue 2 §4; one h1 per page, h2 for sections, h3 inside them).
 * @param id anchor id of the section; the heading gets `${id}-title`
 */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} id={id} py={{ base: 28, sm: 40 }}>
      <Container size="lg">
        <Title order={2} id={`${id}-title`} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {intro ? (
          <Text mt="xs" mb="lg" maw={720}>
            {intro}
          </Text>
        ) : (
          <Box h={16} />
        )}
        {children}
      </Container>
    </Box>
  );
}
