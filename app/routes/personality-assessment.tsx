/**
 * The assessment wizard (/personality-assessment; spec §2 "Assessment wizard", §4 and §5
 * "Assessment", §8, §9; issue 5 "The wizard"): a progress bar 'Step n of 3' with a percentage;
 * step 1 the eight trait sliders, step 2 communication and approach, step 3 priority focus, case
 * type, complexity, timeline and the optional "Where is your case?" country. Previous is disabled
 * on step 1, Next on step 2 until a communication preference is chosen, Get My Matches until all
 * six choices are made or while submitting ('Finding Matches...'). Home goes to /.
 *
 * Submitting POSTs the answers from the browser to /api/personality/assessment with a session id
 * made in the browser (a timestamp plus a random string, lib/personality.ts newSessionId), then
 * opens /personality-matches/{id}; while that page loads the wizard says 'Finding Your Perfect
 * Matches'. A failed submit shows the spec's alert text inline (role="alert") and keeps every
 * answer, so the visitor can try again.
 *
 * Default country: the loader reads the request's `Accept-Language` header and pre-selects the
 * country of the first preferred language range that names a region with lawyers ("en-GB" ->
 * United Kingdom; a bare "fr" selects nothing). See components/personality/accept-language.ts.
 * The answer therefore varies by that header (`Vary: Accept-Language`).
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconHome, IconSparkles } from "@tabler/icons-react";
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";
import {
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  COMMUNICATION_STYLES,
  PRIORITY_FOCUSES,
  TIME_PREFERENCES,
} from "../../lib/constants.ts";
import { ASSESSMENT_CASE_TYPE_LABELS, matchesPath, newSessionId } from "../../lib/personality.ts";
import { DEFAULT_SEARCH } from "../../lib/search-params.ts";
import { countryFromAcceptLanguage } from "../components/personality/accept-language";
import { ChoiceCards, type ChoiceOption } from "../components/personality/ChoiceCards";
import {
  APPROACH_COPY,
  type ChoiceCopy,
  COMMUNICATION_COPY,
  COMPLEXITY_COPY,
  FOCUS_COPY,
  TIMELINE_COPY,
} from "../components/personality/options";
import { TraitSliders } from "../components/personality/TraitSliders";
import {
  canGoBack,
  canGoNext,
  canSubmit,
  furthestStep,
  initialAnswers,
  parseStep,
  progressPercent,
  stepSearch,
  toPayload,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardStep,
} from "../components/personality/wizard";
import { clearAnswers, loadAnswers, saveAnswers, tabStorage } from "../components/personality/wizard-storage";
import { servicesContext } from "../context";
import { originFromMatches, pageMeta } from "../seo";
import type { Route } from "./+types/personality-assessment";

/** The alert of a failed submit, verbatim (spec §8 "Assessment submit failure"). */
export const SUBMIT_ERROR = "Sorry, there was an error submitting your assessment. Please try again.";

/** One option of the country select: ISO alpha-2 code and country name. */
interface CountryOption {
  value: string;
  label: string;
}

/**
 * The countries that have lawyers (site-wide facet counts, cached by the search layer), sorted
 * by name, and the visitor's own country among them when the Accept-Language header names one.
 * A failed facet query is logged and leaves the list empty (the select then offers "Anywhere"
 * only); the wizard still works.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { logger, directory } = context.get(servicesContext);
  let countries: CountryOption[] = [];
  try {
    const facets = await directory.getFacets(DEFAULT_SEARCH);
    countries = facets.countries
      .map((c) => ({ value: c.value, label: c.label }))
      .sort((a, b) => a.label.localeCompare(b.label, "en"));
  } catch (err) {
    logger.error({ err }, "assessment: country list failed");
  }
  const defaultCountry = countryFromAcceptLanguage(
    request.headers.get("accept-language"),
    new Set(countries.map((c) => c.value)),
  );
  return { countries, defaultCountry };
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
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language" });

/** Title, description and canonical link of the wizard. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(originFromMatches(matches), {
    title: "Personality Assessment: find a lawyer who suits you",
    description:
      "Answer three short steps about your personality, how you like to communicate and your case, and get personal injury lawyers ranked for you, each with an explained score.",
    path: "/personality-assessment",
  });

/** Visible title and lead of each step (spec §2: personality, communication and approach, case details). */
const STEP_COPY: Record<WizardStep, { title: string; lead: string }> = {
  1: {
    title: "Your Personality",
    lead: "Rate yourself on each trait from 1 to 10. There are no right or wrong answers; 5 is the middle.",
  },
  2: {
    title: "Communication & Approach",
    lead: "How would you like your lawyer to talk with you, and to handle your case?",
  },
  3: {
    title: "Your Case",
    lead: "Tell us what matters most and what kind of case you have.",
  },
};

