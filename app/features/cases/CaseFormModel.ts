/**
 * The case form's rules without React (spec §4 "Case form", §5 "Case form", §9 "Case form
 * options"; issue 4 "Case submission"): the fields of each step, when Next may be pressed, the
 * field errors of the shared schema (lib/cases.ts CaseSubmissionSchema, the same one POST
 * /api/cases uses), the browser-side document checks (type by name, 10 MB, 10 files), the
 * multipart body, the upload with progress (XMLHttpRequest) and how each answer of POST
 * /api/cases is placed in the dialog. Unit-tested in CaseFormModel.test.ts.
 */

import { readApiError } from "../../../lib/api-error.ts";
import type { CaseSummary } from "../../../lib/case-summary.ts";
import {
  CASE_DOCUMENT_MAX_BYTES,
  CASE_DOCUMENT_MAX_COUNT,
  CASE_DOCUMENT_TYPES,
  CASE_STEP_REQUIRED,
  CaseSubmissionSchema,
} from "../../../lib/cases.ts";
import { firstFieldErrors } from "../../../lib/field-errors.ts";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { msg, type Translate, translateMessage } from "../../../lib/i18n/message.ts";

/**
 * The form's fields: every key of the case payload (spec §3) but lawyerId, which the profile gives;
 * issue 17 adds the conflict-check facts (step 1) and the health-data consent (step 3, the
 * checkbox: "true" when ticked, "" when not).
 */
export const CASE_FORM_FIELDS = [
  "caseTitle",
  "caseType",
  "description",
  "priority",
  "dateNeeded",
  "clientName",
  "clientEmail",
  "clientPhone",
  "preferredCommunication",
  "budget",
  "otherParty",
  "incidentPlace",
  "incidentDate",
  "healthDataConsent",
] as const;
/** One field of the case form (a payload key). */
export type CaseFormField = (typeof CASE_FORM_FIELDS)[number];
/** What the form holds: every field as the text of its input ("" when empty). */
export type CaseFormValues = Record<CaseFormField, string>;
/** Field → the message shown next to it. */
export type CaseFieldErrors = Partial<Record<CaseFormField, string>>;
/** The three steps (spec §4): 1 case info, 2 contact, 3 documents. */
export type CaseFormStep = 1 | 2 | 3;

/** The step each field is on (spec §2: step 1 case info, step 2 contact; issue 17 §1: step 3 the consent). */
export const CASE_FIELD_STEP: Record<CaseFormField, CaseFormStep> = {
  caseTitle: 1,
  caseType: 1,
  description: 1,
  priority: 1,
  dateNeeded: 1,
  clientName: 2,
  clientEmail: 2,
  clientPhone: 2,
  preferredCommunication: 2,
  budget: 2,
  otherParty: 1,
  incidentPlace: 1,
  incidentDate: 1,
  healthDataConsent: 3,
};

/**
 * The form's starting values: priority medium and communication email (spec §5 defaults), the
 * signed-in client's name and email when given (issue 4), everything else empty.
 */
export function initialCaseValues(
  prefill?: { clientName: string; clientEmail: string } | null,
): CaseFormValues {
  return {
    caseTitle: "",
    caseType: "",
    description: "",
    priority: "medium",
    dateNeeded: "",
    clientName: prefill?.clientName ?? "",
    clientEmail: prefill?.clientEmail ?? "",
    clientPhone: "",
    preferredCommunication: "email",
    budget: "",
    otherParty: "",
    incidentPlace: "",
    incidentDate: "",
    healthDataConsent: "",
  };
}

/**
 * Whether Next (or Submit, on step 3) may be pressed: every required field of `step` holds more
 * than blanks (spec §4: step 1 caseTitle, caseType, description; step 2 clientName, clientEmail,
 * clientPhone; step 3 always).
 */
export function stepIsFilled(step: CaseFormStep, values: CaseFormValues): boolean {
  const required: readonly CaseFormField[] = CASE_STEP_REQUIRED[step];
  return required.every((field) => values[field].trim() !== "");
}

/**
 * The payload object of `values` for `lawyerId`: empty optional fields are left out (undefined).
 * `phoneCountry` (the lawyer's country, issue 14 §2) is the country a national phone is read in.
 */
