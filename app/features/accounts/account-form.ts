/**
 * What the account forms' actions answer when a submission fails (issue 3 "Screens": "a form
 * keeps what was typed and shows errors next to the fields"; spec §8 login and sign-up errors).
 * Used by app/routes/login.tsx, signup.tsx, forgot-password.tsx and reset-password.tsx.
 */

import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../lib/account.ts";
import { firstFieldErrors } from "../../../lib/field-errors.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../lib/i18n/locales.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { nullRecord } from "../../../lib/input-boundary.ts";
import { servicesContext } from "../../context";
import { isDomainError, retryAfterHeaders } from "../../domain-error.ts";
import type { PageForm } from "../../form-input.ts";
import { translateResult } from "../../i18n/messages";

/**
 * A failed submission: the typed values (never a password), one message per field, and a message
 * for the whole form when the failure belongs to no field.
 */
export interface FormFailure<F extends string = string> {
  values: Partial<Record<F, string>>;
  fieldErrors: Partial<Record<F, string>>;
  formError?: string;
}

/**
 * The text values of `names` in `form` (app/form-input.ts; files and missing fields left out),
 * e.g. to send the typed email back with an error. Never pass password fields.
 */
export function typedValues<F extends string>(
  form: Pick<PageForm, "text">,
  names: readonly F[],
): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const name of names) {
    const value = form.text(name);
    if (value !== null) values[name] = value;
  }
  return values;
}

/** The first message of each top-level field of a zod error, e.g. { email: "Please enter …" }. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  return firstFieldErrors(error) as Record<string, string>;
}

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

/**
 * A 400 answer for input the shared zod schema refused (`error`), or whose text the input
 * boundary refused (`invalid`: PageForm.invalid, issue 27 §2; it wins over the schema's message
 * of the same field): each message next to its field.
 */
export function invalidSubmission<F extends string>(
  values: Partial<Record<F, string>>,
  error: z.ZodError | null,
  invalid: Readonly<Record<string, string>> = {},
) {
  const fieldErrors = Object.assign(nullRecord<string>(), error ? zodFieldErrors(error) : {}, invalid);
  const failure: FormFailure<F> = { values, fieldErrors: fieldErrors as Partial<Record<F, string>> };
  return data(failure, { status: 400 });
}

/**
 * The answer for an exception from the accounts service. A DomainError keeps its status and
 * shows its message next to `field` when the form has that field, else above the form; a 429
 * shows how many minutes to wait and carries Retry-After. Anything else is logged by `log` and
 * shows `fallback` (spec §8: 'Login failed. Please try again.', 'Sign up failed. Please try
 * again.'; a catalog reference such as "accounts:login.failed") with status 500. Messages are
 * passed on as they are (reference or text): the page translates them.
 * @param fields the form's field names, e.g. ["email", "password"]
 * @param locale the page's locale, for the wait of a 429 (issue 14 §1; default English)
 */
export function failedSubmission<F extends string>(
  error: unknown,
  values: Partial<Record<F, string>>,
  fields: readonly F[],
  fallback: string,
  log: (error: unknown) => void,
) {
  if (!isDomainError(error)) {
    log(error);
    const failure: FormFailure<F> = { values, fieldErrors: {}, formError: fallback };
    return data(failure, { status: 500 });
  }
  if (error.status === 429) {
    const failure: FormFailure<F> = {
      values,
      fieldErrors: {},
      formError: tooManyMessage(error.retryAfterSeconds),
    };
    return data(failure, { status: 429, headers: retryAfterHeaders(error) });
  }
  const message = error.message || fallback;
  const field = fields.find((f) => f === error.field);
  const failure: FormFailure<F> = field
    ? { values, fieldErrors: { [field]: message } as Partial<Record<F, string>> }
    : { values, fieldErrors: {}, formError: message };
  return data(failure, { status: error.status });
}

/**
 * An action's `data()` answer with its messages in `locale` (app/i18n/messages.ts
 * translateResult): `inLocale(requestLocale(request), invalidSubmission(values, error))`.
 */
export function inLocale<D extends object>(locale: Locale, answer: { data: D; init: ResponseInit | null }) {
  return data(translateResult(locale, answer.data), answer.init ?? undefined);
}

/** What `submitAccountForm` needs besides the parse: see there. */
export interface AccountSubmission<F extends string> {
  /** The form as read (app/form-input.ts readPageForm): its `invalid` fields are refused. */
  form: Pick<PageForm, "invalid">;
  /** What was typed, sent back with a failure (never a password). */
  values: Partial<Record<NoInfer<F>, string>>;
  /** The form's field names, e.g. ["email", "password"]. */
  fields: readonly F[];
  /** The form-level message of an unexpected failure (spec §8). */
  fallback: string;
  /** The log line of an unexpected failure, e.g. "login failed". */
  logMessage: string;
  /** The page's locale: the failure's messages are answered in it (issue 14 §1; default English). */
  locale?: Locale;
}

/**
 * The course every account form's action takes (login, sign-up, forgot password): input the
 * shared zod schema refused, or text with NUL or an unpaired surrogate (the form's `invalid`
 * fields, issue 27 §2), answers `invalidSubmission`; else `run` gets the parsed input, and an
 * exception from it answers `failedSubmission` (an unexpected one is logged with the request's
 * logger).
 */
export async function submitAccountForm<F extends string, T, R>(
  context: Readonly<RouterContextProvider>,
  parsed: z.ZodSafeParseResult<T>,
  submission: AccountSubmission<F>,
  run: (input: T) => Promise<R>,
) {
  const { form, values, fields, fallback, logMessage, locale = DEFAULT_LOCALE } = submission;
  const translated = <D extends object>(answer: { data: D; init: ResponseInit | null }) =>
    inLocale(locale, answer);
  if (!parsed.success || Object.keys(form.invalid).length > 0)
    return translated(invalidSubmission<F>(values, parsed.success ? null : parsed.error, form.invalid));
  try {
    return await run(parsed.data);
  } catch (error) {
    return translated(
      failedSubmission<F>(error, values, fields, fallback, (err) =>
        context.get(servicesContext).logger.error({ err }, logMessage),
      ),
    );
  }
}
