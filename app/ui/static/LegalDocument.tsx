import { Anchor, Box, Container, List, Paper, Text, Title } from "@mantine/core";
import { formatLegalDate } from "../../../lib/legal.ts";

/** One numbered section of a legal text: an anchor id, an h2 title and its paragraphs. */
export interface LegalSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

/**
 * Renders a legal page (privacy policy, terms of service): the h1, "Last updated: {date}" with
 * the date the text last changed (lib/legal.ts; not today's date, docs/spec-deviations.md), a
 * short table of contents and the sections as h2s inside one <article>.
 * @param updated ISO date, e.g. "2026-11-21"
 * @throws RangeError when `updated` is not an ISO date (see formatLegalDate)
 */
export function LegalDocument({
  title,
  updated,
  summary,
  sections,
}: {
  title: string;
  updated: string;
  summary: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Paper component="article" withBorder p={{ base: "lg", sm: 40 }} aria-labelledby="legal-title">
        <Title order={1} id="legal-title" fz={{ base: 30, sm: 36 }} lh={1.2}>
          {title}
        </Title>
        <Text mt="xs" fw={600}>
          Last updated: <time dateTime={updated}>{formatLegalDate(updated)}</time>
        </Text>
        <Text mt="md">{summary}</Text>
        <Box component="nav" aria-labelledby="legal-toc" mt="lg">
          <Text id="legal-toc" fw={700}>
            Contents
          </Text>
          <List type="ordered" spacing={2} mt={4} size="sm">
            {sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{s.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </Box>
        {sections.map((s, i) => (
          <Box component="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} mt="xl">
            <Title order={2} id={`${s.id}-title`} fz={{ base: 20, sm: 22 }} mb="xs">
              {i + 1}. {s.title}
            </Title>
            <div>{s.body}</div>
          </Box>
        ))}
      </Paper>
    </Container>
  );
}

/** A paragraph of legal text with the spacing LegalDocument uses. */
export function P({ children }: { children: React.ReactNode }) {
  return (
    <Text mb="sm" lh={1.65}>
      {children}
    </Text>
  );
}

/** A bulleted list of legal text items. */
export function Bullets({ items }: { items: React.ReactNode[] }) {
  return (
    <List spacing={6} mb="sm" withPadding>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}
