/**
 * /about (spec §2 "Static pages", §1): statistics computed from the directory, mission, why
 * choose us, values, how it works, service areas, quality assurance, contact details and
 * support hours.
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
import { Link } from "react-router";
import { servicesContext } from "../context.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { ResponsiveGrid } from "../ui/ResponsiveGrid";
import { PageIntro } from "../ui/static/PageIntro.tsx";
import { Section } from "../ui/static/Section.tsx";
import { StatGrid } from "../ui/static/StatGrid.tsx";
import { SupportHours } from "../ui/static/SupportHours.tsx";
import { statFigures } from "../ui/static/stats.ts";
import { SUPPORT, telHref } from "../ui/static/support.ts";
import { ThemeIcon } from "../ui/ThemeIcon";
import type { Route } from "./+types/about";

/** Title, description and canonical link of /about. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "About LexAtlas",
    description:
      "LexAtlas is a worldwide directory of verified personal injury lawyers. Learn how we check lawyers, how the service works and how to reach our support team.",
    path: "/about",
  });
}

/**
 * Loads the directory statistics (lawyers, countries, verified share, average rating) by SQL
 * from the lawyers table; nothing on this page is a typed-in count (DESIGN.md §1).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { directory } = context.get(servicesContext);
  return { stats: await directory.getDirectoryStats() };
}

/** Why choose LexAtlas (spec §1 marketing claims, worded to what we actually do). */
const REASONS = [
  {
    icon: IconShieldCheck,
    title: "Verified lawyers",
    text: "Listings marked verified have passed our licence, education, experience, disciplinary and insurance checks.",
  },
  {
    icon: IconWorld,
    title: "Worldwide coverage",
    text: "Search by city, state or country and find lawyers who practise where your injury happened.",
  },
  {
    icon: IconSparkles,
    title: "Personality matching",
    text: "Our assessment compares how you like to work with each lawyer's style and explains every match score.",
  },
  {
    icon: IconScale,
    title: "Secure and private",
    text: "A case you submit goes only to the lawyer you chose. We never sell or share your information.",
  },
] as const;

/** Our values (spec §2 "Static pages": Justice for All, Transparency, Excellence, Innovation). */
const VALUES = [
  {
    title: "Justice for All",
    text: "Everyone who has been hurt deserves good legal help, wherever they live and whatever they can afford.",
  },
  {
    title: "Transparency",
    text: "Every number we show is computed from our listings, and we explain how search results and matches are ranked.",
  },
  {
    title: "Excellence",
    text: "We list lawyers who meet our standards and keep checking that they still do.",
  },
  {
    title: "Innovation",
    text: "We use modern search and matching so you spend less time looking and more time getting help.",
  },
] as const;

/** How it works, four steps (spec §1 "Described flow"). */
const STEPS = [
  {
    icon: IconSearch,
    title: "Search and browse",
    text: "Search by injury type and location, then narrow by practice area, experience and rating.",
  },
  {
    icon: IconUserQuestion,
    title: "Take the assessment",
    text: "Answer a few questions about how you like to communicate and we rank the lawyers who suit you.",
  },
  {
    icon: IconSend,
    title: "Submit your case",
    text: "Describe what happened and send it to the lawyer you chose. Lawyers respond within 24 hours.",
  },
  {
    icon: IconMessages,
    title: "Track and message",
    text: "Follow your case status and message your lawyer from your dashboard.",
  },
] as const;

/** Service areas (spec §1 "Service areas listed"). */
const SERVICE_AREAS = [
  "Car accidents",
  "Medical malpractice",
  "Workplace injuries",
  "Slip and fall",
  "Product liability",
  "Wrongful death",
  "Brain injuries",
  "Spinal cord injuries",
  "Case management",
  "Legal consultation",
  "Document review",
  "Settlement negotiation",
] as const;

/** Verification checks (spec §1 "Marketing claims": verified lawyers). */
const CHECKS = [
  { title: "Bar licence", text: "An active licence to practise, confirmed with the licensing body." },
  { title: "Education", text: "Law degree and qualifications checked against the issuing institution." },
  { title: "Experience", text: "Years of practice and personal injury work confirmed." },
  { title: "Disciplinary record", text: "No unresolved disciplinary action on record." },
  { title: "Malpractice insurance", text: "Current professional liability cover in place." },
  {
    title: "Ongoing monitoring",
    text: "Listings are rechecked, and we act on complaints and licence changes.",
  },
] as const;

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