/** Turns a value → copy table into radio-card options, in the order of `values`. */
function choices<T extends string>(values: readonly T[], copy: Record<T, ChoiceCopy>): ChoiceOption<T>[] {
  return values.map((value) => ({ value, ...copy[value] }));
}

const COMMUNICATION_OPTIONS = choices(COMMUNICATION_STYLES, COMMUNICATION_COPY);
const APPROACH_OPTIONS = choices(APPROACH_STYLES, APPROACH_COPY);
const FOCUS_OPTIONS = choices(PRIORITY_FOCUSES, FOCUS_COPY);
const COMPLEXITY_OPTIONS = choices(CASE_COMPLEXITIES, COMPLEXITY_COPY);
const TIMELINE_OPTIONS = choices(TIME_PREFERENCES, TIMELINE_COPY);
/** Case types with 'General Personal Injury' for Personal Injury (spec §5). */
const CASE_TYPE_OPTIONS: ChoiceOption<(typeof ASSESSMENT_CASE_TYPES)[number]>[] = ASSESSMENT_CASE_TYPES.map(
  (value) => ({ value, label: ASSESSMENT_CASE_TYPE_LABELS[value] }),
);

/**
 * POSTs the assessment (spec §7). Resolves when the server accepted it.
 * @throws Error "{status}: {body text}" (or the status text when the body is empty) for a
 *   non-2xx answer (spec §8), or the fetch error when the request did not complete
 */
