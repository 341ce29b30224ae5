/**
 * The visitor's time zone (issue 14 §2 "times in the visitor's time zone"): the browser reports
 * its IANA zone in the `lexatlas_tz` cookie (a one-line script in the document head), so the
 * server renders dates and times in it and the hydrated page agrees. Until the first page has
 * set it, the server renders UTC (and says so where a time is shown) and the page re-renders in
 * the browser's zone right after hydration (app/i18n/format.ts useTimeZone, issue 28 §5).
 */
import { readCookie } from "../cookies.ts";
import { dateTimeFormat } from "./intl-cache.ts";

/** Cookie that carries the browser's IANA time zone, e.g. "Europe/Berlin". */
export const TIME_ZONE_COOKIE = "lexatlas_tz";

/** The zone used before the browser has reported one. */
export const DEFAULT_TIME_ZONE = "UTC";

/** True when `zone` is an IANA time zone this runtime knows (so Intl accepts it). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  try {
    dateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone this JavaScript runtime runs in (the browser's IANA zone, e.g. "Pacific/Auckland"), or
 * null when it reports none Intl accepts. Read in the browser after hydration (app/i18n/format.ts
 * useTimeZone); never throws.
 */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The time zone in a `Cookie` header, or UTC when absent, not decodable or not a real zone (read
 * by lib/cookies.ts readCookie, which never throws; issue 27).
 */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string {
  const value = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/**
 * The head script that stores the browser's zone in the cookie (one year, Lax); constant text,
 * so it runs under the page's nonce-based CSP like the other head script.
 */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("${TIME_ZONE_COOKIE}="+encodeURIComponent(z))<0)document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;
