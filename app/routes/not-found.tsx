/**
 * Any path no other route matches (spec §2 route table): '404 Page Not Found' with HTTP status
 * 404 and noindex. The spec's hint 'Did you forget to add the page to the router?' was a note
 * from the original's developer template; we show a helpful sentence and links to search and
 * home instead (issue 2 §4, docs/spec-deviations.md).
 */
import { Container, Group, Text, Title } from "@mantine/core";
import { IconHome, IconMapSearch, IconSearch } from "@tabler/icons-react";
import { data, useLocation } from "react-router";
import { splitLocalePath } from "../../lib/i18n/locales.ts";
import { pageMeta, siteFromMatches } from "../seo.ts";
import { LinkButton } from "../ui/LinkButton";
import { ThemeIcon } from "../ui/ThemeIcon";
import type { Route } from "./+types/not-found";

/** Title, description and noindex of the not-found page. */
export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Page Not Found",
    description:
      "The page you asked for does not exist on LexAtlas. Search our directory of personal injury lawyers.",
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
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }} ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <IconMapSearch size={40} />
      </ThemeIcon>
      <Title order={1} mt="md" fz={{ base: 28, sm: 34 }}>
        404 Page Not Found
      </Title>
      <Text mt="md" size="lg">
        We couldn't find{" "}
        <Text component="span" fw={600} style={{ overflowWrap: "anywhere" }}>
          {pathname}
        </Text>
        . The link may be broken or the page may have moved. Search our directory to find a personal injury
        lawyer, or start again from the home page.
      </Text>
      <Group justify="center" mt="xl" gap="md">
        <LinkButton to="/browse-lawyers" size="md" icon={IconSearch}>
          Search lawyers
        </LinkButton>
        <LinkButton to="/" size="md" variant="default" icon={IconHome}>
          Go to the home page
        </LinkButton>
      </Group>
    </Container>
  );
}
