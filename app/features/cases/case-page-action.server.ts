/**
 * Submit Case without JavaScript (issue 13 §4; spec §2 "Case form dialog", §5 "Case form", §8;
 * issue 4 "Case submission"): the profile's in-page case form posts multipart/form-data to the
 * lawyer route's action, which calls submitCaseFromPage. The same path as POST /api/cases, by the
 * router context's cases service (never the API over HTTP): the 'case-ip' rate limit, the
 * streaming intake (type checked from the content, 10 MB, 10 files; server/cases/intake.ts), the
 * shared schema (lib/cases.ts CaseSubmissionSchema, through caseFieldErrors) and
 * `cases.submit`. Success redirects (post/redirect/get) to the profile's `?form=case&sent=1`
 * with the summary in a short-lived cookie (case-flash.ts); a failure answers the page with each
 * error next to its field and everything typed kept. Messages travel as catalog references
 * (lib/i18n/message.ts) that the form translates; the success redirect keeps the page's locale
 * (issue 14 §1).
 */
import { data, type RouterContextProvider } from "react-router";
import {
  CASE_DOCUMENT_MAX_BYTES,
  CASE_DOCUMENT_MAX_COUNT,
  CaseSubmissionSchema,
} from "../../../lib/cases.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { INVALID_CHARACTERS_MESSAGE, nullRecord } from "../../../lib/input-boundary.ts";
import { servicesContext } from "../../context";
import { isDomainError, retryAfterHeaders } from "../../domain-error";
import { drainBody } from "../../drain-body";
import type { PageForm } from "../../form-input";
import type { FormResult } from "../../form-result";
import { getT } from "../../i18n/i18n";
import { localizedRedirect, requestLocale } from "../../i18n/locale";
import { translateResult } from "../../i18n/messages";
import { getOptionalUser } from "../../session.server";
import {
  CASE_DIALOG_FIELD,
  CASE_FORM_FIELDS,
  type CaseDialogSent,
  type CaseFieldErrors,
  type CaseFormField,
  type CaseFormValues,
  caseFailureText,
  caseFieldErrors,
  casePayload,
  caseSuccessSummary,
  initialCaseValues,
} from "./CaseFormModel";
import { caseFlashCookie, SUBMIT_CASE_SENT_PATH } from "./case-flash";

/**
 * What the case form (in-page or dialog) shows after a refused post: FormResult (app/form-result.ts)
 * with `intent` "case", the form's fields, and the documents' refusals.
 */
export interface CaseFormFailure extends FormResult<CaseFormField> {
  intent: "case";
  /** The message above the form: what went wrong in a sentence (in the page's language). */
  message: string;
  /** Message per field, shown next to it. */
  fieldErrors: CaseFieldErrors;
  /** Why documents were refused (each names its file; references or text), shown at the file input. */
  documentErrors: string[];
  /** Everything typed, to fill the form again. */
  values: CaseFormValues;
  /** Files were chosen: browsers cannot refill a file input, so the form says to choose them again. */
  filesLost: boolean;
}

/** The message above the form when fields need fixing (a reference to "Please check the highlighted fields."). */
export const CASE_CHECK_FIELDS = msg("cases:errors.checkFields");

/** The most of a refused body read and dropped: ten 10 MB documents and 1 MB of fields (as the intake). */
const DRAIN_MAX_BYTES = CASE_DOCUMENT_MAX_COUNT * CASE_DOCUMENT_MAX_BYTES + 1024 * 1024;