export function casePayload(
  values: CaseFormValues,
  lawyerId: number,
  phoneCountry?: string | null,
): Record<string, string | number> {
  const payload: Record<string, string | number> = { lawyerId };
  if (phoneCountry) payload.phoneCountry = phoneCountry;
  for (const field of CASE_FORM_FIELDS) {
    if (values[field].trim() !== "") payload[field] = values[field];
  }
  return payload;
}

/**
 * Every field error of `values` under the shared schema (lib/cases.ts), first message per field;
 * {} when the payload is valid. The same messages the API answers in `message`.
 */
export function caseFieldErrors(
  values: CaseFormValues,
  lawyerId: number,
  phoneCountry?: string | null,
): CaseFieldErrors {
  const result = CaseSubmissionSchema.safeParse(casePayload(values, lawyerId, phoneCountry));
  if (result.success) return {};
  return firstFieldErrors<CaseFormField>(result.error, CASE_FORM_FIELDS);
}

/** The messages of `fieldErrors` (e.g. an API answer's) that belong to the form's fields. */
export function pickCaseFieldErrors(fieldErrors: Record<string, string> | undefined): CaseFieldErrors {
  const picked: CaseFieldErrors = {};
  for (const field of CASE_FORM_FIELDS) {
    const message = fieldErrors?.[field];
    if (message) picked[field] = message;
  }
  return picked;
}

/** The errors of `values` that belong to fields of `step` (what Next checks before moving on). */
export function caseStepErrors(
  step: CaseFormStep,
  values: CaseFormValues,
  lawyerId: number,
  phoneCountry?: string | null,
): CaseFieldErrors {
  const all = caseFieldErrors(values, lawyerId, phoneCountry);
  const errors: CaseFieldErrors = {};
  for (const field of CASE_FORM_FIELDS) {
    if (CASE_FIELD_STEP[field] === step && all[field]) errors[field] = all[field];
  }
  return errors;
}

/**
 * "10 MB", "1.4 MB", "820 KB", "12 bytes": a file size for people (1 MB = 1024 × 1024 bytes),
 * digits and decimal sign of `locale` ("1,4 MB" in German; issue 14 §2).
 */
export function formatFileSize(bytes: number, locale = "en"): string {
  const n = (v: number, digits: number) =>
    numberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(v);
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    // One decimal, cut as toFixed does (1.45 MB reads "1.4 MB"), then the locale's digits.
    return `${n(Number(mb.toFixed(1)), Number.isInteger(mb) ? 0 : 1)} MB`;
  }
  if (bytes >= 1024) return `${n(Math.round(bytes / 1024), 0)} KB`;
  return numberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(bytes);
}

/** The extension of a file name in lower case, "" when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The hint under the document picker in `t`'s language (spec §5 text "max 10MB per file"; issue
 * 4: up to 10 files): "PDF, DOC, DOCX, JPG, JPEG or PNG, max 10MB per file, up to 10 files. Optional."
 */
export function caseDocumentsHint(t: Translate): string {
  return t("documents.hint", {
    ns: "cases",
    maxMb: CASE_DOCUMENT_MAX_BYTES / (1024 * 1024),
    max: CASE_DOCUMENT_MAX_COUNT,
  });
}

/** The file picker's accepted types for the Dropzone: media type → extensions (spec §5). */
export const CASE_DROPZONE_ACCEPT: Record<string, string[]> = Object.entries(CASE_DOCUMENT_TYPES).reduce<
  Record<string, string[]>
>((accept, [ext, type]) => {
  accept[type] = [...(accept[type] ?? []), `.${ext}`];
  return accept;
}, {});

/** The least a document needs for the checks: its name and size in bytes (a File has both). */
export interface DocumentLike {
  name: string;
  size: number;
  lastModified?: number;
}

/**
 * Adds `incoming` documents to `current` the way the browser can check them (spec §5, issue 4):
 * a name ending in pdf, doc, docx, jpg, jpeg or png; at most 10 MB each; at most 10 in all; the
 * same file twice is kept once. The server checks the content again. Answers the new list and
 * one message per file that was not added (empty when all were), as catalog references
 * (`cases:documentErrors.*`, lib/i18n/message.ts) that the page translates; sizes are written
 * for `locale`.
 */
