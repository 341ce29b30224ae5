/**
 * The review forms' shared action step (issue 16 §1; the dashboard's reply and report forms and
 * the back office's decision form): reads the posted fields, runs the review service call, and
 * answers a failure as the page's action data in the page's language, keeping what was typed
 * (the forms work without JavaScript). Server-only: the routes' actions call it.
 */
import type { RouterContextProvider } from "react-router";
import { msg } from "../../../lib/i18n/message.ts";
import { servicesContext } from "../../context";
import { readPageForm } from "../../form-input";
import { runPageForm } from "../../form-result";
import { requestLocale } from "../../i18n/locale";

/**
 * Runs `call` with the posted values of `fields` through runPageForm (app/form-result.ts, issue
 * 30); null when it succeeded (the route redirects), else the failure (ReviewActionFailure) (400/403/404/409/429, Retry-After on 429; an unexpected error 500 with a
 * general message, logged); text with NUL or an unpaired surrogate is refused first (400, issue
 * 27 §2). `formId` says which of the page's forms failed (a review id).
 */
export async function runReviewForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fields: readonly string[],
  call: (values: Record<string, string>) => Promise<unknown>,
) {
  const form = await readPageForm(request).catch(() => null);
  const values: Record<string, string> = {};
  for (const name of [...fields, "intent", "reviewId"]) {
    const value = form?.text(name) ?? null;
    if (value !== null) values[name] = value;
  }
  return runPageForm<string, null>(
    {
      form,
      locale: requestLocale(request),
      values,
      keepMessage: true,
      extra: { ok: false, formId: `${values.intent ?? ""}:${values.reviewId ?? ""}` },
      unexpected: {
        fallback: msg("reviews:errors.failed"),
        log: (error) => context.get(servicesContext).logger.error({ err: error }, "review form failed"),
      },
    },
    async () => {
      await call(values);
      return null;
    },
  );
}
