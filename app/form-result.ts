/**
 * The pages' one form contract (issue 30 "One form contract"): every page action reads its form
 * with readPageForm (app/form-input.ts) and answers a refused post with one shape, FormResult,
 * through runPageForm: input the zod schema refused and text no field may hold (issue 27 §2) give
 * 400 with each message next to its field; a DomainError of a service (server/errors.ts, the one
 * recogniser: pageErrorOf) keeps its status, its message next to its field or above the form, and
 * on 429 its Retry-After (RFC 9110 §10.2.3); what was typed comes back (never a password), and the
 * messages are in the page's language when the action names its locale (issue 14 §1). The house
 * rule for every 4xx (docs/ARCHITECTURE.md): `{ message, fieldErrors }`, here with the form's
 * `values` and, for a page with several forms, the `intent` that answered.
 */
import { data } from "react-router";
import type { z } from "zod";
import { firstFieldErrors } from "../lib/field-errors.ts";
import type { Locale } from "../lib/i18n/locales.ts";
import { nullRecord } from "../lib/input-boundary.ts";
import { type DomainError, isDomainError, retryAfterHeaders } from "./domain-error.ts";
import { type PageForm, refuseInvalidText } from "./form-input.ts";
import { translateResult } from "./i18n/messages.ts";

/**
 * A refused page form, as its component reads it (`useActionData`).
 * - `intent`: which form of the page answered (pages with several forms), e.g. "message";
 * - `message`: the sentence above the form (a catalog reference or text), absent when every
 *   message sits next to a field;
 * - `fieldErrors`: the first message of each field, next to it;
 * - `values`: what was typed, to fill the form again (never a password).
 */
export interface FormResult<F extends string = string> {
  intent?: string;
  message?: string;
  fieldErrors: Partial<Record<F, string>>;
  values: Partial<Record<F, string>>;
}

/**
 * A refusal a page action raises itself (400 with `fieldErrors`, or any 4xx with a message): a
 * DomainError by shape (app/domain-error.ts), so runPageForm answers it like a service's.
 */
export class FormError extends Error implements DomainError {
  readonly isDomainError = true;
  readonly retryAfterSeconds = undefined;
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;
  readonly fieldErrors: Record<string, string[]> | undefined;

  /**
   * @param status the HTTP status of the answer (4xx)
   * @param message the sentence shown (a catalog reference or text)
   * @param fields the field the message belongs to, or a message per field
   */
  constructor(
    status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429,
    message: string,
    fields?: string | Readonly<Record<string, string>>,
  ) {
    super(message);
    this.status = status;
    this.name = "ValidationError";
    const out = nullRecord<string[]>();
    if (typeof fields === "string") out[fields] = [message];
    else if (fields) for (const [name, text] of Object.entries(fields)) out[name] = [text];
    this.fieldErrors = Object.keys(out).length > 0 ? out : undefined;
  }

  /** The first field with an error. */
  get field(): string | undefined {
    return this.fieldErrors ? Object.keys(this.fieldErrors)[0] : undefined;
  }

  /** The first message of each field (no prototype). */
  get fieldMessages(): Record<string, string> {
    const out = nullRecord<string>();
    for (const [field, list] of Object.entries(this.fieldErrors ?? {})) if (list[0]) out[field] = list[0];
    return out;
  }
}

/**
 * The data of a zod parse, or a 400 FormError naming the first message of each refused field,
 * merged with the form's text no field may hold (`invalid`, PageForm.invalid, which wins).
 * @throws FormError (400) when the parse failed or a field holds NUL or an unpaired surrogate
 */
export function parsedForm<T>(
  parsed: z.ZodSafeParseResult<T>,
  invalid: Readonly<Record<string, string>> = {},
  message = "",
): T {
  if (parsed.success && Object.keys(invalid).length === 0) return parsed.data;
  const fields = Object.assign(
    nullRecord<string>(),
    parsed.success ? {} : (firstFieldErrors(parsed.error) as Record<string, string>),
    invalid,
  );
  throw new FormError(400, message, fields);
}

/**
 * The one recogniser of a failure a page answers itself: a DomainError (app/domain-error.ts) with
 * a status below 500. Anything else is null: the caller rethrows it to the error boundary or
 * answers its fallback (never a stack trace to the visitor).
 */
export function pageErrorOf(error: unknown): DomainError | null {
  return isDomainError(error) && error.status < 500 ? error : null;
}

