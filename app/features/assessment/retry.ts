/**
 * "Retried once after 1 second" (spec §7 GET /api/personality/matches, §9 "Data fetching"):
 * the matches page's loader runs the matching service through this.
 */

/** The spec's delay before the one retry, in milliseconds. */
export const RETRY_DELAY_MS = 1000;

/**
 * Runs `fn`; if it throws, waits `delayMs` and runs it once more.
 * @returns the first successful result
 * @throws the second attempt's error when both fail
 */
export async function retryOnce<T>(fn: () => Promise<T>, delayMs: number = RETRY_DELAY_MS): Promise<T> {
  try {
    return await fn();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return fn();
  }
}
