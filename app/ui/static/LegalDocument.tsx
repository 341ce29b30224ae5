import { Alert, Anchor, Box, Container, List, Paper, Text, Title } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { DEFAULT_LOCALE, splitLocalePath } from "../../../lib/i18n/locales.ts";
import { formatLegalDate } from "../../../lib/legal.ts";
import { useLocale } from "../../i18n/locale";
import { fillSlots, slot } from "../slots";

/**
 * One block of a legal section, named by catalog keys under the section's key (namespace
 * "pages"): a paragraph, a bulleted list, or a bulleted list whose items open with a bold lead
 * (`<key>Lead` then `<key>`).
 */
export type LegalBlock =
  | { p: string }
  | { ul: readonly string[] }
  | { leads: readonly string[] }
  /** Content the page builds itself (e.g. the privacy policy's lists from configuration, issue 17 §1). */
  | { node: ReactNode; key: string };

/**
 * One numbered section of a legal text: its anchor id, its catalog key (title at `<key>.title`)
 * and blocks; `title` names another title key instead (with its namespace, "privacy:…").
 */
export interface LegalSection {
  id: string;
  key: string;
  title?: string;
  blocks: readonly LegalBlock[];
}

/**
 * Renders a legal page (privacy policy, terms of service) from the "pages" catalog in the page's
 * language (issue 14 §1): the h1, "Last updated: {date}" with the date the text last changed
 * (lib/legal.ts; not today's date, docs/spec-deviations.md) in the page's date format, in a
 * translation a notice that the English text prevails with a link to it, a short table of
 * contents and the sections as h2s inside one <article>.
 * @param base catalog key of the document ("privacy", "terms"): `<base>.title`, `<base>.summary`
 * @param updated ISO date, e.g. "2026-11-21"
 * @param slots elements a message names by argument (an email link, the address, a price)
 * @throws RangeError when `updated` is not an ISO date (see formatLegalDate)
 */
export function LegalDocument({
  base,
  updated,
  sections,
  slots = {},
}: {
  base: string;
  updated: string;
  sections: readonly LegalSection[];
  slots?: Record<string, ReactNode>;
}) {
  const { t } = useTranslation("pages");
  const locale = useLocale();
  const { pathname } = useLocation();
  const args = Object.fromEntries(Object.keys(slots).map((name) => [name, slot(name)]));
  /** A message of this document with its slots filled. */
  const text = (key: string) => fillSlots(t(`${base}.${key}`, args), slots);
  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Paper component="article" withBorder p={{ base: "lg", sm: 40 }} aria-labelledby="legal-title">
        <Title order={1} id="legal-title" fz={{ base: 30, sm: 36 }} lh={1.2}>
          {t(`${base}.title`)}
        </Title>
        <Text mt="xs" fw={600}>
          {fillSlots(t("legal.lastUpdated", { date: slot("date") }), {
            date: <time dateTime={updated}>{formatLegalDate(updated, locale)}</time>,
          })}
        </Text>
        {locale !== DEFAULT_LOCALE && (
          <Alert
            mt="md"
            color="blue"
            variant="light"
            icon={<IconLanguage size={20} aria-hidden />}
            data-testid="english-prevails"
          >
            {fillSlots(t("legal.translationNotice", { link: slot("link") }), {
              link: (
                <Anchor href={splitLocalePath(pathname).path} hrefLang="en" lang="en">
                  {t("legal.englishVersion")}
                </Anchor>
              ),
            })}
          </Alert>
        )}
        <Text mt="md">{t(`${base}.summary`)}</Text>
        <Box component="nav" aria-labelledby="legal-toc" mt="lg">
          <Text id="legal-toc" fw={700}>
            {t("legal.contents")}
          </Text>
          <List type="ordered" spacing={2} mt={4} size="sm">
            {sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{t(s.title ?? `${base}.${s.key}.title`)}</Anchor>
              </List.Item>
            ))}
          </List>
        </Box>
        {sections.map((s, i) => (
          <Box component="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} mt="xl">
            <Title order={2} id={`${s.id}-title`} fz={{ base: 20, sm: 22 }} mb="xs">
              {i + 1}. {t(s.title ?? `${base}.${s.key}.title`)}
            </Title>
            <div>
              {s.blocks.map((b) =>
                "node" in b ? (
                  <Fragment key={b.key}>{b.node}</Fragment>
                ) : "p" in b ? (
                  <P key={b.p}>{text(`${s.key}.${b.p}`)}</P>
                ) : "ul" in b ? (
                  <Bullets key={b.ul.join()} items={b.ul.map((k) => text(`${s.key}.${k}`))} />
                ) : (
                  <Bullets
                    key={b.leads.join()}
                    items={b.leads.map((k) => (
                      <>
                        <strong>{t(`${base}.${s.key}.${k}Lead`)}</strong> {text(`${s.key}.${k}`)}
                      </>
                    ))}
                  />
                ),
              )}
            </div>
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