export function addDocuments<T extends DocumentLike>(
  current: readonly T[],
  incoming: readonly T[],
  locale = "en",
) {
  const files = [...current];
  const errors: string[] = [];
  const types = Object.keys(CASE_DOCUMENT_TYPES).join(", ");
  for (const file of incoming) {
    const name = file.name;
    if (!(extensionOf(file.name) in CASE_DOCUMENT_TYPES)) {
      errors.push(msg("cases:documentErrors.type", { name, types }));
    } else if (file.size > CASE_DOCUMENT_MAX_BYTES) {
      // A size that rounds to the limit ("10.0 MB") would read as allowed: say "over 10 MB".
      const limit = formatFileSize(CASE_DOCUMENT_MAX_BYTES, locale);
      const MB = 1024 * 1024;
      const overLimit = Math.round((file.size / MB) * 10) / 10 <= CASE_DOCUMENT_MAX_BYTES / MB;
      errors.push(
        overLimit
          ? msg("cases:documentErrors.tooBigOver", { name, limit })
          : msg("cases:documentErrors.tooBig", { name, size: formatFileSize(file.size, locale), limit }),
      );
    } else if (file.size === 0) {
      errors.push(msg("cases:documentErrors.empty", { name }));
    } else if (
      files.some((f) => f.name === file.name && f.size === file.size && f.lastModified === file.lastModified)
    ) {
      errors.push(msg("cases:documentErrors.duplicate", { name }));
    } else if (files.length >= CASE_DOCUMENT_MAX_COUNT) {
      errors.push(msg("cases:documentErrors.tooMany", { name, max: CASE_DOCUMENT_MAX_COUNT }));
    } else {
      files.push(file);
    }
  }
  return { files, errors };
}

/**
 * The multipart body of POST /api/cases: one text part per non-empty field, `lawyerId`, and one
 * `documents` part per file, in the order attached.
 */
export function caseFormData(
  values: CaseFormValues,
  lawyerId: number,
  documents: readonly File[],
  phoneCountry?: string | null,
): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(casePayload(values, lawyerId, phoneCountry)))
    body.append(key, String(value));
  for (const file of documents) body.append("documents", file, file.name);
  return body;
}

/** The 201 answer of POST /api/cases (issue 4 backend contract). */
export interface CaseSubmitted {
  case: CaseSummary;
  /** "/cases/{id}" for a signed-in client; null for a visitor, who gets the private link by email. */
  caseUrl: string | null;
}

/**
 * What the success screen shows (spec §2 "A success screen shows a case summary"; issue 4): the
 * stored case's summary, how the client follows it (`caseUrl` for a signed-in client, null for a
 * visitor, who gets the private link by email) and the address it was sent from. Small enough to
 * carry in a cookie from the page action to the page (issue 13 §4, post/redirect/get).
 */
export interface CaseSuccessSummary
  extends Pick<
    CaseSubmitted["case"],
    "lawyerId" | "lawyerName" | "caseTitle" | "caseType" | "priority" | "status" | "lawyerManaged"
  > {
  documentCount: number;
  caseUrl: string | null;
  clientEmail: string;
}

/** The success screen's summary of a 201 answer of POST /api/cases sent from `clientEmail`. */
export function caseSuccessSummary(result: CaseSubmitted, clientEmail: string): CaseSuccessSummary {
  const c = result.case;
  return {
    lawyerId: c.lawyerId,
    lawyerName: c.lawyerName,
    caseTitle: c.caseTitle,
    caseType: c.caseType,
    priority: c.priority,
    status: c.status,
    lawyerManaged: c.lawyerManaged,
    documentCount: c.documents.length,
    caseUrl: result.caseUrl,
    clientEmail,
  };
}

/**
 * The field the case dialog adds to its post (value "dialog"): the action then answers the
 * success as CaseDialogSent instead of redirecting (the dialog posts with a fetcher and shows the
 * summary itself; issue 30 "one path": the same route action as the in-page form).
 */
export const CASE_DIALOG_FIELD = "via";

/** The success answer to the dialog's post: the summary its success screen shows. */
export interface CaseDialogSent {
  intent: "case-sent";
  sent: CaseSuccessSummary;
}

