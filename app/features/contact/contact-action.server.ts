/**
 * The contact page's action (issue 4 "Contact form"): stores the form through the contact service
 * (server/contact: a contact_messages row, emailed to SUPPORT_EMAIL), the same one POST
 * /api/contact uses. Server-only: app/routes/contact.tsx's action calls it.
 */

import { data, type RouterContextProvider } from "react-router";
import { msg } from "../../../lib/i18n/message.ts";
import { regionFromAcceptLanguage } from "../../../lib/region.ts";
import { servicesContext } from "../../context.ts";
import type { DomainError } from "../../domain-error.ts";
import { readPageForm } from "../../form-input.ts";
import { runPageForm } from "../../form-result.ts";
import { requestLocale } from "../../i18n/locale";
import type { ContactActionResult } from "./ContactForm.tsx";
import { contactValues } from "./contact-values.ts";

/**
 * Sends the contact form (issue 4): refuses text with NUL or an unpaired surrogate (issue 27 §2),
 * validates it with ContactSchema, stores it and emails it to
 * the support address (services.contact.submit), rate limited per client IP ('contact-ip').
 * Answers ContactActionResult: `{ ok: true }` (200), or the message, the message per field and
 * the typed values with 400, 429 (Retry-After) or 500. Messages are catalog references (or the
 * server's text) that the form translates (issue 14 §1).
 */
export async function submitContact({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const services = context.get(servicesContext);
  const form = await readPageForm(request).catch(() => null);
  const values = contactValues(form?.data ?? null);
  const failure = (message: string, fieldErrors: Record<string, string> = {}) => ({
    message,
    fieldErrors,
    values,
  });
  const spec = {
    extra: { ok: false },
    form,
    values,
    locale: requestLocale(request),
    // A 429 says its own message; any other refusal asks to check the fields next to them.
    refuse: (error: DomainError) =>
      error.status === 429
        ? failure(error.message)
        : failure(msg("contact:form.invalid"), error.fieldMessages),
    unexpected: {
      fallback: msg("contact:form.failureToastBody"),
      log: (err: unknown) => services.logger.error({ err }, "contact form failed"),
    },
  };
  return runPageForm(spec, async () => {
    // A national phone is read in the visitor's region (Accept-Language; issue 14 §2).
    const phoneCountry = regionFromAcceptLanguage(request.headers.get("Accept-Language")) ?? undefined;
    await services.contact.submit(
      { ...values, phoneCountry },
      { ip: services.clientIp(context), locale: requestLocale(request) },
    );
    return data<ContactActionResult>({ ok: true });
  });
}
