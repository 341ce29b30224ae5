/**
 * The contact form's values as sent (issue 4), and the answer when the server could not be
 * reached: shared by the page's action (server) and its clientAction (browser).
 */
import { data } from "react-router";
import { CONTACT_FIELDS, type ContactField } from "../../../lib/contact.ts";
import { msg } from "../../../lib/i18n/message.ts";
import { readPageForm } from "../../form-input.ts";
import type { ContactActionResult } from "./ContactForm.tsx";

/** The text fields of the sent form (none when the body could not be read). */
export function contactValues(form: FormData | null): Partial<Record<ContactField, string>> {
  const values: Partial<Record<ContactField, string>> = {};
  for (const name of CONTACT_FIELDS) {
    const value = form?.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * The browser's answer to a network failure (offline, server unreachable): a failed result (503)
 * that keeps what was typed, instead of the error page; its message is a catalog reference the
 * form translates.
 */
export async function unreachableResult(request: Request) {
  const values = contactValues((await readPageForm(request).catch(() => null))?.data ?? null);
  // A 5xx status: React Router then does not revalidate the page's loaders over the same
  // broken connection (which would replace the page with the error view).
  return data<ContactActionResult>(
    { ok: false, message: msg("contact:form.failureToastBody"), fieldErrors: {}, values },
    { status: 503 },
  );
}
