/**
 * The document shell of every page (spec §2): Mantine, notifications (at most 1, 5000 ms; spec
 * §9), skip link, header, main landmark, footer, scroll handling and the root error boundary.
 */
import "./zod-jitless";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { Suspense, useEffect } from "react";
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
import { isPremium } from "../lib/subscription.ts";
import type { Route } from "./+types/root";
import { servicesContext } from "./context";
import { installContactBeacon } from "./features/analytics/analytics-beacon";
import type { RootData } from "./seo";
import { accountsOf, getOptionalUser, hasSessionCookie, type UserSummary, userSummary } from "./session";
import appCssUrl from "./styles/app.css?url";
import mantineCssUrl from "./styles/mantine.css?url";
import { ErrorFallback } from "./ui/ErrorFallback";
import { Footer } from "./ui/Footer";
import { Header } from "./ui/Header";
import { NotFoundView } from "./ui/NotFoundView";
import { ScrollToTopButton, ScrollToTopOnNavigate } from "./ui/ScrollToTop";
import { ThemeVariables } from "./ui/ThemeVariables";
import { cssVariablesResolver, theme } from "./ui/theme";

/**
 * Root loader: the site origin for canonical links (app/seo.ts; PUBLIC_URL when configured,
 * otherwise the request's own origin) and the signed-in visitor's summary for the header
 * (issue 3: the server-rendered header already shows the right state). A cookie whose session is
 * unknown, revoked or expired counts as signed out and is removed (spec §4).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  let publicUrl: string | undefined;
  let adPublisherId: string | undefined;
  try {
    const { config } = context.get(servicesContext);
    publicUrl = config.PUBLIC_URL;
    adPublisherId = config.AD_PUBLISHER_ID;
  } catch {
    publicUrl = undefined;
  }
  const origin = (publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  if (!hasSessionCookie(request)) return data<RootLoaderData>({ origin, user: null, adPublisherId });
  const user = await getOptionalUser(request, context);
  if (user) {
    // Issue 6 "Ads": a premium page never learns the publisher id, so never loads the ad script.
    const summary = userSummary(user);
    const ads = isPremium(summary.subscriptionTier) ? undefined : adPublisherId;
    return data<RootLoaderData>({ origin, user: summary, adPublisherId: ads });
  }
  return data<RootLoaderData>(
    { origin, user: null, adPublisherId },
    { headers: { "Set-Cookie": accountsOf(context).clearedSessionCookie() } },
  );
}

/** The root loader's answer: RootData plus the signed-in visitor (null when signed out). */
export interface RootLoaderData extends RootData {
  user: UserSummary | null;
  /** AD_PUBLISHER_ID for visitors who see ads (not premium); unset: house ads only (issue 6). */
  adPublisherId?: string;
}

/** Pages that show or redirect by sign-in state: arriving there refreshes the header's state too. */
const SIGN_IN_DEPENDENT = new Set(["/login", "/signup", "/dashboard"]);

/**
 * The root loader runs again only after a successful form submission (sign-in, sign-up, logout,
 * a password reset: the header must change) and on the way to the pages whose content depends
 * on who is signed in; other navigations reuse it.
 */
export function shouldRevalidate({ formMethod, actionStatus, nextUrl }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET")
    return actionStatus === undefined || actionStatus < 400;
  return SIGN_IN_DEPENDENT.has(nextUrl.pathname);
}

/**
 * Server middleware: a response to a request that carries a session cookie, or that sets one, is
 * personal, so it is marked `Cache-Control: private, no-store` (no shared cache or back-forward
 * copy keeps a signed-in page). Every page answer also varies by Cookie, so a cache in front of
 * the site never hands a signed-out copy (header with Login) to a signed-in visitor or back.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
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

/** Marks the document as scripted before paint, so no-JS fallbacks hide (see app.css `.js`). */
const JS_FLAG = "document.documentElement.classList.add('js')";

/**
 * Document shell shared by every page, including error renders. Header, page and footer are
 * separate Suspense boundaries: React hydrates each in its own task instead of one long one
 * (issue 2 §5, docs/decisions/002). Nothing suspends on the server, so the HTML is complete.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  // Standards-clean HTML (issue 13 §2, W3C Nu HTML checker): no <style> inside <body>. Mantine's
  // theme variables are written in <head>; its responsive style props become React-hoisted
  // <style precedence="mantine"> elements (deduplicateInlineStyles), which React places in <head>
  // after the site's stylesheets (precedence "base", rendered first), so they win over the
  // components' own rules as they do in Mantine's default setup.
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
      deduplicateInlineStyles
    >
      <html lang="en" {...mantineHtmlProps}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1864ab" />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, no user input */}
          <script dangerouslySetInnerHTML={{ __html: JS_FLAG }} />
          <ColorSchemeScript forceColorScheme="light" />
          <link rel="stylesheet" href={mantineCssUrl} precedence="base" />
          <link rel="stylesheet" href={appCssUrl} precedence="base" />
          <ThemeVariables />
          <Meta />
          <Links />
        </head>
        <body>
          <Notifications limit={1} autoClose={5000} />
          <a href="#main" className="skip-link">
            Skip to content
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
    </>
  );
}

/**
 * Root error boundary. A 404 thrown by a loader renders the not-found view (status 404);
 * anything else renders the spec's fallback (spec §8 "Fallback boundary") with Refresh Page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorFallback />;
}