async function postAssessment(sessionId: string, answers: WizardAnswers): Promise<void> {
  const response = await fetch("/api/personality/assessment", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(toPayload(sessionId, answers)),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
}

/** History state of an entry pushed by Next: the step it was pushed from. */
interface StepState {
  wizardFrom: WizardStep;
}

function pushedFrom(state: unknown): WizardStep | undefined {
  const from = (state as Partial<StepState> | null)?.wizardFrom;
  return from === 1 || from === 2 ? from : undefined;
}

/**
 * The wizard page. The step lives in the URL (`?step=2`, `?step=3`; step 1 is the plain
 * address) and the answers in the tab's sessionStorage (components/personality/wizard-storage.ts),
 * so Back, Forward and a reload keep both (issue 5 QA). Next pushes a history entry; Previous
 * goes back one entry when that entry is the previous step (so Previous and the browser's Back
 * agree, and Forward returns), and otherwise (a step opened directly) replaces the URL with the
 * previous step's.
 *
 * Rendering without a flash: the server cannot see sessionStorage, so it renders the step the
 * URL names with fresh answers, exactly as the browser's first render does (no hydration
 * mismatch); step 1 is rendered as before. Right after hydration a layout effect reads the
 * stored answers and re-renders with them. We keep the requested step rather than showing
 * step 1 or a placeholder until then: on the common path (a reload, or Back from another page)
 * the layout then stays put and only the filled-in values appear, whereas showing step 1 first
 * would swap the whole card. On a client-side navigation back to the wizard the layout effect
 * runs before paint, so nothing flashes at all. Only then is the step checked against the
 * answers: a URL step the answers do not reach (say ?step=3 with no communication preference)
 * falls back to the first step whose required answers are missing (wizard.ts furthestStep),
 * replacing the URL.
 */
export default function PersonalityAssessment() {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const urlStep = parseStep(new URLSearchParams(location.search).get("step"));
  const [answers, setAnswers] = useState<WizardAnswers>(() => initialAnswers(defaultCountry));
  const [restored, setRestored] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const countryCodes = useMemo(() => new Set(countries.map((c) => c.value)), [countries]);
  // Until the stored answers are read, show what the URL names (as the server did).
  const step: WizardStep = restored ? (Math.min(urlStep, furthestStep(answers)) as WizardStep) : urlStep;

  // Read the stored answers once, after hydration and before the browser paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, with the first loader data
  useLayoutEffect(() => {
    const stored = loadAnswers(tabStorage(), countryCodes, defaultCountry);
    if (stored) setAnswers(stored);
    setRestored(true);
  }, []);

  // Keep the stored copy current (only once it has been read, so defaults never overwrite it).
  useEffect(() => {
    if (restored) saveAnswers(tabStorage(), answers);
  }, [answers, restored]);

  // A URL step the answers do not reach: show and record the step they do reach.
  useEffect(() => {
    if (restored && step !== urlStep) {
      void navigate(
        { pathname: location.pathname, search: stepSearch(step) },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [restored, step, urlStep, navigate, location.pathname]);

  // After a step change (Next, Previous, Back, Forward), move focus to the new step's heading so
  // keyboard and screen-reader users start at the top of the step; not on the first render and
  // not when restoring.
  const shownStep = useRef<WizardStep | null>(null);
  useEffect(() => {
    if (!restored) return;
    const previous = shownStep.current;
    shownStep.current = step;
    if (previous === null || previous === step) return;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, [step, restored]);

  const goNext = () => {
    if (!canGoNext(step, answers)) return;
    const state: StepState = { wizardFrom: step };
    void navigate(
      { pathname: location.pathname, search: stepSearch((step + 1) as WizardStep) },
      { state, preventScrollReset: true },
    );
  };
  const goBack = () => {
    if (!canGoBack(step)) return;
    const previous = (step - 1) as WizardStep;
    if (pushedFrom(location.state) === previous) {
      void navigate(-1);
    } else {
      void navigate(
        { pathname: location.pathname, search: stepSearch(previous) },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  const set = <K extends keyof WizardAnswers>(key: K, value: WizardAnswers[K]) => {
    setAnswers((a) => ({ ...a, [key]: value }));
  };

  const loadingMatches =
    submitting &&
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/personality-matches/");

  const submit = async () => {
    if (!canSubmit(answers, submitting)) return;
    setSubmitting(true);
    setFailed(false);
    const sessionId = newSessionId();
    try {
      await postAssessment(sessionId, answers);
      // Accepted: the next assessment starts fresh (issue 5 QA).
      clearAnswers(tabStorage());
    } catch (err) {
      console.error("Assessment submit failed:", err);
      setFailed(true);
      setSubmitting(false);
      return;
    }
    // Stays "submitting" until the matches page replaces this one.
    await navigate(matchesPath(sessionId));
  };

  const missing = !submitting && !canSubmit(answers, false);
  const percent = progressPercent(step);
  const copy = STEP_COPY[step];
  const countryOptions = [
    { value: "", label: "Anywhere" },
    ...countries.map((c) => ({ value: c.value, label: c.label })),
  ];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 28, md: 36 }}>
            Find Your Perfect Lawyer Match
          </Title>
          <Text c="dimmed" size="lg">
            Answer three short steps about yourself and your case. We rank personal injury lawyers by how well
            they suit you, and explain every score.
          </Text>
        </Stack>

        <noscript>
          <Alert color="yellow" title="This assessment needs JavaScript" role="note">
            Turn on JavaScript to take the assessment, or{" "}
            <Anchor href="/browse-lawyers">browse all lawyers</Anchor> instead.
          </Alert>
        </noscript>

        <div>
          <Group justify="space-between" mb={6}>
            <Text fw={600} data-testid="wizard-step">
              Step {step} of {WIZARD_STEPS}
            </Text>
            <Text size="sm" c="dimmed" data-testid="wizard-percent">
              {percent}% Complete
            </Text>
          </Group>
          <Progress
            value={percent}
            size="lg"
            style={{ "--progress-radius": "var(--mantine-radius-xl)" } as CSSProperties}
            aria-label="Assessment progress"
          />
        </div>

        <Card
          withBorder
          shadow="sm"
          p={{ base: "md", sm: "xl" }}
          component="form"
          aria-labelledby="wizard-step-heading"
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            // Next is the form's submit button on steps 1-2 (Enter moves on, and the form has a
            // submit button: WCAG technique H32, issue 13 §2); the last step's sends it.
            if (step < WIZARD_STEPS) goNext();
            else void submit();
          }}
        >
          {loadingMatches ? (
            <Stack align="center" gap="md" py={48} role="status">
              <Loader size="lg" aria-hidden />
              <Title order={2} size="h3" ta="center">
                Finding Your Perfect Matches
              </Title>
              <Text c="dimmed" ta="center">
                Comparing your answers with every lawyer who handles your kind of case.
              </Text>
            </Stack>
          ) : (
            <Stack gap="lg">
              <div>
                <Title
                  order={2}
                  size="h3"
                  id="wizard-step-heading"
                  ref={headingRef}
                  tabIndex={-1}
                  className="pa-step-heading"
                >
                  {copy.title}
                </Title>
                <Text c="dimmed" mt={4}>
                  {copy.lead}
                </Text>
              </div>

              {step === 1 && (
                <TraitSliders
                  traits={answers.traits}
                  onChange={(trait, value) => set("traits", { ...answers.traits, [trait]: value })}
                />
              )}

              {step === 2 && (
                <Stack gap="xl">
                  <ChoiceCards
                    legend="How do you prefer your lawyer to communicate?"
                    hint="Required to continue."
                    name="communicationPreference"
                    options={COMMUNICATION_OPTIONS}
                    value={answers.communicationPreference}
                    onChange={(v) => set("communicationPreference", v)}
                    required
                  />
                  <ChoiceCards
                    legend="What approach should your lawyer take?"
                    name="approachPreference"
                    options={APPROACH_OPTIONS}
                    value={answers.approachPreference}
                    onChange={(v) => set("approachPreference", v)}
                    required
                  />
                </Stack>
              )}

              {step === 3 && (
                <Stack gap="xl">
                  <ChoiceCards
                    legend="What matters most to you?"
                    name="priorityFocus"
                    options={FOCUS_OPTIONS}
                    value={answers.priorityFocus}
                    onChange={(v) => set("priorityFocus", v)}
                    required
                  />
                  <ChoiceCards
                    legend="What type of case do you have?"
                    name="caseType"
                    options={CASE_TYPE_OPTIONS}
                    value={answers.caseType}
                    onChange={(v) => set("caseType", v)}
                    required
                    columns={4}
                  />
                  <ChoiceCards
                    legend="How complex is your case?"
                    name="caseComplexity"
                    options={COMPLEXITY_OPTIONS}
                    value={answers.caseComplexity}
                    onChange={(v) => set("caseComplexity", v)}
                    required
                  />
                  <ChoiceCards
                    legend="When do you need a lawyer?"
                    name="timePreference"
                    options={TIMELINE_OPTIONS}
                    value={answers.timePreference}
                    onChange={(v) => set("timePreference", v)}
                    required
                  />
                  <NativeSelect
                    label="Where is your case?"
                    description={
                      answers.country && answers.country === defaultCountry
                        ? "Optional. Pre-selected from your browser's language settings; we only match lawyers in the country you choose."
                        : "Optional. We only match lawyers in the country you choose."
                    }
                    name="country"
                    size="md"
                    styles={{ label: { fontWeight: 600 } }}
                    data={countryOptions}
                    value={answers.country}
                    onChange={(e) => set("country", e.currentTarget.value)}
                  />
                </Stack>
              )}

              {failed && (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={20} aria-hidden />}
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={() => setFailed(false)}
                  data-testid="submit-error"
                >
                  {SUBMIT_ERROR}
                </Alert>
              )}
            </Stack>
          )}

          <Group justify="space-between" mt="xl" gap="sm">
            <Group gap="sm">
              <Button
                type="button"
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
                disabled={!canGoBack(step) || submitting}
                onClick={goBack}
              >
                Previous
              </Button>
              <Button
                component={Link}
                to="/"
                variant="subtle"
                leftSection={<IconHome size={18} aria-hidden />}
              >
                Home
              </Button>
            </Group>
            {step < WIZARD_STEPS ? (
              <Button
                type="submit"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                disabled={!canGoNext(step, answers)}
              >
                Next
              </Button>
            ) : (
              <Button
                type="submit"
                leftSection={<IconSparkles size={18} aria-hidden />}
                disabled={!canSubmit(answers, submitting)}
                aria-describedby={missing ? "submit-hint" : undefined}
              >
                {submitting ? "Finding Matches..." : "Get My Matches"}
              </Button>
            )}
          </Group>
          {step === WIZARD_STEPS && missing && (
            <Text size="sm" c="dimmed" ta="right" mt="xs" id="submit-hint">
              Choose an answer to every question to get your matches.
            </Text>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
