/**
 * Site header (spec §2 "Header"): the title, the links Home, Personality Match, Browse Lawyers,
 * About and Contact, and Login / Sign Up for signed-out visitors. On small screens the links
 * collapse into a Burger-toggled drawer; choosing a link closes it. Clicking the title or Home
 * scrolls to the top (ScrollToTop does that on every navigation). Links whose screen does not
 * exist yet (Personality Match, Login, Sign Up) stay hidden until it does (site-links.ts).
 */
import { Burger, Button, Container, Drawer, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconScale } from "@tabler/icons-react";
import { Link, NavLink } from "react-router";
import { availableLinks, isAvailable } from "./site-links";

/** The header's navigation links of spec §2, in spec order (all of them, shown or not). */
export const SPEC_NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/personality-assessment", label: "Personality Match" },
  { to: "/browse-lawyers", label: "Browse Lawyers" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** The header's navigation links that have a screen today (spec order). */
export const NAV_LINKS = availableLinks(SPEC_NAV_LINKS);

/** Login and Sign Up are shown once their screens exist (issue 3). */
const SHOW_LOGIN = isAvailable("/login");
const SHOW_SIGNUP = isAvailable("/signup");

function scrollTopIfSame(to: string) {
  if (typeof window !== "undefined" && window.location.pathname === to && !window.location.search) {
    window.scrollTo({ top: 0, behavior: "smooth" });
  }
}

/** The sticky site header with desktop links and the mobile drawer. */
export function Header() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = (onClick?: () => void) =>
    NAV_LINKS.map((l) => (
      <NavLink
        key={l.to}
        to={l.to}
        end
        className="nav-link"
        prefetch="intent"
        onClick={() => {
          onClick?.();
          scrollTopIfSame(l.to);
        }}
      >
        {l.label}
      </NavLink>
    ));
  return (
    <header className="site-header">
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link
            to="/"
            onClick={() => scrollTopIfSame("/")}
            style={{ textDecoration: "none", color: "var(--mantine-color-dark-8)" }}
            aria-label="LexAtlas home"
          >
            <Group gap={8} wrap="nowrap">
              <IconScale size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <span style={{ fontWeight: 800, fontSize: "1.3rem" }}>LexAtlas</span>
            </Group>
          </Link>
          <nav aria-label="Main" className="desktop-only">
            <Group gap={4}>{links()}</Group>
          </nav>
          {(SHOW_LOGIN || SHOW_SIGNUP) && (
            <Group gap="xs" className="desktop-only">
              {SHOW_LOGIN && (
                <Button component={Link} to="/login" variant="subtle">
                  Login
                </Button>
              )}
              {SHOW_SIGNUP && (
                <Button component={Link} to="/signup">
                  Sign Up
                </Button>
              )}
            </Group>
          )}
          <Burger
            className="mobile-only js-only"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? "Close navigation" : "Open navigation"}
            aria-expanded={opened}
            aria-controls="mobile-nav"
          />
        </Group>
      </Container>
      {/* Without JavaScript the burger cannot open the drawer; this plain list stands in. */}
      <noscript>
        <nav aria-label="Main (no script)" className="mobile-only" style={{ padding: "0 1rem 0.5rem" }}>
          <Group gap={4}>
            {NAV_LINKS.map((l) => (
              <a key={l.to} href={l.to} className="nav-link">
                {l.label}
              </a>
            ))}
            {SHOW_LOGIN && (
              <a href="/login" className="nav-link">
                Login
              </a>
            )}
            {SHOW_SIGNUP && (
              <a href="/signup" className="nav-link">
                Sign Up
              </a>
            )}
          </Group>
        </nav>
      </noscript>
      <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs" id="mobile-nav">
        <nav aria-label="Mobile">
          <Stack gap="xs">
            {links(close)}
            {SHOW_LOGIN && (
              <Button component={Link} to="/login" variant="default" onClick={close}>
                Login
              </Button>
            )}
            {SHOW_SIGNUP && (
              <Button component={Link} to="/signup" onClick={close}>
                Sign Up
              </Button>
            )}
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}