/** How a submission ended: the stored case, or the failure with what the server said. */
export type CaseSubmitOutcome =
  | { ok: true; result: CaseSubmitted }
  | {
      ok: false;
      /** HTTP status; 0 when the server could not be reached. */
      status: number;
      message: string;
      /** Message per payload key (400), when the server named fields (readApiError). */
      fieldErrors?: Record<string, string>;
      /** Seconds to wait (429 Retry-After). */
      retryAfterSeconds?: number;
    };

/** The message when the server cannot be reached or answers something unreadable (a catalog reference). */
export const CASE_NETWORK_MESSAGE = msg("cases:errors.network");

/**
 * "30 seconds", "1 minute", "15 minutes", "2 hours": a wait for people (rounded up), in
 * `locale`'s words (Intl.NumberFormat unit style: "15 Minuten", "15 分").
 */
export function formatWait(seconds: number, locale = "en"): string {
  const unit = (value: number, u: "second" | "minute" | "hour") =>
    numberFormat(locale, { style: "unit", unit: u, unitDisplay: "long" }).format(value);
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.ceil(seconds / 3600), "hour");
}

/**
 * The text of a failed submission in `t`'s language: the message (a reference or the server's
 * text) and, after a 429 with Retry-After, "Please try again in 30 minutes."
 */
export function caseFailureText(
  t: Translate,
  failure: { message: string; retryAfterSeconds?: number },
  locale = "en",
): string {
  const text = translateMessage(t, failure.message);
  if (!failure.retryAfterSeconds) return text;
  const wait = formatWait(failure.retryAfterSeconds, locale);
  return `${text.replace(/[.。]?\s*$/, (end) => end.trim() || ".")} ${t("errors.retryIn", { ns: "cases", wait })}`;
}

/**
 * Reads one answer of POST /api/cases: `status` 201 with the CaseSubmitted JSON is success;
 * anything else is a failure carrying the server's message and field messages (readApiError; a
 * generic message, a catalog reference, when the body is not that JSON) and, for 429, the
 * Retry-After seconds (caseFailureText adds the wait to the message). Status 0 (no answer) is the network message.
 */
export function readCaseAnswer(status: number, body: string, retryAfter: string | null): CaseSubmitOutcome {
  let json: unknown = null;
  try {
    json = body ? JSON.parse(body) : null;
  } catch {
    json = null;
  }
  if (status === 201 && json && typeof json === "object" && "case" in json) {
    return { ok: true, result: json as CaseSubmitted };
  }
  if (status === 0) return { ok: false, status, message: CASE_NETWORK_MESSAGE };
  const error = readApiError(json);
  const message =
    error.message ??
    (status >= 500 || status === 201 ? msg("cases:errors.server") : msg("cases:errors.refused", { status }));
  const outcome: CaseSubmitOutcome = { ok: false, status, message };
  if (Object.keys(error.fieldErrors).length > 0) outcome.fieldErrors = error.fieldErrors;
  if (status === 429) {
    const seconds = Number(retryAfter);
    // The wait is added to the message where it is shown (caseFailureText), in the page's language.
    if (Number.isFinite(seconds) && seconds > 0) outcome.retryAfterSeconds = seconds;
  }
  return outcome;
}

/** Where the dialog shows a failure: next to a field, at the documents picker, or above the buttons. */
export type CaseFailurePlace =
  | { kind: "field"; field: CaseFormField; step: CaseFormStep }
  | { kind: "documents"; step: 3 }
  | { kind: "form" };

/**
 * Places a failed submission (issue 4 contract): a 400 naming form fields goes next to the first
 * of them (in the form's order) on its step; one naming `documents`, and every 413, 415 and 422
 * (a bad or too large file), goes to the documents step; anything else (404 unknown lawyer, 429
 * wait, network) above the buttons of the step the person is on.
 */
export function placeCaseFailure(failure: {
  status: number;
  fieldErrors?: Record<string, string>;
}): CaseFailurePlace {
  const named = failure.fieldErrors ?? {};
  const field = CASE_FORM_FIELDS.find((f) => named[f]);
  if (field) return { kind: "field", field, step: CASE_FIELD_STEP[field] };
  if (named.documents || [413, 415, 422].includes(failure.status)) return { kind: "documents", step: 3 };
  return { kind: "form" };
}
