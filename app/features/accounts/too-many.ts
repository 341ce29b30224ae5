/** The accounts' "too many attempts" message (issue 3 "Brute force"), shared by the page actions. */
import { ACCOUNT_MESSAGES } from "../../../lib/account.ts";
import { msg } from "../../../lib/i18n/message.ts";

/**
 * The message for too many attempts with the wait in whole minutes (at least 1), as a catalog
 * reference (lib/i18n/message.ts) the page translates, e.g. "accounts:tooManyWait?minutes=15" ->
 * "Too many attempts. Please wait and try again in about 15 minutes." (issue 3 "Brute force";
 * issue 14 §1).
 * @param retryAfterSeconds the service's Retry-After, in seconds; unknown gives `fallback`
 * @param fallback the limit's own message without a wait (default ACCOUNT_MESSAGES.tooMany)
 * @param id the reference of the message with the wait; its ICU argument is `minutes`
 */
export function tooManyMessage(
  retryAfterSeconds: number | undefined,
  fallback: string = ACCOUNT_MESSAGES.tooMany,
  id: `${string}:${string}` = "accounts:tooManyWait",
): string {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return fallback;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return msg(id, { minutes });
}
