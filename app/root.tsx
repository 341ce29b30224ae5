/**
 * The document shell of every page (spec §2): Mantine, notifications (at most 1, 5000 ms; spec
 * §9), skip link, header, main landmark, footer, scroll handling and the root error boundary.
 */
import "./zod-jitless";
import { ColorSchemeScript, DirectionProvider, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from "react-router";
import { companyContact, type CompanyContact as SiteCompany } from "../lib/company.ts";
import {
  DEFAULT_LOCALE,
  dirOf,
  type Locale,
  localeFromCookie,
  localeFromPrefix,
  localizePath,
  negotiateLocale,
  splitLocalePath,
} from "../lib/i18n/locales.ts";
import { TIME_ZONE_SCRIPT, timeZoneFromCookie } from "../lib/i18n/time-zone.ts";
import { hasInvalidCharacters } from "../lib/input-boundary.ts";
import { consentedCategories } from "../lib/privacy.ts";
import { sameSitePath, siteRedirect } from "../lib/redirects.ts";
import { isPremium } from "../lib/subscription.ts";
import type { Route } from "./+types/root";
import { logBoundaryError } from "./boundary-error";
import { servicesContext } from "./context";
import { useCspNonce } from "./csp-nonce";
import { installContactBeacon } from "./features/analytics/analytics-beacon";
import { ensureLocale } from "./i18n/i18n";
import { useLocale } from "./i18n/locale";
import { type SupportPhones, supportPhones } from "./i18n/phone.server";
import { pageHeaders } from "./route-headers";
import type { RootData } from "./seo";
import {
  accountsOf,
  getOptionalUser,
  hasSessionCookie,
  passwordChangeRedirect,
  type UserSummary,
  userSummary,
} from "./session.server";
import appCssUrl from "./styles/app.css?url";
import mantineCssUrl from "./styles/mantine.css?url";
import { ConsentManager } from "./ui/consent";
import { ErrorFallback } from "./ui/ErrorFallback";
import { Footer } from "./ui/Footer";
import { ForbiddenView } from "./ui/ForbiddenView";
import { Header } from "./ui/Header";
import { IconSprite } from "./ui/icons";
import { NotFoundView } from "./ui/NotFoundView";
import { ScrollToTopButton, ScrollToTopOnNavigate } from "./ui/ScrollToTop";
import { DEFAULT_COMPANY } from "./ui/static/support.ts";
import { ThemeVariables } from "./ui/ThemeVariables";
import { cssVariablesResolver, theme } from "./ui/theme";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Root loader: the site origin for canonical links (app/seo.ts; PUBLIC_URL when configured,
 * otherwise the request's own origin) and the signed-in visitor's summary for the header
 * (issue 3: the server-rendered header already shows the right state). A cookie whose session is
 * unknown, revoked or expired counts as signed out and is removed (spec §4).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  checkLocalePrefix(request, params.lang);
  let publicUrl: string | undefined;
  let adPublisherId: string | undefined;
  let demoListings = false;
  let company: SiteCompany = DEFAULT_COMPANY;
  try {
    const { config, directory } = context.get(servicesContext);
    publicUrl = config.PUBLIC_URL;
    adPublisherId = config.AD_PUBLISHER_ID;
    // Issue 19 §5: the company's contact details come from configuration.
    company = companyContact(config);
    demoListings = await directory.hasDemoListings();
  } catch {
    publicUrl = undefined;
  }
  const origin = (publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  // Issue 17 §1: the visitor's cookie choice (cc_cookie), so the server renders the ad slots as
  // the browser will (network ad only after consent) without a flash.
  const consent = consentedCategories(request.headers.get("Cookie"));
  // The support lines of the footer, about and contact pages, written for this visitor (issue 14 §2).
  const phones = supportPhones(request, company);
  // What every visitor's answer carries; a signed-in one adds the user and, if premium, no ads.
  const signedOut: RootLoaderData = {
    origin,
    locale,
    timeZone,
    supportPhones: phones,
    company: {
      address: company.address,
      hours: company.hours,
      timeZone: company.timeZone,
      example: company.example,
    },
    user: null,
    adPublisherId,
    consent,
    demoListings,
  };
  if (!hasSessionCookie(request)) return data<RootLoaderData>(signedOut);
  const user = await getOptionalUser(request, context);
  if (user) {
    // Issue 6 "Ads": a premium page never learns the publisher id, so never loads the ad script.
    const summary = userSummary(user);
    const ads = isPremium(summary.subscriptionTier) ? undefined : adPublisherId;
    return data<RootLoaderData>({ ...signedOut, user: summary, adPublisherId: ads });
  }
  // A staff session waiting for its second factor (issue 15 §1) signs no one in yet, but it is
  // not stale: the cookie stays for /login/second-factor.
  if (await context.get(servicesContext).staff.pendingSession(request))
    return data<RootLoaderData>(signedOut);
  return data<RootLoaderData>(signedOut, {
    headers: { "Set-Cookie": accountsOf(context).clearedSessionCookie() },
  });
}

/** The root loader's answer: RootData plus the signed-in visitor (null when signed out). */
export interface RootLoaderData extends RootData {
  /** The visitor's IANA time zone (cookie lexatlas_tz; UTC until reported), issue 14 §2. */
  timeZone: string;
  /** The support phone numbers written for the visitor's region (issue 14 §2). */
  supportPhones: SupportPhones;
  /** Issue 19 §5: the configured address and support hours, and whether they are the demo's examples. */
  company: Omit<SiteCompany, "phone" | "emergencyPhone">;
  user: UserSummary | null;
  /** AD_PUBLISHER_ID for visitors who see ads (not premium); unset: house ads only (issue 6). */
  adPublisherId?: string;
  /**
   * The cookie categories the visitor accepted (consent cookie `cc_cookie`), or null before any
   * choice (issue 17 §1); the browser's own report takes over once the consent library runs.
   */
  consent: string[] | null;
  /** Whether the directory holds fictional demo listings: the footer says so only then (issue 15 §2). */
  demoListings: boolean;
}

/**
 * Issue 14 §1: a prefix that is not one of our locales is a 404 ("/xx/about"); "/en/about" and a
 * prefix in other case ("/PT-BR/about") move permanently to the canonical URL. The stripped or
 * re-cased URL is checked as a whole by siteRedirect (issue 27: "/en//evil.example" stripped to
 * "//evil.example" had named another host): what is not a path of this site goes to the locale's
 * home instead.
 */
function checkLocalePrefix(request: Request, prefix: string | undefined): void {
  if (prefix === undefined) return;
  const url = new URL(request.url);
  const rest = url.pathname.slice(prefix.length + 1);
  if (prefix.toLowerCase() === DEFAULT_LOCALE) {
    throw siteRedirect(`${rest || "/"}${url.search}`, 301, "/");
  }
  const locale = localeFromPrefix(prefix);
  if (!locale) throw data(null, { status: 404 });
  if (prefix !== locale.toLowerCase()) {
    const home = localizePath("/", locale);
    throw siteRedirect(`${home}${rest}${url.search}`, 301, home);
  }
}

/**
 * Issue 14 §1 "A first visit to an unprefixed page from a browser preferring a supported locale
 * goes to that locale": for a document GET of an English (unprefixed) page, the locale the
 * visitor chose before (cookie) wins, else the browser's Accept-Language; English, no header (a
 * crawler) or no supported language keeps the page. Returns the URL to send the visitor to (a
 * same-site path: lib/redirects.ts sameSitePath of the localized URL; issue 27: "//evil.example"
 * stays a 404 instead of a redirect to another host), or null to stay.
 */
export function preferredLocaleRedirect(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  // The switcher's own route sets the choice; sending it elsewhere first would lose it.
  if (url.pathname === LANGUAGE_ROUTE) return null;
  if (splitLocalePath(url.pathname).locale !== DEFAULT_LOCALE) return null;
  const chosen = localeFromCookie(request.headers.get("Cookie"));
  const locale: Locale | null = chosen ?? negotiateLocale(request.headers.get("Accept-Language"));
  if (!locale || locale === DEFAULT_LOCALE) return null;
  return sameSitePath(localizePath(`${url.pathname}${url.search}`, locale));
}

/** The language switcher's route (app/routes/language.tsx). */
const LANGUAGE_ROUTE = "/language";

/** Pages that show or redirect by sign-in state: arriving there refreshes the header's state too. */
const SIGN_IN_DEPENDENT = new Set(["/login", "/signup", "/dashboard"]);

/**
 * The root loader runs again only after a successful form submission (sign-in, sign-up, logout,
 * a password reset: the header must change) and on the way to the pages whose content depends
 * on who is signed in; other navigations reuse it.
 */
export function shouldRevalidate({
  formMethod,
  actionStatus,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET")
    return actionStatus === undefined || actionStatus < 400;
  const next = splitLocalePath(nextUrl.pathname);
  // The loader's `locale` follows the URL (a language switch reloads the document anyway).
  if (next.locale !== splitLocalePath(currentUrl.pathname).locale) return true;
  return SIGN_IN_DEPENDENT.has(next.path);
}

/**
 * Issue 27 §2 (the input boundary, lib/input-boundary.ts): a page whose path parameter (an id, a
 * session id, a locale) holds NUL or an unpaired surrogate names nothing, for every page's loader
 * and action alike: 404 before any of them reads it (`/test-checkout/%00` reached PostgreSQL,
 * SQLSTATE 22021, as a 500; found by the fuzzer).
 * @throws the 404 of the root's error boundary (NotFoundView)
 */
export function refuseInvalidPathParams(params: Readonly<Record<string, string | undefined>>): void {
  for (const value of Object.values(params))
    if (typeof value === "string" && hasInvalidCharacters(value)) throw data(null, { status: 404 });
}

/**
 * Server middleware: a page path parameter with NUL or an unpaired surrogate is a 404
 * (refuseInvalidPathParams). A response to a request that carries a session cookie, or that sets one, is
 * personal, so it is marked `Cache-Control: private, no-store` (no shared cache or back-forward
 * copy keeps a signed-in page). Every page answer also varies by Cookie, so a cache in front of
 * the site never hands a signed-out copy (header with Login) to a signed-in visitor or back,
 * and by Accept-Language (the locale redirect of unprefixed pages; the support phone in every
 * footer, issue 14 §2). A session that must change its password is sent to /change-password
 * from every other page (issue 27 §2; app/session.ts passwordChangeRedirect).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    // Issue 14 §1: the page's catalogs are loaded before any loader or action translates.
    const { locale } = splitLocalePath(new URL(request.url).pathname);
    const target = preferredLocaleRedirect(request);
    if (target) {
      return siteRedirect(target, {
        status: 302,
        headers: { Vary: "Accept-Language, Cookie", "Cache-Control": "private, no-store" },
      });
    }
    await ensureLocale(locale);
    refuseInvalidPathParams(params);
    // Issue 27 §2: a session that signed in with a password the policy no longer accepts opens
    // nothing but the change-password page (and logout) until it has chosen a new one.
    const change = await passwordChangeRedirect(request, context);
    if (change) {
      return siteRedirect(change, {
        status: 302,
        headers: { Vary: "Accept-Language, Cookie", "Cache-Control": "private, no-store" },
      });
    }
    const response = (await next()) as Response;
    // Every page's answer depends on Accept-Language: an unprefixed page's on the visitor's
    // language and choice (see above), and every page's footer writes the support line for the
    // visitor's region (issue 14 §2: national in the US, international elsewhere).
    if (!/accept-language/i.test(response.headers.get("Vary") ?? "")) {
      response.headers.append("Vary", "Accept-Language");
    }
    if (hasSessionCookie(request) || response.headers.has("Set-Cookie")) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    if (!/\bcookie\b/i.test(response.headers.get("Vary") ?? "")) response.headers.append("Vary", "Cookie");
    return response;
  },
];

/** Document links shared by every page: the stylesheet, favicon and web manifest. */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * Marks the document as scripted before paint, so no-JS fallbacks hide (see app.css `.js`), and
 * reports the browser's time zone in a cookie for server-rendered times (issue 14 §2).
 */
const JS_FLAG = `document.documentElement.classList.add('js');${TIME_ZONE_SCRIPT}`;

/**
 * Document shell shared by every page, including error renders. Header, page and footer are
 * separate Suspense boundaries: React hydrates each in its own task instead of one long one
 * (issue 2 §5, docs/decisions/002). Nothing suspends on the server, so the HTML is complete.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const dir = dirOf(locale);
  const { t } = useTranslation();
  const nonce = useCspNonce();
  // Standards-clean HTML (issue 13 §2, W3C Nu HTML checker): no <style> inside <body>. Mantine's
  // theme variables are written in <head>; its responsive style props become React-hoisted
  // <style precedence="mantine"> elements (deduplicateInlineStyles), which React places in <head>
  // after the site's stylesheets (precedence "base", rendered first), so they win over the
  // components' own rules as they do in Mantine's default setup.
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={false}
        withGlobalClasses={false}
        deduplicateInlineStyles
      >
        <html lang={locale} dir={dir} {...mantineHtmlProps}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="theme-color" content="#1864ab" />
            {/* Issue 13 §1: the response's CSP nonce (issue 29: handed in by entry.server.tsx);
                the browser hides it after parsing, hence no hydration warning for it. */}
            <script
              nonce={nonce}
              suppressHydrationWarning
              // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, no user input
              dangerouslySetInnerHTML={{ __html: JS_FLAG }}
            />
            <ColorSchemeScript forceColorScheme="light" nonce={nonce} suppressHydrationWarning />
            <link rel="stylesheet" href={mantineCssUrl} precedence="base" />
            <link rel="stylesheet" href={appCssUrl} precedence="base" />
            <ThemeVariables />
            <Meta />
            <Links />
          </head>
          <body>
            <Notifications limit={1} autoClose={5000} />
            {/* Issue 29: the icons cards, profiles and match cards repeat, drawn once (app/ui/icons). */}
            <IconSprite />
            <a href="#main" className="skip-link">
              {t("skipToContent")}
            </a>
            <Suspense>
              <Header />
            </Suspense>
            <main id="main" tabIndex={-1}>
              <Suspense>{children}</Suspense>
            </main>
            <Suspense>
              <Footer />
            </Suspense>
            <ScrollToTopButton />
            <ScrollRestoration />
            <Scripts />
          </body>
        </html>
      </MantineProvider>
    </DirectionProvider>
  );
}

/** The app root: renders the matched route and scrolls to the top on navigation. */
export default function App() {
  useEffect(() => {
    // Spec §2: global handlers only log unhandled errors; rejections are logged and suppressed.
    const onError = (e: ErrorEvent) => console.error("Unhandled error:", e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => {
      console.error("Unhandled rejection:", e.reason);
      e.preventDefault();
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    // Issue 6: contact clicks (data-contact-click) on any page are counted by one listener.
    const removeBeacon = installContactBeacon();
    return () => {
      removeBeacon();
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return (
    <>
      <ScrollToTopOnNavigate />
      <Outlet />
      {/* Issue 17 §1: cookie and ad consent, after hydration (a fixed overlay: no layout shift). */}
      <ConsentManager />
    </>
  );
}

/**
 * Root error boundary. A 404 thrown by a loader renders the not-found view (status 404), a 403
 * the site's 403 page (ForbiddenView, issue 15 §1);
 * anything else renders the spec's fallback (spec §8 "Fallback boundary") with Refresh Page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView />;
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <ForbiddenView reason={(error.data as { message?: string } | null)?.message} />;
  }
  if (!isRouteErrorResponse(error)) logBoundaryError(error);
  return <ErrorFallback />;
}
