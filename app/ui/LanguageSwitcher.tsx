/**
 * The language switcher of header and footer (issue 14 §1): one link per locale, each to
 * /language?locale=…&to=<this page and query>, which remembers the choice in a cookie and opens
 * the same page in that language. Plain links (with `hreflang` and `lang`), so it works without
 * JavaScript and crawlers see every language; the header shows them in a disclosure
 * (`<details>`), the footer as a list.
 */
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LOCALE_TABLE } from "../../lib/i18n/locales.ts";
import { unlocalizedPath, useLocale } from "../i18n/locale";

/** The switcher's link for one locale: keeps the current page and query. */
function useSwitchHref(): (tag: string) => string {
  const { pathname, search } = useLocation();
  const to = unlocalizedPath(pathname, search);
  return (tag: string) => `/language?${new URLSearchParams({ locale: tag, to }).toString()}`;
}

/** The locale links; the current one is marked `aria-current` and not a link target. */
function LocaleLinks({ className }: { className?: string }) {
  const locale = useLocale();
  const href = useSwitchHref();
  return (
    <ul className={className}>
      {LOCALE_TABLE.map((l) => (
        <li key={l.tag}>
          <a
            href={href(l.tag)}
            hrefLang={l.tag}
            lang={l.tag}
            dir={l.dir}
            rel="alternate"
            aria-current={l.tag === locale ? "true" : undefined}
            data-discover="false"
          >
            {l.nativeName}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Header switcher: a disclosure button "🌐 Deutsch" that opens the list of languages. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = LOCALE_TABLE.find((l) => l.tag === locale) ?? LOCALE_TABLE[0];
  return (
    <details className="language-menu">
      <summary aria-label={t("language.current", { name: current.nativeName })}>
        <IconLanguage size={18} aria-hidden />
        <span>{current.nativeName}</span>
      </summary>
      <nav aria-label={t("language.label")}>
        <LocaleLinks className="language-menu-list" />
      </nav>
    </details>
  );
}

/** Footer switcher: a titled list of every language. */
export function LanguageList() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("language.label")} className="language-list">
      <LocaleLinks className="language-list-items" />
    </nav>
  );
}
