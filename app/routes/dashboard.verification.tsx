/**
 * /dashboard/verification (issue 15 §2 "Lawyers request verification from their dashboard"): the
 * listing owner's admissions, checks, requests and discipline statements
 * (app/features/verification/VerificationPage.tsx), and the action of its forms (field `intent`):
 * `admission` (add or edit; a new regulator or number resets its licence check), `request`
 * (multipart: what to verify, details, proof files, note; rate-limited under 'verification-user'
 * before the upload is read) and `statement` (on a public disciplinary record). Signed-out
 * visitors go to /login and back; every other account than a lawyer gets 403; a lawyer edits only
 * their own listing (the service takes the listing from the session, never from the form).
 */
// Only this page uses Fieldset: its styles load with it, not on every page.
import "@mantine/core/styles/Fieldset.css";
import { Container } from "@mantine/core";
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { msg } from "../../lib/i18n/message.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import { servicesContext } from "../context";
import { drainBody } from "../drain-body";
import { VerificationPage } from "../features/verification/VerificationPage";
import { readPageForm } from "../form-input";
import { FormError, type FormResult, runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import type { Route } from "./+types/dashboard.verification";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The 403 of an account that is not a lawyer (a catalog reference). */
const NOT_LAWYER = msg("errors:verification.noListing");

/**
 * Requires a signed-in lawyer; answers the owner's view (null without a listing).
 * @throws redirect to /login (signed out), 403 (not a lawyer)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  if (user.role !== "lawyer") throw data({ message: NOT_LAWYER }, { status: 403 });
  return { view: await context.get(servicesContext).verification.ownerView(user) };
}

/** The most of a refused request upload read and dropped (~101 MB: its proofs and fields). */
const DRAIN_MAX_BYTES = 101 * 1024 * 1024;

/** The request form's fields as the service reads them (checkbox names become lists). */
function requestInput(fields: Record<string, string>) {
  const kinds = Object.keys(fields)
    .filter((k) => k.startsWith("kind_") && fields[k] === "on")
    .map((k) => k.slice("kind_".length));
  const admissionIds = Object.keys(fields)
    .filter((k) => k.startsWith("admission_") && fields[k] === "on")
    .map((k) => Number(k.slice("admission_".length)));
  return { ...fields, kinds, admissionIds };
}

/**
 * Runs one form (runPageForm); a success redirects (303) to
 * /dashboard/verification?done=saved|requested|statement in the page's locale; a failure answers
 * FormResult `{ intent, message, fieldErrors, values }` with the error's status, translated, so
 * the form shows what was typed and the errors next to the fields. Text with NUL or an unpaired
 * surrogate is refused with 400 next to its field (issue 27 §2: by readPageForm, and for the
 * multipart request form by the intake's reader).
 * @throws redirect to /login (signed out), 403 (not a lawyer)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  if (user.role !== "lawyer") throw data({ message: NOT_LAWYER }, { status: 403 });
  const { verification, clientIp } = context.get(servicesContext);
  const meta = { ip: clientIp(context) };
  const spec = {
    locale: requestLocale(request),
    keepMessage: true,
    intent: "request",
    values: nullRecord<string>(),
  };
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return runPageForm(spec, async () => {
      try {
        await verification.limitSubmission(user);
      } catch (error) {
        await drainBody(request, DRAIN_MAX_BYTES);
        throw error;
      }
      const form = await verification.readForm(request, spec.values);
      await verification.submitRequest(user, requestInput(spec.values), form.documents, meta);
      return localizedRedirect(request, "/dashboard/verification?done=requested", 303);
    });
  const form = await readPageForm(request);
  const fields = form.fields;
  if (fields.intent === "admission") {
    const intent = fields.formKey?.startsWith("admission-") ? fields.formKey : "admission-new";
    return runPageForm({ ...spec, form, intent, values: fields }, async () => {
      await verification.saveAdmission(user, fields, meta);
      return localizedRedirect(request, "/dashboard/verification?done=saved", 303);
    });
  }
  if (fields.intent === "statement")
    return runPageForm(
      { ...spec, form, intent: `statement-${fields.recordId ?? ""}`, values: fields },
      async () => {
        await verification.setDisciplineStatement(
          user,
          Number(fields.recordId),
          fields.statement ?? "",
          meta,
        );
        return localizedRedirect(request, "/dashboard/verification?done=statement", 303);
      },
    );
  return runPageForm({ ...spec, intent: "unknown" }, async () => {
    throw new FormError(400, msg("errors:verification.invalid"));
  });
}

/** Title; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "listing");
  return pageMeta(site, {
    title: t("verification.metaTitle"),
    description: t("verification.metaDescription"),
    path: "/dashboard/verification",
    noindex: true,
  });
}

/** The verification page of the lawyer's dashboard. */
export default function DashboardVerification() {
  const { view } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormResult | undefined;
  const [params] = useSearchParams();
  return (
    <Container size="md" py="xl">
      <VerificationPage view={view} notice={failure ? null : params.get("done")} failure={failure ?? null} />
    </Container>
  );
}
