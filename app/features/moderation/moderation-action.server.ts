/**
 * The moderation forms' shared action step (issue 15 §3): reads the posted fields, runs the
 * service call, and answers a failure as the page's action data: the message and each field's
 * message in the page's language, with what was typed kept (the forms work without JavaScript).
 * Server-only: the routes' actions call it.
 */
import type { RouterContextProvider } from "react-router";
import { msg } from "../../../lib/i18n/message.ts";
import { servicesContext } from "../../context";
import { type PageForm, readPageForm } from "../../form-input";
import { runPageForm } from "../../form-result";
import { requestLocale } from "../../i18n/locale";

/** The posted text fields named in `fields` (absent ones left out). */
export function formValues(form: PageForm | null, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fields) {
    const value = form?.text(name) ?? null;
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * Runs `call` with the posted values of `fields` through runPageForm (app/form-result.ts);
 * answers null when it succeeded (the route then redirects), else FormResult with status
 * 400/403/404/409/429 (Retry-After on 429), its message above the form and each field's next to
 * it, in the page's language. Text with NUL or an unpaired surrogate in any field is refused first
 * (400, issue 27 §2). An unexpected error is logged and answered 500 with a general message,
 * never the error page.
 */
export async function runForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fields: readonly string[],
  call: (values: Record<string, string>) => Promise<unknown>,
) {
  const form = await readPageForm(request).catch(() => null);
  const values = formValues(form, fields);
  const log = (err: unknown) => context.get(servicesContext).logger.error({ err }, "moderation form failed");
  const spec = {
    form,
    values,
    locale: requestLocale(request),
    keepMessage: true,
    unexpected: { fallback: msg("moderation:errors.failed"), log },
  };
  return runPageForm(spec, async () => {
    await call(values);
    return null;
  });
}
