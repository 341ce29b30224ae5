/**
 * The contact page's body (spec §2 "Static pages", "Contact"; issue 4 "Contact form"): info
 * cards, the message form (ContactForm.tsx) with the emergency warning, office location, security
 * note and an FAQ of four questions. app/routes/contact.tsx renders it.
 */
import { Accordion, Alert, Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock, IconMapPin } from "@tabler/icons-react";
import { Link } from "react-router";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ContactChannels } from "../../ui/static/ContactChannels.tsx";
import { PageIntro } from "../../ui/static/PageIntro.tsx";
import { Section } from "../../ui/static/Section.tsx";
import { SUPPORT, telHref } from "../../ui/static/support.ts";
import { ThemeIcon } from "../../ui/ThemeIcon";
import { type ContactActionResult, ContactForm } from "./ContactForm.tsx";

/** The four FAQ entries of the contact page (spec §2: "an FAQ of four questions"). */
const FAQ = [
  {
    q: "How quickly will you reply?",
    a: "We answer general inquiries within 24 hours, during our support hours. If you submit a case to a lawyer through LexAtlas, lawyers respond within 24 hours.",
  },
  {
    q: "Is LexAtlas a law firm? Can you give me legal advice?",
    a: "No. LexAtlas is a directory that helps you find and contact personal injury lawyers. We do not give legal advice, and using LexAtlas does not create an attorney-client relationship. For advice about your situation, contact a lawyer directly.",
  },
  {
    q: "How do you verify lawyers?",
    a: "Before a listing shows the verified badge we check the lawyer's bar licence, education, experience, disciplinary record and malpractice insurance, and we keep monitoring listings afterwards.",
  },
  {
    q: "Does it cost anything to use LexAtlas?",
    a: "Searching, browsing profiles and contacting lawyers is free. A premium subscription removes ads and, for lawyers, adds analytics. Fees charged by a lawyer are agreed between you and that lawyer.",
  },
] as const;

/**
 * The contact page: intro, the ways to reach us, the message form with the emergency warning,
 * the office and security cards, and the FAQ. `actionData` is the action's answer to a form sent
 * without JavaScript.
 */
export function ContactPage({ actionData }: { actionData: ContactActionResult | undefined }) {
  return (
    <>
      <PageIntro
        title="Contact Us"
        lead="Questions about LexAtlas, your account or a listing? Our team is here to help. Choose the channel that suits your question."
      />

      <Section id="channels" title="How to reach us">
        <ContactChannels />
      </Section>

      <Section id="message" title="Send us a message">
        <Stack gap="md" maw={760}>
          <Text>
            Write to our team with the form below. Choose the category and the priority that fit: we answer
            urgent messages within 4 hours, high within 12, medium within 24 and low within 48.
          </Text>
          <Alert
            color="red"
            variant="light"
            title="Not for legal emergencies"
            icon={<IconAlertTriangle size={20} aria-hidden />}
          >
            <Text size="sm" c="var(--mantine-color-text)">
              Please do not use email or our message form for time-sensitive legal emergencies. Call our
              emergency line at{" "}
              <Anchor href={telHref(SUPPORT.emergencyPhone)} c="inherit" fw={700} underline="always">
                {SUPPORT.emergencyPhone}
              </Anchor>
              , available 24/7. If someone is in danger, call your local emergency number.
            </Text>
          </Alert>
          <ContactForm initial={actionData} />
        </Stack>
      </Section>

      <Section id="office" title="Office location">
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm">
              <IconMapPin size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              New York headquarters
            </Title>
            <Text component="address" style={{ fontStyle: "normal" }}>
              LexAtlas
              <br />
              {SUPPORT.address}
              <br />
              <Anchor href={telHref(SUPPORT.phone)}>{SUPPORT.phone}</Anchor>
            </Text>
            <Text size="sm" mt="xs">
              Visits by appointment only. Please email us first.
            </Text>
          </Card>
          <Card withBorder padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm" color="green">
              <IconLock size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              Your information is secure
            </Title>
            <Text size="sm">
              Everything you send us travels over an encrypted connection. We use your details only to answer
              you, and we never sell or share them. Read our{" "}
              <Anchor component={Link} to="/privacy-policy">
                privacy policy
              </Anchor>{" "}
              to learn more.
            </Text>
          </Card>
        </ResponsiveGrid>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <Accordion variant="contained" order={3} maw={860} bg="white">
          {FAQ.map((item, i) => (
            <Accordion.Item key={item.q} value={`faq-${i}`}>
              <Accordion.Control>{item.q}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{item.a}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Section>
    </>
  );
}
