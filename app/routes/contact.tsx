/**
 * /contact (spec §2 "Static pages", §8 contact note, §9 "Contact and legal"; issue 4 "Contact
 * form"): info cards, the message form (app/components/contact/ContactForm.tsx) with the
 * emergency warning, office location, security note and an FAQ of four questions. The action
 * stores the form through the contact service (server/contact: a contact_messages row, emailed
 * to SUPPORT_EMAIL), the same one POST /api/contact uses.
 */
import { Accordion, Alert, Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock, IconMapPin } from "@tabler/icons-react";
import { data, Link } from "react-router";
import { CONTACT_FIELDS, CONTACT_TEXTS, type ContactField } from "../../lib/contact.ts";
import { isDomainError } from "../components/account-form.ts";
import { type ContactActionResult, ContactForm } from "../components/contact/ContactForm.tsx";
import { ContactChannels } from "../components/static/ContactChannels.tsx";
import { PageIntro } from "../components/static/PageIntro.tsx";
import { Section } from "../components/static/Section.tsx";
import { SUPPORT, telHref } from "../components/static/support.ts";
import { servicesContext } from "../context.ts";
import { originFromMatches, pageMeta } from "../seo.ts";
import { ResponsiveGrid } from "../ui/ResponsiveGrid";
import { ThemeIcon } from "../ui/ThemeIcon";
import type { Route } from "./+types/contact";

/**
 * Sends the contact form (issue 4): validates it with ContactSchema, stores it and emails it to
 * the support address (services.contact.submit), rate limited per client IP ('contact-ip').
 * Answers ContactActionResult: `{ ok: true }` (200), or the message, the message per field and
 * the typed values with 400, 429 (Retry-After) or 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData().catch(() => null);
  const values: Partial<Record<ContactField, string>> = {};
  for (const name of CONTACT_FIELDS) {
    const value = form?.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const fail = (status: number, message: string, fieldErrors = {}, headers?: HeadersInit) =>
    data<ContactActionResult>({ ok: false, message, fieldErrors, values }, { status, headers });
  try {
    await services.contact.submit(values, { ip: services.clientIp(context) });
    return data<ContactActionResult>({ ok: true });
  } catch (error) {
    if (!isDomainError(error)) {
      services.logger.error({ err: error }, "contact form failed");
      return fail(500, CONTACT_TEXTS.failureToastBody);
    }
    if (error.status === 429) {
      const retry = error.retryAfterSeconds;
      return fail(429, error.message, {}, retry ? { "Retry-After": String(Math.ceil(retry)) } : undefined);
    }
    return fail(error.status, CONTACT_TEXTS.invalid, error.fieldMessages);
  }
}

/**
 * The browser's side of the action: a network failure (offline, server unreachable) becomes a
 * failed result (503) that keeps what was typed, instead of the error page.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    const form = await request.formData().catch(() => null);
    const values: Partial<Record<ContactField, string>> = {};
    for (const name of CONTACT_FIELDS) {
      const value = form?.get(name);
      if (typeof value === "string") values[name] = value;
    }
    // A 5xx status: React Router then does not revalidate the page's loaders over the same
    // broken connection (which would replace the page with the error view).
    return data<ContactActionResult>(
      { ok: false, message: CONTACT_TEXTS.failureToastBody, fieldErrors: {}, values },
      { status: 503 },
    );
  }
}

/** Title, description and canonical link of /contact. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(originFromMatches(matches), {
    title: "Contact Us",
    description:
      "Contact LexAtlas: email our general and technical support teams, call the 24/7 emergency line, or visit our New York headquarters.",
    path: "/contact",
  });
}

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

/** The contact page. */
export default function Contact({ actionData }: Route.ComponentProps) {
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
          <ContactForm initial={actionData as ContactActionResult | undefined} />
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
