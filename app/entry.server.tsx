import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { splitLocalePath } from "../lib/i18n/locales.ts";
import { tileSource } from "../lib/map-tiles.ts";
import { AD_ROUTE_IDS, pageContentSecurityPolicy } from "./content-security-policy";
import { servicesContext as servicesKey } from "./context";
import { CspNonceContext, takeCspNonce } from "./csp-nonce";
import { deferHydration } from "./defer-hydration";
import { ensureLocale, instanceFor } from "./i18n/i18n";

/** Re-exported so the Hono server sets services on the same context key the build uses. */
export { servicesContext } from "./context";

/** Issue 19 §1: the configured map tile host for img-src (none when maps are off or no services run). */
function mapImageSources(loadContext: RouterContextProvider): string[] {
  try {
    const { config } = loadContext.get(servicesKey);
    const source = config.MAP_TILE_URL === "off" ? null : tileSource(config.MAP_TILE_URL);
    return source ? [source] : [];
  } catch {
    return [];
  }
}

/** How long (ms) React Router waits for deferred loader data before the render is aborted. */
export const streamTimeout = 5_000;

/**
 * Renders a document request to HTML. Pages are rendered completely before the response starts
 * (onAllReady) so every visitor and crawler gets the full, final markup and the right status.
 * The finished document is collected into one string so that its scripts can start after the
 * first paint (app/defer-hydration.ts; Lighthouse mobile target, issue 2 §5).
 */

/**
 * Gives a document without a policy of its own (today every page but the case page) the site's
 * Content-Security-Policy (issue 13 §1): with the ad network's hosts only when the page has an ad
 * slot and the root loader handed out a publisher id (a visitor who is not premium, ads set up).
 */
function setPagePolicy(headers: Headers, context: EntryContext, imgSources: readonly string[] = []): void {
  if (headers.has("Content-Security-Policy")) return;
  const rootData = context.staticHandlerContext.loaderData.root as { adPublisherId?: string } | undefined;
  const ads =
    Boolean(rootData?.adPublisherId) &&
    context.staticHandlerContext.matches.some((match) => AD_ROUTE_IDS.has(match.route.id));
  headers.set("Content-Security-Policy", pageContentSecurityPolicy({ ads, imgSources }));
}

/**
 * Renders a document request to HTML (see the comment above) with the page's
 * Content-Security-Policy and a fresh nonce on every script (issue 13 §1), handed to React
 * (csp-nonce.ts; issue 29).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  setPagePolicy(responseHeaders, routerContext, mapImageSources(loadContext));
  // Issue 13 §1, issue 29: the response's nonce goes into the header now and to React, which
  // writes it on every script it renders (no rewrite of the finished HTML).
  const nonce = takeCspNonce(responseHeaders);

  // Issue 14 §1: the page renders in its URL's locale (catalogs loaded by the root middleware;
  // loaded here too for renders that did not pass it).
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  await ensureLocale(locale);
  const i18n = instanceFor(locale);

  return new Promise((resolve, reject) => {
    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </CspNonceContext>,
      {
        // React's own inline scripts (issue 13 §1 strict CSP).
        nonce,
        // Never outline a Suspense boundary into a hidden segment revealed by script: the
        // sections' boundaries (root.tsx, home, browse) only split hydration, and the page must
        // be complete without JavaScript (issue 2 §4). React's default outlines past 12.8 KB.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const html = deferHydration(Buffer.concat(chunks).toString("utf8"), nonce);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Issue 27 §2: every render error is reported, also one inside a Suspense boundary
          // (the root wraps each page in one), which never rejects the shell: before, such a
          // page answered 500 and nothing was logged. An error that also rejects the shell
          // reaches handleError too and counts once.
          reportPageError(loadContext, error);
        },
      },
    );
  });
}

/**
 * Hands an unexpected error of this page request to the server (`services.reportError`,
 * server/ops/request-log.ts): it becomes the cause on the request's error line, written with the
 * one error serializer (issue 27 §2: type, message without values, code, stack frames, cause; no
 * query parameters or personal data). Without services (a build rendered outside server/app.ts)
 * only the error's class is written.
 */
function reportPageError(context: Readonly<RouterContextProvider> | undefined, error: unknown): void {
  try {
    if (context) {
      context.get(servicesKey).reportError(context, error);
      return;
    }
  } catch {
    // no services on this context
  }
  console.error(`page error: ${error instanceof Error ? error.name : typeof error}`);
}

/**
 * Server-side error reporting for loaders, actions and rendering (React Router's handleError).
 * Expected answers (a 404 for a missing lawyer, a 405 for a POST to a page without a form) are
 * shown to the visitor by the error boundary and are not logged as errors; aborted requests are
 * ignored; anything else is reported with reportPageError (issue 27 §2).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    // React Router wraps an error of its own (a bad request to a route) in the response it answers.
    const inner = (error as { error?: unknown }).error;
    reportPageError(context, inner ?? new Error(`${error.status} ${error.statusText}`));
    return;
  }
  reportPageError(context, error);
}
