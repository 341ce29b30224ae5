/**
 * The wizard's state and moves (issue 5 "The wizard", QA): which step is shown, the answers and
 * where they are kept, Next, Previous and Get My Matches. AssessmentWizard.tsx draws it.
 *
 * The step lives in the URL (`?step=2`, `?step=3`; step 1 is the plain address) and the answers
 * in the tab's sessionStorage (wizard-storage.ts), so Back, Forward and a reload keep both. Next
 * pushes a history entry; Previous goes back one entry when that entry is the previous step (so
 * Previous and the browser's Back agree, and Forward returns), and otherwise (a step opened
 * directly) replaces the URL with the previous step's.
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
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { splitLocalePath } from "../../../lib/i18n/locales.ts";
import { matchesPath, newSessionId } from "../../../lib/personality.ts";
import { useLocale, useLocaleNavigate } from "../../i18n/locale";
import { postAssessment } from "./submit";
import {
  canGoBack,
  canGoNext,
  canSubmit,
  furthestStep,
  initialAnswers,
  parseStep,
  stepSearch,
  type WizardAnswers,
  type WizardStep,
} from "./wizard";
import { clearAnswers, loadAnswers, saveAnswers, tabStorage } from "./wizard-storage";

/** History state of an entry pushed by Next: the step it was pushed from. */
interface StepState {
  wizardFrom: WizardStep;
}

function pushedFrom(state: unknown): WizardStep | undefined {
  const from = (state as Partial<StepState> | null)?.wizardFrom;
  return from === 1 || from === 2 ? from : undefined;
}

/** What the wizard page draws from, and its moves. */
export interface Wizard {
  /** The step shown. */
  step: WizardStep;
  answers: WizardAnswers;
  /** Sets one answer. */
  set: <K extends keyof WizardAnswers>(key: K, value: WizardAnswers[K]) => void;
  goNext: () => void;
  goBack: () => void;
  /** Sends the answers, then opens the matches page; on failure sets `failed`. */
  submit: () => Promise<void>;
  /** From Get My Matches until the matches page replaces this one (or the submit failed). */
  submitting: boolean;
  /** The last submit failed (the alert shows until dismissed or the next submit). */
  failed: boolean;
  dismissFailure: () => void;
  /** The submit was accepted and the matches page is loading. */
  loadingMatches: boolean;
  /** The step's heading, focused after each step change. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The wizard's state for a page whose loader gave these country codes and this default country.
 * See the module comment for where the step and the answers live.
 */
export function useWizard(
  countries: readonly { value: string }[],
  defaultCountry: string,
  defaultLanguage = "",
): Wizard {
  const navigate = useLocaleNavigate();
  const locale = useLocale();
  const navigation = useNavigation();
  const location = useLocation();
  const urlStep = parseStep(new URLSearchParams(location.search).get("step"));
  const [answers, setAnswers] = useState<WizardAnswers>(() =>
    initialAnswers(defaultCountry, defaultLanguage),
  );
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
    const stored = loadAnswers(tabStorage(), countryCodes, defaultCountry, defaultLanguage);
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
    splitLocalePath(navigation.location.pathname).path.startsWith("/personality-matches/");

  const submit = async () => {
    if (!canSubmit(answers, submitting)) return;
    setSubmitting(true);
    setFailed(false);
    const sessionId = newSessionId();
    try {
      await postAssessment(sessionId, answers, locale);
      // Accepted: the next assessment starts fresh (issue 5 QA).
      clearAnswers(tabStorage());
    } catch (err) {
      console.error("Assessment submit failed:", err);
      setFailed(true);
      setSubmitting(false);
      return;
    }
    // Stays "submitting" until the matches page replaces this one, in the page's locale (issue 28
    // §2: the unprefixed path opened the English page, with the catalogs of this one).
    await navigate(matchesPath(sessionId));
  };

  return {
    step,
    answers,
    set,
    goNext,
    goBack,
    submit,
    submitting,
    failed,
    dismissFailure: () => setFailed(false),
    loadingMatches,
    headingRef,
  };
}
