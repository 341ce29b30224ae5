/**
 * The contact page's body (spec §2 "Static pages", "Contact"; issue 4 "Contact form"): info
 * cards, the message form (ContactForm.tsx) with the emergency warning, office location, security
 * note and an FAQ of four questions. app/routes/contact.tsx renders it. Every text in the page's
 * language (issue 14 §1, namespace "contact").
 */
import { Accordion, Alert, Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconLock, IconMapPin } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ContactChannels } from "../../ui/static/ContactChannels.tsx";
import { ExampleContactNote } from "../../ui/static/ExampleContactNote.tsx";
import { PageIntro } from "../../ui/static/PageIntro.tsx";
import { Section } from "../../ui/static/Section.tsx";
import { useCompany, useSupportPhones } from "../../ui/static/support.ts";
import { ThemeIcon } from "../../ui/ThemeIcon";
import { type ContactActionResult, ContactForm } from "./ContactForm.tsx";

/** The four FAQ entries' catalog keys (spec §2: "an FAQ of four questions"): contact:faq.q1/a1 … q4/a4. */
const FAQ = [1, 2, 3, 4] as const;

/**
 * The contact page: intro, the ways to reach us, the message form with the emergency warning,
 * the office and security cards, and the FAQ. `actionData` is the action's answer to a form sent
 * without JavaScript.
 */
export function ContactPage({ actionData }: { actionData: ContactActionResult | undefined }) {
  const { t } = useTranslation("contact");
  const phones = useSupportPhones();
  const company = useCompany();
  return (
    <>
      <PageIntro title={t("intro.title")} lead={t("intro.lead")} />

      <Section id="channels" title={t("channelsTitle")}>
        <ContactChannels />
      </Section>

      <Section id="message" title={t("messageTitle")}>
        <Stack gap="md" maw={760}>
          <Text>{t("messageText")}</Text>
          <Alert
            color="red"
            variant="light"
            title={t("emergency.title")}
            icon={<IconAlertTriangle size={20} aria-hidden />}
          >
            <Text size="sm" c="var(--mantine-color-text)">
              {t("emergency.before")}{" "}
              <Anchor
                href={phones.emergencyPhone.href ?? undefined}
                c="inherit"
                fw={700}
                underline="always"
                dir="ltr"
              >
                {phones.emergencyPhone.text}
              </Anchor>
              {t("emergency.after")}
            </Text>
          </Alert>
          <ContactForm initial={actionData} />
        </Stack>
      </Section>

      <Section id="office" title={t("office.title")}>
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm">
              <IconMapPin size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t("office.headquarters")}
            </Title>
            <Text component="address" style={{ fontStyle: "normal" }}>
              LexAtlas
              <br />
              <bdi>{company.address}</bdi>
              <br />
              <Anchor href={phones.phone.href ?? undefined} dir="ltr">
                {phones.phone.text}
              </Anchor>
            </Text>
            <Text size="sm" mt="xs">
              {t("office.visits")}
            </Text>
            <ExampleContactNote />
          </Card>
          <Card withBorder padding="lg">
            <ThemeIcon variant="light" size={40} radius="md" mb="sm" color="green">
              <IconLock size={22} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t("security.title")}
            </Title>
            <Text size="sm">
              {t("security.before")}{" "}
              <Anchor component={LocaleLink} to="/privacy-policy">
                {t("security.link")}
              </Anchor>{" "}
              {t("security.after")}
            </Text>
          </Card>
        </ResponsiveGrid>
      </Section>

      <Section id="faq" title={t("faqTitle")}>
        <Accordion variant="contained" order={3} maw={860} bg="white">
          {FAQ.map((n, i) => (
            <Accordion.Item key={n} value={`faq-${i}`}>
              <Accordion.Control>{t(`faq.q${n}`)}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{t(`faq.a${n}`)}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Section>
    </>
  );
}
