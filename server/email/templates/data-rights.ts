/**
 * The data-rights emails (issue 17 §4), in the recipient's language: "your data export is ready"
 * (a large export built in the background, GDPR Art. 15/20, answered within one month, Art. 12(3))
 * and "your account will be deleted on …" with the way to cancel during the grace period
 * (Art. 17; lib/privacy.ts ERASURE_GRACE_DAYS). Sent by server/rights.
 */

import { dateTimeFormat } from "../../../lib/i18n/intl-cache.ts";
import { isLocale } from "../../../lib/i18n/locales.ts";
import { type Locale, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** A day written in the recipient's language (UTC: the dates are whole days of the server's clock). */
export function emailDay(date: Date, locale: Locale): string {
  const lang = isLocale(locale) ? locale : "en";
  return dateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** The export-ready email: where to download (the dashboard or the case page) and until when. */
export interface ExportReadyParams {
  /** Absolute link to the page with the download (dashboard, or the case page for a case link). */
  link: string;
  availableUntil: Date;
}

/** The export-ready email's content. */
export function exportReadyContent(p: ExportReadyParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("dataRights.exportReady.subject"),
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t("dataRights.exportReady.intro")] },
      { lines: [{ href: p.link, label: t("dataRights.exportReady.button"), button: true }] },
      { lines: [t("dataRights.exportReady.until", { date: emailDay(p.availableUntil, locale) })] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The export-ready email as `{ subject, html, text }`. */
export function exportReadyEmail(p: ExportReadyParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(exportReadyContent(p, locale), locale);
}

/** The deletion confirmation: the date and the link to the settings where it can be cancelled. */
export interface DeletionScheduledParams {
  firstName: string;
  deletionDate: Date;
  /** Absolute link to the dashboard's "Your data" section (sign in, then "Cancel deletion"). */
  cancelLink: string;
}

/** The deletion confirmation's content. */
export function deletionScheduledContent(p: DeletionScheduledParams, locale: Locale = "en"): EmailContent {
  const t = translator(locale);
  return {
    subject: t("dataRights.deletion.subject"),
    blocks: [
      { lines: [t("common.helloName", { name: p.firstName })] },
      { lines: [t("dataRights.deletion.intro", { date: emailDay(p.deletionDate, locale) })] },
      { lines: [t("dataRights.deletion.cancel")] },
      { lines: [{ href: p.cancelLink, label: t("dataRights.deletion.button"), button: true }] },
      { lines: [t("dataRights.deletion.ignore")] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The deletion confirmation as `{ subject, html, text }`. */
export function deletionScheduledEmail(
  p: DeletionScheduledParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(deletionScheduledContent(p, locale), locale);
}