/** How runPageForm answers a refused form (every option may be left out). */
export interface PageFormSpec<F extends string> {
  /** The form as read: its `invalid` fields are refused (400) before `run`. */
  form?: Pick<PageForm, "invalid"> | null;
  /** The page's locale: the answer's messages are translated into it; absent: references stay. */
  locale?: Locale;
  /** Which form of the page this is (FormResult.intent). */
  intent?: string;
  /** What was typed, sent back (never a password). */
  values?: Partial<Record<NoInfer<F>, string>>;
  /** The fields the form shows: a message of any other field goes above the form. Absent: all. */
  fields?: readonly F[];
  /** Headers of every failure (e.g. the page's security headers); a 429 adds Retry-After. */
  headers?: HeadersInit;
  /** Keep the error's message above the form even when its fields carry messages. */
  keepMessage?: boolean;
  /**
   * The sentence above the form when fields carry their messages (e.g. "check the fields
   * marked"), in place of the error's own; ignored with keepMessage.
   */
  fieldsMessage?: string;
  /** The 429's message (e.g. with the wait in minutes); default the error's own. */
  tooMany?: (error: DomainError) => string;
  /**
   * Called with each DomainError before it is answered; it may throw instead (e.g. the page's
   * 404 for a non-party) or return a FormResult to answer in place of the default.
   */
  refuse?: (error: DomainError) => FormResult<F> | undefined | Promise<FormResult<F> | undefined>;
  /** Properties added to every failure answered, e.g. a discriminator `{ ok: false }`. */
  extra?: Readonly<Record<string, unknown>>;
  /** An unexpected error: logged and answered 500 with `fallback` above the form. Absent: rethrown. */
  unexpected?: { fallback: string; log: (error: unknown) => void };
}

/** The FormResult of a DomainError under `spec` (see PageFormSpec). */
export function formResultOf<F extends string>(
  error: DomainError,
  spec: PageFormSpec<F> = {},
): FormResult<F> {
  const fieldErrors = nullRecord<string>();
  for (const [field, message] of Object.entries(error.fieldMessages ?? {}))
    if (!spec.fields || (spec.fields as readonly string[]).includes(field))
      fieldErrors[field] = message || error.message;
  const placed = Object.keys(fieldErrors).length > 0;
  const message =
    error.status === 429 && spec.tooMany
      ? spec.tooMany(error)
      : !placed || spec.keepMessage
        ? error.message
        : spec.fieldsMessage;
  return {
    ...(spec.intent !== undefined ? { intent: spec.intent } : {}),
    ...(message ? { message } : {}),
    fieldErrors: fieldErrors as Partial<Record<F, string>>,
    values: { ...(spec.values ?? {}) } as Partial<Record<F, string>>,
  };
}

/**
 * A FormResult as the action's answer: `data(result, { status, headers })` with its messages in
 * `locale` when given (app/i18n/messages.ts translateResult).
 */
export function formAnswer<R extends object>(
  result: R,
  status: number,
  { locale, headers }: { locale?: Locale; headers?: HeadersInit } = {},
) {
  return data(locale ? translateResult(locale, result) : result, { status, headers });
}

/**
 * Runs a page form (issue 30 "One form contract"): refuses the form's text no field may hold,
 * then `run` (which parses with parsedForm, calls the service and answers the success, usually a
 * redirect). A DomainError from either is answered as FormResult with its status (429 with
 * Retry-After); anything else is logged and answered 500 with `spec.unexpected.fallback`, or
 * rethrown when the spec has no fallback.
 * @returns what `run` returns, or `data(FormResult)` with a 4xx (or 500) status
 */
export async function runPageForm<F extends string, R>(spec: PageFormSpec<F>, run: () => Promise<R>) {
  try {
    refuseInvalidText(spec.form ?? null);
    return await run();
  } catch (error) {
    const known = pageErrorOf(error);
    if (!known) {
      if (!spec.unexpected) throw error;
      spec.unexpected.log(error);
      const failure: FormResult<F> = {
        ...spec.extra,
        ...(spec.intent !== undefined ? { intent: spec.intent } : {}),
        message: spec.unexpected.fallback,
        fieldErrors: {},
        values: { ...(spec.values ?? {}) } as Partial<Record<F, string>>,
      };
      return formAnswer(failure, 500, spec);
    }
    const result = { ...spec.extra, ...((await spec.refuse?.(known)) ?? formResultOf(known, spec)) };
    const wait = retryAfterHeaders(known);
    const headers = new Headers(spec.headers);
    for (const [name, value] of new Headers(wait)) headers.set(name, value);
    return formAnswer(result, known.status, { locale: spec.locale, headers });
  }
}

/**
 * The one way a component reads a refused form (issue 30 "one form-failure shape"): the
 * FormResult in an action's data (`useActionData`, `fetcher.data`), or null for a success, for
 * no post yet, or for another form's answer when `intent` is given (pages with several forms).
 * Recognised by shape: an object whose `fieldErrors` is an object (a success carries none).
 */
export function formFailureOf<R extends FormResult = FormResult>(
  actionData: unknown,
  intent?: string,
): R | null {
  if (!actionData || typeof actionData !== "object") return null;
  const failure = actionData as Partial<FormResult>;
  if (!failure.fieldErrors || typeof failure.fieldErrors !== "object") return null;
  if (intent !== undefined && failure.intent !== intent) return null;
  return actionData as R;
}
