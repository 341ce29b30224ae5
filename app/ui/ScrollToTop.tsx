/**
 * Scrolling rules of spec §2: every page scrolls smoothly to the top when it opens (a new
 * pathname; back/forward keep ScrollRestoration's position), and a scroll-to-top button
 * appears after scrolling more than 300 pixels.
 */
import { ActionIcon, Affix, Transition } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigationType } from "react-router";
import { dirOf } from "../../lib/i18n/locales.ts";
import { useLocale } from "../i18n/locale";

/** Pixels scrolled before the button shows (spec §2). */
export const SCROLL_BUTTON_THRESHOLD = 300;

/** Scrolls to the top when the pathname changes by a push or replace navigation. */
export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new pathname
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== "POP") window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname, type]);
  return null;
}

/** The floating scroll-to-top button, shown after 300 px of scrolling. */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  // The button sits at the inline end of the page: bottom left in right-to-left locales.
  const locale = useLocale();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={dirOf(locale) === "rtl" ? { bottom: 20, left: 20 } : { bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_BUTTON_THRESHOLD}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            aria-label={t("scrollToTop")}
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
