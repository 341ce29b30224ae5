/**
 * How the account forms' actions answer a failed submission (issue 3 "Screens": "a form keeps
 * what was typed and shows errors next to the fields"; spec §8 login and sign-up errors), in the
 * one form contract (app/form-result.ts FormResult, runPageForm).
 * Used by app/routes/login.tsx, signup.tsx, forgot-password.tsx and reset-password.tsx.
 */

import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../../lib/i18n/locales.ts";
import { servicesContext } from "../../context";
import { tooManyMessage } from "./too-many";

export { tooManyMessage };

import { retryAfterHeaders } from "../../domain-error.ts";
import type { PageForm } from "../../form-input.ts";
import {
  type FormResult,
  formAnswer,
  formResultOf,
  pageErrorOf,
  parsedForm,
  runPageForm,
} from "../../form-result.ts";

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

/**
 * The answer for an exception from the accounts service (FormResult, app/form-result.ts): a
 * DomainError keeps its status and shows its message next to its field when the form has that
 * field, else above the form; a 429 shows how many minutes to wait and carries Retry-After.
 * Anything else is logged by `log` and shows `fallback` (spec §8: 'Login failed. Please try
 * again.'; a catalog reference such as "accounts:login.failed") with status 500. Messages are
 * passed on as they are (reference or text): inLocale translates them.
 * @param fields the form's field names, e.g. ["email", "password"]
 */
export function failedSubmission<F extends string>(
  error: unknown,
  values: Partial<Record<F, string>>,
  fields: readonly F[],
  fallback: string,
  log: (error: unknown) => void,
) {
  const known = pageErrorOf(error);
  if (!known) {
    log(error);
    return formAnswer<FormResult<F>>({ values, fieldErrors: {}, message: fallback }, 500);
  }
  const result = formResultOf(known, { values, fields, tooMany: accountsTooMany });
  return formAnswer(result, known.status, { headers: retryAfterHeaders(known) });
}

/** The 429 message of the account forms: the wait in minutes (tooManyMessage). */
const accountsTooMany = (error: { retryAfterSeconds?: number }) => tooManyMessage(error.retryAfterSeconds);

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
 * The course every account form's action takes (login, sign-up, forgot and change password):
 * runPageForm (app/form-result.ts) with the accounts' rules. Input the shared zod schema refused,
 * or text with NUL or an unpaired surrogate (the form's `invalid` fields, issue 27 §2), answers
 * 400 next to the fields; else `run` gets the parsed input, and an exception from it answers as
 * failedSubmission does (an unexpected one is logged with the request's logger).
 */
export async function submitAccountForm<F extends string, T, R>(
  context: Readonly<RouterContextProvider>,
  parsed: z.ZodSafeParseResult<T>,
  submission: AccountSubmission<F>,
  run: (input: T) => Promise<R>,
) {
  return runAccountForm(context, submission, () => run(parsedForm(parsed, submission.form.invalid)));
}

/**
 * runPageForm (app/form-result.ts) with the account forms' rules: messages in `locale`, a
 * DomainError's message next to its field among `fields` (else above), a 429 with the wait in
 * minutes and Retry-After, an unexpected error logged as `logMessage` and answered 500 with
 * `fallback`.
 */
export async function runAccountForm<F extends string, R>(
  context: Readonly<RouterContextProvider>,
  submission: Omit<AccountSubmission<F>, "form">,
  run: () => Promise<R>,
) {
  const { values, fields, fallback, logMessage, locale = DEFAULT_LOCALE } = submission;
  const log = (err: unknown) => context.get(servicesContext).logger.error({ err }, logMessage);
  return runPageForm<F, R>(
    { locale, values, fields, tooMany: accountsTooMany, unexpected: { fallback, log } },
    run,
  );
}
