/**
 * Lawyer analytics on the page side (issue 6 "Analytics for lawyers"; docs/ARCHITECTURE.md
 * "Analytics"): what the profile loader needs to tell a view and a result click (pure functions
 * over the request), and the browser's contact-click beacon.
 *
 * Contact clicks: any element with `data-contact-click="<channel>"` (call, email, website,
 * message, case) inside an element with `data-analytics-lawyer="<lawyer id>"` (or carrying
 * `data-lawyer-id` itself) sends `POST /api/analytics/events` as a beacon (a `keepalive` fetch,
 * which outlives the page like navigator.sendBeacon but may send JSON: Chromium refuses
 * sendBeacon with an application/json Blob) when clicked; one delegated listener on the
 * document (installed by app/root.tsx) serves every page.
 */
import { splitLocalePath } from "../../../lib/i18n/locales.ts";

/** Contact channels the beacon sends (server/analytics/service.ts CONTACT_CHANNELS). */
const CHANNELS = new Set(["call", "email", "website", "message", "case"]);

/**
 * True when `request` is a speculative fetch (a `<link rel="prefetch">` of React Router's
 * `prefetch="intent"`, or a browser's prerender): Chromium sends `Sec-Purpose: prefetch`,
 * older Chromium and Safari `Purpose: prefetch`, Firefox `X-Moz: prefetch`. Such a fetch is not
 * a visit and is not counted.
 */
export function isPrefetchRequest(request: Request): boolean {
  for (const name of ["Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"]) {
    if (/prefetch|prerender|preview/i.test(request.headers.get(name) ?? "")) return true;
  }
  return false;
}

/**
 * Which result list a profile was opened from, by the request's Referer (sent by the browser
 * for the document request without JavaScript and for React Router's data request with it):
 * "search" for the home page or /browse-lawyers, "match" for /personality-matches/… (in any
 * locale: "/de/browse-lawyers" too), null for
 * anything else (another site, a bookmark, the profile itself). Only a Referer of the same
 * origin as `request` counts.
 */
export function clickSourceOf(request: Request): "search" | "match" | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== new URL(request.url).origin) return null;
  // Issue 28 §2: the same pages in every locale ("/de/browse-lawyers", "/ar/personality-matches/…").
  const { path } = splitLocalePath(from.pathname);
  if (path === "/" || path === "/browse-lawyers") return "search";
  if (path.startsWith("/personality-matches/")) return "match";
  return null;
}

/** The beacon body for a click on `target`, or null when it is not a contact link or button. */
export function contactEventOf(
  target: EventTarget | null,
): { type: "contact"; lawyerId: number; channel: string } | null {
  if (!target || typeof (target as Element).closest !== "function") return null;
  const el = (target as Element).closest<HTMLElement>("[data-contact-click]");
  if (!el) return null;
  const channel = el.dataset.contactClick ?? "";
  const id =
    el.dataset.lawyerId ?? el.closest<HTMLElement>("[data-analytics-lawyer]")?.dataset.analyticsLawyer ?? "";
  const lawyerId = Number(id);
  if (!CHANNELS.has(channel) || !Number.isInteger(lawyerId) || lawyerId < 1) return null;
  return { type: "contact", lawyerId, channel };
}

/**
 * Installs the delegated contact-click listener on `doc` (clicks and middle clicks); answers a
 * function that removes it. Sending never blocks or breaks the click: the keepalive request
 * outlives a navigation, its answer is ignored, and any failure is swallowed.
 */
export function installContactBeacon(doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const body = contactEventOf(event.target);
    if (!body) return;
    try {
      void fetch("/api/analytics/events", {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }).catch(() => {});
    } catch {
      // A beacon is best effort; the click goes on regardless.
    }
  };
  doc.addEventListener("click", onClick, { capture: true });
  doc.addEventListener("auxclick", onClick, { capture: true });
  return () => {
    doc.removeEventListener("click", onClick, { capture: true });
    doc.removeEventListener("auxclick", onClick, { capture: true });
  };
}
