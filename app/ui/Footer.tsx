/**
 * Site footer (spec §2 "Footer links"): links to browse, personality match, dashboard, about,
 * privacy, terms and contact; the support contacts (spec §2 "Static pages"); and a visible line
 * that the listings are fictional demo data (issue 2 §2). Dashboard leads signed-out visitors to
 * sign in first (issue 3). Personality Match stays hidden until its screen exists (site-links.ts).
 */
import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { SUPPORT } from "../../lib/constants.ts";
import { ResponsiveGrid } from "./ResponsiveGrid";
import { availableLinks } from "./site-links";

/** The footer links of spec §2, in spec order; only those with a screen today are shown. */
const SPEC_FOOTER_LINKS = [
  { to: "/browse-lawyers", label: "Browse Lawyers" },
  { to: "/personality-assessment", label: "Personality Match" },
  { to: "/dashboard", label: "Dashboard" },
  { to: "/about", label: "About" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/contact", label: "Contact" },
] as const;

const FOOTER_LINKS = availableLinks(SPEC_FOOTER_LINKS);

/** The site footer. */
export function Footer() {
  return (
    <footer className="site-footer">
      <Container size="xl" py="xl">
        <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h4" c="white">
              LexAtlas
            </Title>
            <Text size="sm" c="gray.3">
              A worldwide directory of personal injury lawyers. LexAtlas is not a law firm and using it
              creates no attorney-client relationship.
            </Text>
          </Stack>
          <nav aria-label="Footer">
            <Title order={2} size="h5" c="white" mb="xs">
              Explore
            </Title>
            <Stack gap={6}>
              {FOOTER_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm">
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          </nav>
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              Contact
            </Title>
            <Text size="sm">
              General: <Anchor href={`mailto:${SUPPORT.general}`}>{SUPPORT.general}</Anchor>
            </Text>
            <Text size="sm">
              Support: <Anchor href={`mailto:${SUPPORT.support}`}>{SUPPORT.support}</Anchor>
            </Text>
            <Text size="sm">
              Phone: <Anchor href={`tel:${SUPPORT.phone.replace(/[^+\d]/g, "")}`}>{SUPPORT.phone}</Anchor>
            </Text>
            <Text size="sm">{SUPPORT.address}</Text>
          </Stack>
        </ResponsiveGrid>
        <Text
          size="sm"
          mt="xl"
          pt="md"
          style={{ borderTop: "1px solid var(--mantine-color-dark-4)" }}
          c="gray.3"
        >
          Demo data: every lawyer listed on LexAtlas is fictional. Names, firms, phone numbers and reviews are
          generated for demonstration and do not describe real people or firms. ©{" "}
          {new Date().getUTCFullYear()} LexAtlas.
        </Text>
      </Container>
    </footer>
  );
}
