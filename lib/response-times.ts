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
