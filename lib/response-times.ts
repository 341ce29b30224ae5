/**
 * Measured response times (issue 16 §3): the numbers the statistics, the reminder job, the search
 * filter and the /how-ranking-works page share. Spec §1 promises "lawyers respond within 24
 * hours"; these turn the promise into a measured figure and a process.
 */

/** Days of cases counted in a lawyer's response statistics. */
export const RESPONSE_WINDOW_DAYS = 90;
/** Fewest cases in the window before figures are shown; below it, "New on the platform". */
export const RESPONSE_MIN_SAMPLE = 5;
/** Hours after a case arrives without a lawyer response before the lawyer is reminded by email. */
export const RESPONSE_REMINDER_HOURS = 12;
/** Hours after which an unanswered case is late: the client is told and offered another lawyer. */
export const RESPONSE_DEADLINE_HOURS = 24;

/**
 * Days after arrival during which the response sweep still sends a missed reminder or client
 * notice (a server that was stopped catches up); older unanswered cases get no email.
 */
export const RESPONSE_SWEEP_CATCH_UP_DAYS = 7;
/** Minutes between two runs of the response sweep in the server process. */
export const RESPONSE_SWEEP_EVERY_MINUTES = 15;

/** A lawyer's measured response figures (issue 16 §3 "Names the API uses": `responseStats`). */
export interface ResponseStats {
  /** Median hours to the first response, one decimal; null below RESPONSE_MIN_SAMPLE items. */
  medianFirstResponseHours: number | null;
  /** Share (0..1) of counted items answered within RESPONSE_DEADLINE_HOURS; null below the minimum. */
  answeredWithin24hShare: number | null;
  /** Cases and profile messages counted (see server/responses/stats.ts for which). */
  sampleSize: number;
}

/**
 * How a card or profile states a lawyer's response time (issue 16 §3): `new` below the minimum
 * sample ("New on the platform"), else `hours` (1..48, "within N h"; under an hour reads as 1 h)
 * or `days` (above 48 h, rounded up, "within N days").
 */
export function responseTimeLabel(
  stats: ResponseStats,
): { kind: "new" } | { kind: "hours"; count: number } | { kind: "days"; count: number } {
  const m = stats.medianFirstResponseHours;
  if (m === null || stats.sampleSize < RESPONSE_MIN_SAMPLE) return { kind: "new" };
  if (m > 48) return { kind: "days", count: Math.ceil(m / 24) };
  return { kind: "hours", count: Math.max(1, Math.ceil(m)) };
}

/** Weeks of the response-time trend in a lawyer's analytics (issue 16 §3 "response-time trend"). */
export const RESPONSE_TREND_WEEKS = 12;

/** One week of a lawyer's response-time trend (weeks start on Monday, UTC). */
export interface ResponseTrendWeek {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  weekStart: string;
  /** Items of the week counted (answered, or unanswered for more than 24 h). */
  count: number;
  /** Median first-response hours of the week's counted items, one decimal; null when none. */
  medianHours: number | null;
  /** Share (0..1) of the week's counted items answered within 24 h; null when none. */
  within24hShare: number | null;
}
