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
import { useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useNavigate, useNavigation } from "react-router";
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
  initialAnswers,
  progressPercent,
  toPayload,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardStep,
} from "../components/personality/wizard";
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
  const { db, logger, directory } = context.get(servicesContext);
  let countries: CountryOption[] = [];
  try {
    const facets = await directory.getFacets(db, DEFAULT_SEARCH);
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

/** The wizard page. */
export default function PersonalityAssessment() {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [step, setStep] = useState<WizardStep>(1);
  const [answers, setAnswers] = useState<WizardAnswers>(() => initialAnswers(defaultCountry));
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  // After Next or Previous, move focus to the new step's heading so keyboard and screen-reader
  // users start at the top of the step (not on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change
  useEffect(() => {
    if (!stepChanged.current) return;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, [step]);

  const goTo = (next: WizardStep) => {
    stepChanged.current = true;
    setStep(next);
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
          <Progress value={percent} size="lg" radius="xl" aria-label="Assessment progress" />
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
            void submit();
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
                onClick={() => canGoBack(step) && goTo((step - 1) as WizardStep)}
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
                type="button"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                disabled={!canGoNext(step, answers)}
                onClick={() => canGoNext(step, answers) && goTo((step + 1) as WizardStep)}
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
