/**
 * The cookie and ad consent banner and preferences dialog (issue 17 §1), run by
 * vanilla-cookieconsent 3.1 (MIT, cookieconsent.orestbida.com) in the page's language.
 *
 * Rules it follows, and why:
 * - ePrivacy Directive 2002/58/EC Art. 5(3): nothing that is not strictly necessary is stored on
 *   or read from the device without prior consent. Opt-in: the ad network's script
 *   (app/features/billing/AdSlot.tsx) loads only once the `ads` category is accepted; the product
 *   sets no other non-necessary cookie (lib/privacy.ts COOKIES is the audit).
 * - GDPR Art. 7(3) and EDPB Guidelines 05/2020 on consent: refusing is as easy as accepting
 *   ("Accept all" and "Reject all" side by side, same weight; "Manage" next to them), and
 *   withdrawing is as easy as giving: the footer's "Cookie settings" reopens the dialog from
 *   every page. For every visitor, wherever they are (no geo-guessing).
 * - GDPR Art. 13: the dialog lists each cookie, its lifetime and purpose, and links the policy.
 * - Premium visitors and deployments without an ad network are offered no `ads` category and see
 *   no banner (there is nothing to consent to); "Cookie settings" still shows what is set.
 * - Withdrawing `ads` reloads the page: an ad script already running cannot be unloaded, so the
 *   page comes back without it; the network's first-party cookies are cleared (autoClear).
 *
 * The banner is a fixed overlay added after hydration: it shifts no layout. It is never in the
 * server's HTML, so without JavaScript there is no banner, and no ads either.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { dirOf, localizePath } from "../../../lib/i18n/locales.ts";
import { CONSENT_COOKIE, CONSENT_COOKIE_DAYS, CONSENT_REVISION, COOKIES } from "../../../lib/privacy.ts";
import { useLocale } from "../../i18n/locale";
import { reportConsent } from "./consent-store";

type Library = typeof import("vanilla-cookieconsent");
type Config = import("vanilla-cookieconsent").CookieConsentConfig;
type Translation = import("vanilla-cookieconsent").Translation;

let library: Library | null = null;
let running: Promise<void> | null = null;

/** Escapes text for the library's HTML strings (our catalog texts; never anything a visitor typed). */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Opens the preferences dialog ("Cookie settings" in the footer and the privacy policy), waiting
 * for the consent library if it is still loading. Answers false when the consent runtime was
 * never started (then the caller goes to the policy's cookie section instead).
 */
export async function openCookieSettings(): Promise<boolean> {
  // Always the latest start: a dialog shown by a library that a newer start then resets would
  // vanish under the visitor's pointer.
  if (running) await running.catch(() => undefined);
  if (!library) return false;
  library.showPreferences();
  return true;
}

/** Mounted once by the root: starts the consent library with this page's language and offer. */
export function ConsentManager() {
  const { t } = useTranslation("privacy");
  const locale = useLocale();
  const root = useRouteLoaderData("root") as { adPublisherId?: string } | undefined;
  // Ads are offered only where network ads can appear: a publisher id, and not premium (the root
  // loader gives a premium visitor none).
  const adsOffered = Boolean(root?.adPublisherId);

  useEffect(() => {
    const duration = (c: (typeof COOKIES)[number]) =>
      c.days === 0 ? t("duration.minutes", { count: 15 }) : t("duration.days", { count: c.days });
    const table = (category: "necessary" | "ads") => ({
      headers: {
        name: esc(t("table.name")),
        duration: esc(t("table.duration")),
        purpose: esc(t("table.purpose")),
      },
      body: COOKIES.filter((c) => c.category === category).map((c) => ({
        name: esc(c.name),
        duration: esc(duration(c)),
        purpose: esc(t(`cookies.${c.id}`)),
      })),
    });
    const policyLink = `<a href="${esc(localizePath("/privacy-policy#cookies", locale))}">${esc(t("banner.policyLink"))}</a>`;
    const translation: Translation = {
      consentModal: {
        label: t("banner.label"),
        title: esc(t("banner.title")),
        description: esc(t("banner.description")),
        acceptAllBtn: esc(t("banner.acceptAll")),
        acceptNecessaryBtn: esc(t("banner.rejectAll")),
        showPreferencesBtn: esc(t("banner.manage")),
        footer: policyLink,
      },
      preferencesModal: {
        title: esc(t("preferences.title")),
        acceptAllBtn: esc(t("preferences.acceptAll")),
        acceptNecessaryBtn: esc(t("preferences.rejectAll")),
        savePreferencesBtn: esc(t("preferences.save")),
        closeIconLabel: t("preferences.close"),
        sections: [
          { description: esc(t("preferences.intro")) },
          {
            title: esc(t("preferences.necessaryTitle")),
            description: esc(t("preferences.necessaryDescription")),
            linkedCategory: "necessary",
            cookieTable: table("necessary"),
          },
          ...(adsOffered
            ? [
                {
                  title: esc(t("preferences.adsTitle")),
                  description: esc(t("preferences.adsDescription")),
                  linkedCategory: "ads",
                  cookieTable: table("ads"),
                },
              ]
            : []),
          {
            title: esc(t("preferences.moreTitle")),
            description: `${esc(t("preferences.moreDescription"))} ${policyLink}`,
          },
        ],
      },
    };
    const report = ({ cookie }: { cookie: { categories: string[] } }) => reportConsent(cookie.categories);
    const config: Config = {
      mode: "opt-in",
      autoShow: adsOffered,
      revision: CONSENT_REVISION,
      // The journeys' browser is headless (navigator.webdriver); the banner is client-side only,
      // so crawlers never index it anyway.
      hideFromBots: false,
      disablePageInteraction: false,
      manageScriptTags: false,
      cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_COOKIE_DAYS, sameSite: "Lax" },
      guiOptions: {
        // At the start corner of the page's direction (left in English, right in Arabic).
        consentModal: {
          layout: "box wide",
          position: dirOf(locale) === "rtl" ? "bottom right" : "bottom left",
          equalWeightButtons: true,
          flipButtons: false,
        },
        preferencesModal: { layout: "box", equalWeightButtons: true, flipButtons: false },
      },
      categories: {
        necessary: { enabled: true, readOnly: true },
        ...(adsOffered
          ? {
              ads: {
                autoClear: {
                  cookies: [{ name: /^__gads/ }, { name: /^__gpi/ }, { name: /^__eoi/ }],
                },
              },
            }
          : {}),
      },
      language: {
        default: locale,
        rtl: dirOf(locale) === "rtl" ? locale : [],
        translations: { [locale]: translation },
      },
      onConsent: report,
      onChange: ({ cookie, changedCategories }) => {
        reportConsent(cookie.categories);
        // Withdrawn: the running ad script cannot be unloaded, so the page comes back without it.
        if (changedCategories.includes("ads") && !cookie.categories.includes("ads")) window.location.reload();
      },
    };
    let cancelled = false;
    const start = async () => {
      await running;
      if (cancelled) return;
      const [lib] = await Promise.all([
        import("vanilla-cookieconsent"),
        import("vanilla-cookieconsent/dist/cookieconsent.css"),
        import("./consent.css"),
      ]);
      if (cancelled) return;
      // A new offer (signed in as premium, say) replaces the old one; the stored choice stays.
      if (library) library.reset(false);
      library = lib;
      await lib.run(config);
      if (!lib.validConsent()) reportConsent(null);
    };
    running = start();
    return () => {
      cancelled = true;
    };
    // Only a new language or offer restarts the library (a restart resets it, closing an open
    // dialog): `t` is stable per language, and the policy link is built from the locale here
    // rather than from useLocalizePath, whose function is new on every render.
  }, [t, locale, adsOffered]);

  return null;
}
