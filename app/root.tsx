/**
 * The document shell of every page (spec §2): Mantine, notifications (at most 1, 5000 ms; spec
 * §9), skip link, header, main landmark, footer, scroll handling and the root error boundary.
 */
import "./styles/mantine.css";
import "./styles/app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorFallback } from "./components/ErrorFallback";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { NotFoundView } from "./components/NotFoundView";
import { ScrollToTopButton, ScrollToTopOnNavigate } from "./components/ScrollToTop";
import { cssVariablesResolver, theme } from "./components/theme";
import { servicesContext } from "./context";
import type { RootData } from "./seo";

/**
 * Root loader: the site origin for canonical links (app/seo.ts). PUBLIC_URL when configured,
 * otherwise the request's own origin.
 */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  let publicUrl: string | undefined;
  try {
    publicUrl = context.get(servicesContext).config.PUBLIC_URL;
  } catch {
    publicUrl = undefined;
  }
  const origin = (publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
  return { origin };
}

/** The root loader's answer never changes within a session; don't refetch it on navigation. */
export function shouldRevalidate() {
  return false;
}

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
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1864ab" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, no user input */}
        <script dangerouslySetInnerHTML={{ __html: JS_FLAG }} />
        <ColorSchemeScript forceColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
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
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
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
    return () => {
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