/** The form's values from posted text fields; missing fields keep the form's defaults. */
function valuesFrom(fields: Record<string, string>): CaseFormValues {
  const values = initialCaseValues(null);
  for (const field of CASE_FORM_FIELDS) {
    const value = fields[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/**
 * Handles a Submit Case post to `/lawyer/{lawyerId}` (see the module comment). `form` is the
 * already-read url-encoded form (a case form posted without documents), else the multipart body
 * of `request` is streamed through the intake.
 *
 * Answers a redirect to the profile's success view (303, with the flash cookie), CaseDialogSent
 * (200) when the dialog posted it (CASE_DIALOG_FIELD), or
 * `data(CaseFormFailure)` with 400 (invalid fields), 403/404 (a lawyer's own listing, unknown
 * listing), 413/422 (a refused document, named), 429 (rate limit, with Retry-After) or 500.
 */
export async function submitCaseFromPage({
  request,
  context,
  lawyerId,
  form,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  lawyerId: number;
  /** The url-encoded form as read by app/form-input.ts readPageForm (absent: stream the multipart body). */
  form?: PageForm;
}) {
  const services = context.get(servicesContext);
  const { cases, logger } = services;
  const fields = form ? form.fields : nullRecord<string>();
  // Issue 27 §2: text with NUL or an unpaired surrogate, by field (the url-encoded form's, or the
  // intake's refusal of the multipart one), shown next to its field like any other error.
  let invalidText: Record<string, string> = Object.assign(nullRecord<string>(), form?.invalid);
  let textRefused = false;
  const fail = (status: number, failure: Partial<CaseFormFailure>, headers?: HeadersInit) =>
    data<CaseFormFailure>(
      translateResult(requestLocale(request), {
        intent: "case",
        message: msg("cases:failureToastBody"),
        fieldErrors: {},
        documentErrors: [],
        values: valuesFrom(fields),
        filesLost: false,
        ...failure,
      }),
      { status, headers },
    );

  // As POST /api/cases: counted before the body is read (issue 4).
  try {
    await cases.limitSubmission(services.clientIp(context));
  } catch (error) {
    if (!isDomainError(error) || error.status !== 429) throw error;
    if (!form) await drainBody(request, DRAIN_MAX_BYTES);
    // The wait is written into the message here, in the page's language.
    const locale = requestLocale(request);
    const message = caseFailureText(
      getT(locale, "cases"),
      { message: error.message, retryAfterSeconds: error.retryAfterSeconds },
      locale,
    );
    return fail(429, { message }, retryAfterHeaders(error));
  }

  let documents: Awaited<ReturnType<typeof cases.readPageForm>>["documents"] = [];
  let refused: { status: number; message: string; documents: boolean } | null = null;
  if (!form) {
    try {
      documents = (await cases.readPageForm(request, fields)).documents;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.message === INVALID_CHARACTERS_MESSAGE) {
        invalidText = error.fieldMessages;
        textRefused = true;
      } else
        refused = {
          status: error.status,
          message: error.message,
          documents: error.field === "documents" || error.status === 422,
        };
    }
  }
  const values = valuesFrom(fields);
  // The case form's hidden phoneCountry: the lawyer's country (issue 14 §2, app/ui/PersonInputs.tsx).
  const phoneCountry = fields.phoneCountry ?? null;
  const fieldErrors: CaseFieldErrors = Object.assign(
    nullRecord<string>(),
    caseFieldErrors(values, lawyerId, phoneCountry),
    invalidText,
  );
  const invalid = Object.keys(fieldErrors).length > 0;
  if (refused || invalid) {
    await cases.discardStaged(documents);
    const filesLost = documents.length > 0 || Boolean(refused?.documents) || textRefused;
    if (refused) {
      // As the API: after a 413 the connection is closed (what is left of a body over the limit is not read).
      const headers = refused.status === 413 ? { Connection: "close" } : undefined;
      return fail(
        refused.status,
        {
          message: refused.documents ? msg("cases:errors.documentRefused") : refused.message,
          fieldErrors,
          documentErrors: refused.documents ? [refused.message] : [],
          filesLost,
        },
        headers,
      );
    }
    return fail(400, { message: CASE_CHECK_FIELDS, fieldErrors, filesLost });
  }

  // Validated again by the shared schema: the same payload POST /api/cases stores.
  const payload = CaseSubmissionSchema.parse(casePayload(values, lawyerId, phoneCountry));
  try {
    const submitter = await getOptionalUser(request, context);
    const result = await cases.submit(payload, documents, submitter, requestLocale(request));
    // Issue 27 §2: the submission's signal for the review checks (IP and browser, hashed).
    await services.reviewSignals.record(
      { kind: "case_submitted", userId: submitter?.id ?? null, caseId: result.case.id },
      { ip: services.clientIp(context), device: services.device(context) },
    );
    const summary = caseSuccessSummary(result, payload.clientEmail);
    // The dialog (CaseFormModal, a fetcher) stays on the page: it gets the summary to show.
    if (fields[CASE_DIALOG_FIELD] === "dialog")
      return data<CaseDialogSent>({ intent: "case-sent", sent: summary });
    return localizedRedirect(request, SUBMIT_CASE_SENT_PATH(lawyerId), {
      status: 303,
      headers: { "Set-Cookie": caseFlashCookie(summary, requestLocale(request)) },
    });
  } catch (error) {
    if (isDomainError(error)) {
      // A field the server checks (issue 17 §2: an incident date in the future by its clock) is
      // shown next to that field.
      const field = (CASE_FORM_FIELDS as readonly string[]).includes(error.field ?? "")
        ? (error.field as CaseFormField)
        : null;
      return fail(error.status, {
        message: field ? CASE_CHECK_FIELDS : error.message,
        fieldErrors: field ? { [field]: error.message } : {},
        filesLost: documents.length > 0,
      });
    }
    logger.error({ err: error, lawyerId }, "case form (page) failed");
    return fail(500, { filesLost: documents.length > 0 });
  }
}
