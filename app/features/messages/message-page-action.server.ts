/**
 * Send Message without JavaScript (issue 13 §4; spec §2 "Lawyer profile", §3 "CustomerMessage";
 * issue 4 "Tracking and messages"): the profile's in-page message form posts to the lawyer
 * route's action, which calls sendMessageFromPage. The same domain function as POST
 * /api/lawyers/{id}/messages (`services.messages.send`, by the router context): validated with
 * the shared CustomerMessageSchema (lib/messages.ts), rate limited by 'message-ip', stored for the
 * lawyer's inbox and notified by email. Success redirects (post/redirect/get) to the profile's
 * `?form=message&sent=1#send-message`, which shows the spec's success text; a failure answers the
 * page with each error next to its field and everything typed kept. Messages travel as catalog
 * references (lib/i18n/message.ts) that the form translates; the redirect keeps the page's
 * locale (issue 14 §1). The dialog (SendMessageModal.tsx) posts here too, with a fetcher
 * (`?dialog=1`, message-dialog.ts): its success is answered as data, not redirected (issue 30).
 */

import { data, type RouterContextProvider } from "react-router";
import { localizePath } from "../../../lib/i18n/locales.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { CUSTOMER_MESSAGE_FIELDS, type CustomerMessageField } from "../../../lib/messages.ts";
import { siteRedirect } from "../../../lib/redirects.ts";
import { regionFromAcceptLanguage } from "../../../lib/region.ts";
import { servicesContext } from "../../context";
import { isDomainError, retryAfterHeaders } from "../../domain-error";
import { type PageForm, refuseInvalidText } from "../../form-input";
import type { FormResult } from "../../form-result";
import { requestLocale } from "../../i18n/locale";
import { translateResult } from "../../i18n/messages";
import { isMessageDialogPost, type MessageDialogAnswer } from "./message-dialog";

/** The form's values, every field as typed ("" when empty). */
export type MessageFormValues = Record<CustomerMessageField, string>;

/**
 * What the in-page message form shows after a refused post (the action's data, `intent`
 * "message"): the one form-failure shape (app/form-result.ts FormResult, issue 30).
 */
export interface MessageFormFailure extends FormResult<CustomerMessageField> {
  intent: "message";
  /** The message above the form (a catalog reference or the server's text). */
  message: string;
  /** Message per field, shown next to it. */
  fieldErrors: Partial<Record<CustomerMessageField, string>>;
  /** Everything typed, to fill the form again. */
  values: MessageFormValues;
}

/** The profile's success view of the in-page message form for listing `lawyerId`. */
export const SEND_MESSAGE_SENT_PATH = (lawyerId: number) =>
  `/lawyer/${lawyerId}?form=message&sent=1#send-message`;

/** The form's values from a posted form; missing fields are "". */
export function messageValuesFrom(form: FormData | null): MessageFormValues {
  const values = { name: "", email: "", phone: "", subject: "", message: "" };
  for (const field of CUSTOMER_MESSAGE_FIELDS) {
    const value = form?.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/**
 * Handles a Send Message post (`form`, already read) to `/lawyer/{lawyerId}` (see the module
 * comment); `request`, when given, keeps the redirect in the page's locale. Answers a 303 redirect to the success view
 * (for the dialog's post: `data({ intent: "message", sent: true })`), or `data(MessageFormFailure)` with 400
 * (invalid fields; text with NUL or an unpaired surrogate too, issue 27 §2), 404 (unknown
 * listing), 429 (rate limit, with Retry-After) or 500.
 */
export async function sendMessageFromPage({
  request,
  context,
  lawyerId,
  form,
  acceptLanguage,
}: {
  request?: Request;
  context: Readonly<RouterContextProvider>;
  lawyerId: number;
  /** The form as read by app/form-input.ts readPageForm. */
  form: PageForm;
  /** The request's Accept-Language: its region is the country a national phone is read in (issue 14 §2). */
  acceptLanguage?: string | null;
}) {
  const services = context.get(servicesContext);
  const values = messageValuesFrom(form.data);
  // Issue 14 §2, issue 28 §4: a national phone is read in the Accept-Language region, else in the
  // lawyer's own country (as the API does, server/api/phone-country.ts).
  const phoneCountry =
    regionFromAcceptLanguage(acceptLanguage ?? request?.headers.get("Accept-Language")) ??
    (await services.directory.getLawyer(lawyerId))?.countryCode ??
    undefined;
  const locale = request ? requestLocale(request) : "en";
  const fail = (status: number, message: string, fieldErrors = {}, headers?: HeadersInit) =>
    data<MessageFormFailure>(translateResult(locale, { intent: "message", message, fieldErrors, values }), {
      status,
      headers,
    });
  try {
    refuseInvalidText(form);
    // Issue 17 §4: a signed-in sender's message belongs to the account (export, erasure).
    const sender = request ? await services.accounts.userFromRequest(request) : null;
    await services.messages.send(
      lawyerId,
      { ...values, phoneCountry },
      { ip: services.clientIp(context), locale, senderUserId: sender?.user.id ?? null },
    );
    // Issue 30: the dialog's fetcher gets its answer as data (a redirect would leave the dialog).
    if (request && isMessageDialogPost(request.url))
      return data<MessageDialogAnswer>({ intent: "message", sent: true });
    return siteRedirect(localizePath(SEND_MESSAGE_SENT_PATH(lawyerId), locale), 303);
  } catch (error) {
    if (!isDomainError(error)) {
      services.logger.error({ err: error, lawyerId }, "message form (page) failed");
      return fail(500, msg("messages:failureBody"));
    }
    if (error.status === 429) {
      return fail(429, error.message, {}, retryAfterHeaders(error));
    }
    if (error.status === 400) return fail(400, msg("messages:invalid"), error.fieldMessages);
    return fail(error.status, error.message);
  }
}
