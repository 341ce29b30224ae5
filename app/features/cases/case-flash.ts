/**
 * The success of a case sent without JavaScript, carried from the page action to the page
 * (post/redirect/get, issue 13 §4): the action redirects to the profile's
 * `?form=case&sent=1#submit-case` with the summary in a cookie, so a reload shows the summary
 * again instead of sending the case twice. The cookie is HttpOnly, Secure, SameSite=Lax, scoped
 * to the profiles of the page's locale (/lawyer, /de/lawyer, …; issue 14 §1) and lives 15 minutes; it holds only what the success screen shows (no document
 * names, no tracking token: the visitor's private link goes by email as with the dialog).
 */
import { z } from "zod";
import { CASE_STATUSES } from "../../../lib/constants.ts";
import { readJsonCookie } from "../../../lib/cookies.ts";
import { type Locale, localizePath } from "../../../lib/i18n/locales.ts";
import type { CaseSuccessSummary } from "./CaseFormModel";

/** The cookie's name. */
export const CASE_FLASH_COOKIE = "lexatlas_case_sent";
/** How long the success view can be reloaded, in seconds. */
export const CASE_FLASH_MAX_AGE = 15 * 60;

/** The profile's success view of the in-page case form for listing `lawyerId`. */
export const SUBMIT_CASE_SENT_PATH = (lawyerId: number) => `/lawyer/${lawyerId}?form=case&sent=1#submit-case`;

const SummarySchema = z.object({
  lawyerId: z.number().int().positive(),
  lawyerName: z.string().max(1000),
  caseTitle: z.string().max(1000),
  caseType: z.string().max(100),
  priority: z.string().max(50),
  status: z.enum(CASE_STATUSES),
  // Issue 28 §4: what the confirmation may promise (a cookie from before it reads as no summary).
  lawyerManaged: z.boolean(),
  documentCount: z.number().int().min(0).max(100),
  caseUrl: z
    .string()
    .regex(/^\/cases\/[0-9a-f-]{36}$/)
    .nullable(),
  clientEmail: z.string().max(255),
});

/**
 * The Set-Cookie header value that carries `summary` to the success view in `locale` (the cookie's
 * path is that locale's profiles: "/lawyer" in English, "/de/lawyer" in German).
 */
export function caseFlashCookie(summary: CaseSuccessSummary, locale: Locale = "en"): string {
  const value = encodeURIComponent(JSON.stringify(summary));
  return `${CASE_FLASH_COOKIE}=${value}; Path=${localizePath("/lawyer", locale)}; Max-Age=${CASE_FLASH_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`;
}

/**
 * The summary the request's flash cookie holds for listing `lawyerId`, or null (no cookie, another
 * listing's, or a value that is not a summary: the cookie is only read, never trusted for more
 * than showing the visitor their own summary back).
 */
export function readCaseFlash(request: Request, lawyerId: number): CaseSuccessSummary | null {
  const parsed = SummarySchema.safeParse(readJsonCookie(request.headers.get("Cookie"), CASE_FLASH_COOKIE));
  return parsed.success && parsed.data.lawyerId === lawyerId ? parsed.data : null;
}
