/**
 * Browser entry: loads the page's catalogs (the locale of `<html lang>`, issue 14 §1) before
 * hydrating, so the hydrated page speaks the same language as the server's HTML.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "../lib/i18n/locales.ts";
import { ensureLocale, i18n } from "./i18n/i18n";

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;

ensureLocale(locale)
  .then(() => i18n.changeLanguage(locale))
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </StrictMode>,
      );
    });
  });
