/**
 * The assessment wizard (/personality-assessment; spec §2 "Assessment wizard", §4 and §5
 * "Assessment", §8, §9; issue 5 "The wizard"): a progress bar 'Step n of 3' with a percentage;
 * step 1 the eight trait sliders, step 2 communication and approach, step 3 priority focus, case
 * type, complexity, timeline and the optional "Where is your case?" country. The page, its steps,
 * its state and the submission are the assessment feature's (app/features/assessment/:
 * AssessmentWizard.tsx, WizardSteps.tsx, use-wizard.ts, submit.ts); this module wires them to the
 * route.
 *
 * Submitting POSTs the answers from the browser to /api/personality/assessment with a session id
 * made in the browser (a timestamp plus a random string, lib/personality.ts newSessionId), then
 * opens /personality-matches/{id}.
 *
 * Default country: the loader reads the request's `Accept-Language` header and pre-selects the
 * country of the first preferred language range that names a region with lawyers ("en-GB" ->
 * United Kingdom; a bare "fr" selects nothing). See app/features/assessment/accept-language.ts.
 * The answer therefore varies by that header (`Vary: Accept-Language`).
 */
import { type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { AssessmentWizard } from "../features/assessment/AssessmentWizard";
import { loadWizardData } from "../features/assessment/wizard-data.server";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/personality-assessment";

/**
 * The countries that have lawyers, sorted by name, and the visitor's own country among them when
 * the Accept-Language header names one (app/features/assessment/wizard-data.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadWizardData(request, context);
}

/**
 * Moving between steps changes only `?step=`: the country list cannot have changed, so the
 * loader is not asked again (no request per Next, Previous, Back or Forward). Everything else
 * follows React Router's default.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** The default country depends on Accept-Language, so caches must key on it. */
export const headers = pageHeaders({ Vary: "Accept-Language" });

/** Title, description and canonical link of the wizard. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "assessment");
  return pageMeta(site, {
    title: t("meta.wizardTitle"),
    description: t("meta.wizardDescription"),
    path: "/personality-assessment",
  });
};

/** The wizard page; see app/features/assessment/use-wizard.ts for where the step and answers live. */
export default function PersonalityAssessment() {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  return <AssessmentWizard countries={countries} defaultCountry={defaultCountry} />;
}
