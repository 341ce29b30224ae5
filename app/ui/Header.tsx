/**
 * Site header (spec §2 "Header", §6): the title, the links Home, Personality Match, Browse
 * Lawyers, About and Contact; Login and Sign Up for signed-out visitors, Dashboard and a Logout
 * button for signed-in ones. The signed-in state comes from the root loader (`user`), so the
 * server-rendered page already shows the right buttons. On small screens the links collapse
 * into a drawer toggled by a menu button; choosing a link closes it. Clicking the title or Home scrolls to
 * the top (ScrollToTop does that on every navigation). Personality Match stays hidden until its
 * screen exists (site-links.ts).
 */
import { ActionIcon, Button, Container, Drawer, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout, IconMenu2, IconScale, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import { dirOf } from "../../lib/i18n/locales.ts";
import { useLocale, useLocalizePath } from "../i18n/locale";
import type { UserSummary } from "../session.server";
import { LanguageMenu } from "./LanguageSwitcher";
import { LocaleLink as Link, LocaleNavLink as NavLink } from "./LocaleLink";
import { availableLinks } from "./site-links";

/** The header's navigation links of spec §2, in spec order (all of them, shown or not); labels are catalog keys. */
export const SPEC_NAV_LINKS = [
  { to: "/", label: "nav.home" },
  { to: "/personality-assessment", label: "nav.personalityMatch" },
  { to: "/browse-lawyers", label: "nav.browseLawyers" },
  { to: "/about", label: "nav.about" },
  { to: "/contact", label: "nav.contact" },
] as const;

/** The header's navigation links that have a screen today (spec order). */
export const NAV_LINKS = availableLinks(SPEC_NAV_LINKS);

/**
 * Issue 19 §5: "Home" is not the current page while the home address shows search results
 * (`/?practiceAreas=…`): only the plain home page highlights it. Answers the `aria-current`
 * value a header link passes to NavLink ("page" as usual, "false" for Home on results).
 */
export function navAriaCurrent(to: string, search: string): "page" | "false" {
  return to === "/" && new URLSearchParams(search).size > 0 ? "false" : "page";
}

function scrollTopIfSame(to: string) {
  if (typeof window !== "undefined" && window.location.pathname === to && !window.location.search) {
    window.scrollTo({ top: 0, behavior: "smooth" });
  }
}

/** The signed-in visitor from the root loader, or null (also on error renders without root data). */
export function useSignedInUser(): UserSummary | null {
  const root = useRouteLoaderData("root") as { user?: UserSummary | null } | undefined;
  return root?.user ?? null;
}

/**
 * The Logout button: a POST form to /logout (works without JavaScript). It reloads the document
 * so every cached result of the session is dropped (spec §4 "Logout: ... clear ... all cached
 * data").
 */
function LogoutForm({ fullWidth }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Form
      method="post"
      action={localize("/logout")}
      reloadDocument
      style={fullWidth ? { width: "100%" } : undefined}
    >
      <Button
        type="submit"
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconLogout size={16} aria-hidden />}
      >
        {t("nav.logout")}
      </Button>
    </Form>
  );
}

/** The sticky site header with desktop links and the mobile drawer. */
export function Header() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useSignedInUser();
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const locale = useLocale();
  const { search } = useLocation();
  const links = (onClick?: () => void) =>
    NAV_LINKS.map((l) => (
      <NavLink
        key={l.to}
        to={l.to}
        end
        aria-current={navAriaCurrent(l.to, search)}
        className="nav-link"
        prefetch="intent"
        onClick={() => {
          onClick?.();
          scrollTopIfSame(localize(l.to));
        }}
      >
        {t(l.label)}
      </NavLink>
    ));
  return (
    <header className="site-header">
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link
            to="/"
            onClick={() => scrollTopIfSame(localize("/"))}
            style={{ textDecoration: "none", color: "var(--mantine-color-dark-8)" }}
            aria-label={t("homeLabel")}
          >
            <Group gap={8} wrap="nowrap">
              <IconScale size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <span style={{ fontWeight: 800, fontSize: "1.3rem" }}>LexAtlas</span>
            </Group>
          </Link>
          <nav aria-label={t("nav.main")} className="desktop-only">
            <Group gap={4}>{links()}</Group>
          </nav>
          <Group gap="xs" className="desktop-only" wrap="nowrap">
            <LanguageMenu />
            {user ? (
              <>
                <Button component={Link} to="/dashboard" variant="subtle">
                  {t("nav.dashboard")}
                </Button>
                <LogoutForm />
              </>
            ) : (
              <>
                <Button component={Link} to="/login" variant="subtle">
                  {t("nav.login")}
                </Button>
                <Button component={Link} to="/signup">
                  {t("nav.signUp")}
                </Button>
              </>
            )}
          </Group>
          {/* An icon button, not Mantine's Burger: its <div> inside <button> is invalid HTML (issue 13 §2). */}
          <ActionIcon
            className="mobile-only js-only"
            variant="subtle"
            color="dark"
            size="lg"
            onClick={toggle}
            aria-label={opened ? t("nav.closeNavigation") : t("nav.openNavigation")}
            aria-expanded={opened}
            aria-controls="mobile-nav"
          >
            {opened ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
          </ActionIcon>
        </Group>
      </Container>
      {/* Without JavaScript the burger cannot open the drawer; this plain list stands in. */}
      <noscript>
        <nav aria-label={t("nav.mainNoScript")} className="mobile-only" style={{ padding: "0 1rem 0.5rem" }}>
          <Group gap={4}>
            {NAV_LINKS.map((l) => (
              <a key={l.to} href={localize(l.to)} className="nav-link">
                {t(l.label)}
              </a>
            ))}
            {user ? (
              <>
                <a href={localize("/dashboard")} className="nav-link">
                  {t("nav.dashboard")}
                </a>
                <form method="post" action={localize("/logout")}>
                  <button
                    type="submit"
                    className="nav-link"
                    style={{ background: "none", border: 0, font: "inherit", cursor: "pointer" }}
                  >
                    {t("nav.logout")}
                  </button>
                </form>
              </>
            ) : (
              <>
                <a href={localize("/login")} className="nav-link">
                  {t("nav.login")}
                </a>
                <a href={localize("/signup")} className="nav-link">
                  {t("nav.signUp")}
                </a>
              </>
            )}
          </Group>
        </nav>
      </noscript>
      <Drawer
        opened={opened}
        onClose={close}
        title={t("nav.menu")}
        position={dirOf(locale) === "rtl" ? "left" : "right"}
        size="xs"
        id="mobile-nav"
      >
        <nav aria-label={t("nav.mobile")}>
          <Stack gap="xs">
            {links(close)}
            <LanguageMenu />
            {user ? (
              <>
                <Button component={Link} to="/dashboard" variant="light" onClick={close}>
                  {t("nav.dashboard")}
                </Button>
                <LogoutForm fullWidth />
              </>
            ) : (
              <>
                <Button component={Link} to="/login" variant="default" onClick={close}>
                  {t("nav.login")}
                </Button>
                <Button component={Link} to="/signup" onClick={close}>
                  {t("nav.signUp")}
                </Button>
              </>
            )}
          </Stack>
        </nav>
      </Drawer>
    </header>
  );
}
