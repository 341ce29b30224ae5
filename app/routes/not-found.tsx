/**
 * Any path no other route matches (spec §2 route table): '404 Page Not Found' with HTTP status
 * 404 and noindex. The spec's hint 'Did you forget to add the page to the router?' was a note
 * from the original's developer template; we show a helpful sentence and links to search and
 * home instead (issue 2 §4, docs/spec-deviations.md).
 */
import { Container, Group, Text, Title } from "@mantine/core";
import { IconHome, IconMapSearch, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { data, useLocation } from "react-router";
import { splitLocalePath } from "../../lib/i18n/locales.ts";
import { getT } from "../i18n/i18n.ts";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LinkButton } from "../ui/LinkButton";
import { fillSlots, slot } from "../ui/slots";
import { ThemeIcon } from "../ui/ThemeIcon";
import type { Route } from "./+types/not-found";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** Title, description and noindex of the not-found page. */
export function meta({ matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "pages");
  return pageMeta(site, {
    title: t("notFound.metaTitle"),
    description: t("notFound.metaDescription"),
    path: splitLocalePath(location.pathname).path,
    noindex: true,
  });
}

/** Answers every unmatched path with HTTP status 404 (the page still renders). */
export function loader() {
  return data(null, { status: 404 });
}

/** The not-found page. */
export default function NotFound() {
  const { t } = useTranslation("pages");
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <IconMapSearch size={40} />
      </ThemeIcon>
      <Title order={1} mt="md" fz={{ base: 28, sm: 34 }}>
        {t("notFound.title")}
      </Title>
      <Text mt="md" size="lg">
        {fillSlots(t("notFound.text", { path: slot("path") }), {
          path: (
            <Text component="span" fw={600} style={{ overflowWrap: "anywhere" }} dir="ltr">
              {pathname}
            </Text>
          ),
        })}
      </Text>
      <Group justify="center" mt="xl" gap="md">
        <LinkButton to="/browse-lawyers" size="md" icon={IconSearch}>
          {t("notFound.searchLawyers")}
        </LinkButton>
        <LinkButton to="/" size="md" variant="default" icon={IconHome}>
          {t("notFound.goHome")}
        </LinkButton>
      </Group>
    </Container>
  );
}