/** The about page. */
export default function About({ loaderData }: Route.ComponentProps) {
  const figures = statFigures(loaderData.stats);
  return (
    <>
      <PageIntro
        title="About LexAtlas"
        lead="LexAtlas helps people who have been injured find the right personal injury lawyer, anywhere in the world: search a directory of checked listings, compare lawyers openly, and contact the one that fits you."
      />

      <Section
        id="statistics"
        title="LexAtlas in numbers"
        intro="Computed live from the listings in our directory, not typed in."
      >
        <StatGrid figures={figures} />
      </Section>

      <Section id="mission" title="Our mission">
        <Text maw={760}>
          After an injury, finding a lawyer you can trust should not depend on who pays for the top spot. Our
          mission is to make personal injury help easy to find and easy to judge: honest listings, clear
          information about each lawyer, and a ranking you can understand. We are a directory, not a law firm,
          and we do not give legal advice.
        </Text>
      </Section>

      <Section id="why-choose" title="Why choose LexAtlas">
        <ResponsiveGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <TextCard
              key={title}
              title={title}
              text={text}
              head={
                <ThemeIcon variant="light" size={40} radius="md" mb="sm">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
              }
            />
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="values" title="Our values">
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {VALUES.map((v) => (
            <TextCard key={v.title} title={v.title} text={v.text} />
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="how-it-works" title="How it works">
        <ResponsiveGrid
          component="ol"
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <TextCard
              key={title}
              item
              title={title}
              text={text}
              head={
                <Group gap="sm" mb="sm" wrap="nowrap">
                  <ThemeIcon size={40} radius="xl" aria-hidden>
                    <Icon size={22} />
                  </ThemeIcon>
                  <Text fw={700} c="blue.8">
                    Step {i + 1}
                  </Text>
                </Group>
              }
            />
          ))}
        </ResponsiveGrid>
        <Group mt="lg">
          <Button component={Link} to="/browse-lawyers" size="md">
            Browse lawyers
          </Button>
        </Group>
      </Section>

      <Section
        id="service-areas"
        title="Service areas"
        intro="The lawyers in our directory help with every kind of personal injury claim, from the first consultation to the settlement."
      >
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
              {area}
            </List.Item>
          ))}
        </List>
      </Section>

      <Section
        id="quality"
        title="Quality assurance"
        intro="Before a listing shows the verified badge, we check six things, and we keep checking afterwards."
      >
        <ResponsiveGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {CHECKS.map((c) => (
            <Group key={c.title} align="flex-start" wrap="nowrap" gap="sm">
              <ThemeIcon size={28} radius="xl" color="green.8" aria-hidden>
                <IconShieldCheck size={16} />
              </ThemeIcon>
              <div>
                <Title order={3} fz="md">
                  {c.title}
                </Title>
                <Text size="sm">{c.text}</Text>
              </div>
            </Group>
          ))}
        </ResponsiveGrid>
      </Section>

      <Section id="contact-details" title="Contact and support hours">
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="xs">
            <Title order={3} fz="lg">
              Get in touch
            </Title>
            <Text>
              General inquiries: <Anchor href={`mailto:${SUPPORT.general}`}>{SUPPORT.general}</Anchor>
            </Text>
            <Text>
              Technical support: <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor>
            </Text>
            <Text>
              Phone: <Anchor href={telHref(SUPPORT.phone)}>{SUPPORT.phone}</Anchor>
            </Text>
            <Text>
              Emergency line (24/7):{" "}
              <Anchor href={telHref(SUPPORT.emergencyPhone)}>{SUPPORT.emergencyPhone}</Anchor>
            </Text>
            <Text>
              Or use our{" "}
              <Anchor component={Link} to="/contact">
                contact page
              </Anchor>
              .
            </Text>
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="lg">
              Support hours
            </Title>
            <SupportHours />
          </Stack>
        </ResponsiveGrid>
      </Section>
    </>
  );
}
