/**
 * Personality assessment and matches (issue 5 "Tests and figures"; spec §2 "Assessment wizard",
 * "Matches", §4/§5 "Assessment", §8, §9 "Matching scores"): take the assessment with the
 * keyboard and the mouse, see ranked cards with sub-scores and explanations that agree with
 * the API, open a full profile; a failed submit keeps the answers; Back, Forward and a reload keep
 * the step (in the URL) and the answers (in sessionStorage); an unknown session is a 404;
 * axe finds no serious or critical violation on the wizard and the matches page.
 */

import type { MatchResult } from "../../lib/personality.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

const SUBMIT_ERROR = "Sorry, there was an error submitting your assessment. Please try again.";
/** The wizard's sessionStorage key (app/features/assessment/wizard-storage.ts). */
const STORAGE_KEY = "lexatlas.personality-assessment";
const SUB_SCORE_LABELS = ["Personality", "Communication", "Approach", "Focus", "Availability", "Experience"];

/** Opens the wizard and waits until React owns it (the buttons work only after hydration). */
async function openWizard(page: Page) {
  await page.goto("/personality-assessment");
  await waitForHydration(page.getByRole("button", { name: "Next" }));
}

/** Step 2: communication and approach. */
async function answerStep2(page: Page) {
  await page.getByRole("radio", { name: "Direct" }).check();
  await page.getByRole("radio", { name: "Methodical" }).check();
}

/** Step 3: the four choices (the country keeps its default). */
async function answerStep3(page: Page) {
  await page.getByRole("radio", { name: "Results" }).check();
  await page.getByRole("radio", { name: "General Personal Injury" }).check();
  await page.getByRole("radio", { name: "Complex" }).check();
  await page.getByRole("radio", { name: "Flexible" }).check();
}

test("take the assessment, see ranked and explained matches, open a full profile", async ({
  page,
  request,
}) => {
  await openWizard(page);

  // Step 1: progress, eight sliders at 5, keyboard changes a rating.
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.getByText("33% Complete")).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  const sliders = page.getByRole("slider");
  await expect(sliders).toHaveCount(8);
  for (const name of [
    // Plain labels (issue 19 §4 tact); the trait names are only in the explanation.
    "Trying new approaches",
    "Detail and planning",
    "Staying in touch",
    "Agreement or pushing back",
    "Worry about the case",
    "Speaking up for yourself",
    "Waiting",
    "Email and video calls",
  ]) {
    const slider = page.getByRole("slider", { name });
    await expect(slider).toHaveAttribute("aria-valuenow", "5");
    await expect(slider).toHaveAttribute("aria-valuemin", "1");
    await expect(slider).toHaveAttribute("aria-valuemax", "10");
  }
  const openness = page.getByRole("slider", { name: "Trying new approaches" });
  await openness.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(openness).toHaveAttribute("aria-valuenow", "7");
  await expect(openness).toHaveAttribute("aria-valuetext", "7 out of 10");
  await page.keyboard.press("End");
  await expect(openness).toHaveAttribute("aria-valuenow", "10");
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: Next waits for a communication preference (spec §5), not for the approach.
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.getByText("67% Complete")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Communication & Approach" })).toBeFocused();
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: "Methodical" }).check();
  await expect(next).toBeDisabled();
  // Keyboard: Tab into the communication group, arrows choose.
  await page.getByRole("radio", { name: "Direct" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Empathetic" })).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("radio", { name: "Direct" })).toBeChecked();
  await expect(next).toBeEnabled();
  // Previous keeps the answers of step 1.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("slider", { name: "Trying new approaches" })).toHaveAttribute(
    "aria-valuenow",
    "10",
  );
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("radio", { name: "Direct" })).toBeChecked();
  await next.click();

  // Step 3: all six choices are needed; 'General Personal Injury' is the label of Personal Injury.
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await expect(page.getByText("100% Complete")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  const submit = page.getByRole("button", { name: "Get My Matches" });
  await expect(submit).toBeDisabled();
  await expect(page.getByRole("radio", { name: "Personal Injury", exact: true })).toHaveCount(0);
  await page.getByRole("radio", { name: "Results" }).check();
  await page.getByRole("radio", { name: "General Personal Injury" }).check();
  await page.getByRole("radio", { name: "Complex" }).check();
  await expect(submit).toBeDisabled();
  await page.getByRole("radio", { name: "Flexible" }).check();
  await expect(submit).toBeEnabled();
  await expect(page.getByRole("combobox", { name: "Where is your case?" })).toBeVisible();

  // Hold the POST to see the busy label; check what the browser sends.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent: Record<string, unknown> | undefined;
  await page.route("**/api/personality/assessment", async (route) => {
    sent = route.request().postDataJSON() as Record<string, unknown>;
    await held;
    await route.continue();
  });
  await submit.click();
  await expect(page.getByRole("button", { name: "Finding Matches..." })).toBeDisabled();
  // The route handler runs in the runner process: wait until it has seen the request.
  await expect.poll(() => sent?.sessionId).toMatch(/^\d{13}-[a-z0-9]+$/);
  expect(typeof sent?.personalityTraits).toBe("string");
  expect(JSON.parse(sent?.personalityTraits as string)).toMatchObject({ openness: 10, patience: 5 });
  expect(sent).toMatchObject({
    communicationPreference: "direct",
    approachPreference: "methodical",
    priorityFocus: "results",
    caseType: "Personal Injury",
    caseComplexity: "complex",
    timePreference: "flexible",
  });
  // Hold the matches page's data too: the wizard says 'Finding lawyers who fit your answers' meanwhile.
  let releaseData: () => void = () => {};
  const heldData = new Promise<void>((resolve) => {
    releaseData = resolve;
  });
  let dataRequests = 0;
  await page.route("**/personality-matches/*.data*", async (route) => {
    dataRequests += 1;
    await heldData;
    await route.continue();
  });
  release();
  await expect(
    page.getByRole("status").filter({ hasText: "Finding lawyers who fit your answers" }),
  ).toBeVisible();
  // The page's data request is really being held while the status shows.
  await expect.poll(() => dataRequests).toBe(1);
  await expect(
    page.getByRole("status").filter({ hasText: "Finding lawyers who fit your answers" }),
  ).toBeVisible();
  releaseData();

  // The matches page of that session.
  const sessionId = sent?.sessionId as string;
  await expect(page).toHaveURL(new RegExp(`/personality-matches/${sessionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Your Lawyer Matches" })).toBeVisible();
  // Issue 16 §2: the platform neither chooses nor refers (ABA Model Rule 7.2 cmt. 5).
  await expect(page.getByTestId("not-referral")).toContainText("does not choose a lawyer for you");
  await expect(page.getByRole("link", { name: "Retake Assessment" })).toHaveAttribute(
    "href",
    "/personality-assessment",
  );
  await expect(page.getByRole("link", { name: "Browse All Lawyers" })).toHaveAttribute(
    "href",
    "/browse-lawyers",
  );

  const api = await request.get(`/api/personality/matches/${sessionId}`);
  expect(api.status()).toBe(200);
  const expected = (await api.json()) as MatchResult[];
  expect(
    expected.length,
    "the demo data should give matches for a general personal injury case",
  ).toBeGreaterThan(0);
  const cards = page.getByTestId("match-card");
  await expect(cards).toHaveCount(expected.length);
  for (const [i, match] of expected.entries()) {
    const card = cards.nth(i);
    await expect(card.getByTestId("match-rank")).toHaveText(`#${i + 1} Match`);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(match.lawyer.name);
    await expect(card.getByText(match.lawyer.firm, { exact: true })).toBeVisible();
    await expect(card.getByText("Overall Compatibility")).toBeVisible();
    await expect(card.getByTestId("match-explanation")).toHaveText(match.explanation);
    expect(match.explanation.length).toBeGreaterThan(10);
    await expect(card.getByText(`${match.overallScore.toFixed(1)} out of 10`).first()).toBeAttached();
    const label = card.getByTestId("score-label");
    const s = match.overallScore;
    await expect(label).toHaveText(
      s >= 9 ? "Excellent" : s >= 8 ? "Great" : s >= 7 ? "Good" : s >= 6 ? "Fair" : "Poor",
    );
    await expect(label).toHaveAttribute("data-color", s >= 8 ? "green" : s >= 6 ? "yellow" : "red");
    // The overall bar is the score times 10 per cent (spec §9).
    const fill = card.getByTestId("score-fill").first();
    const width = await fill.evaluate((el) => (el as HTMLElement).style.width);
    expect(width.endsWith("%")).toBe(true);
    expect(Number.parseFloat(width)).toBeCloseTo(s * 10, 6);
    const subScores = card.getByTestId("sub-score");
    await expect(subScores).toHaveCount(6);
    await expect(subScores.locator("dt")).toHaveText(SUB_SCORE_LABELS);
    await expect(subScores.nth(0)).toContainText(`${match.personalityScore.toFixed(1)} out of 10`);
    await expect(subScores.nth(5)).toContainText(`${match.experienceScore.toFixed(1)} out of 10`);
    await expect(card.getByRole("link", { name: match.lawyer.email })).toHaveAttribute(
      "href",
      `mailto:${match.lawyer.email}`,
    );
    await expect(card.getByRole("link", { name: /^Contact Lawyer/ })).toHaveAttribute(
      "href",
      `/lawyer/${match.lawyerId}#submit-case`,
    );
  }
  // Ranked best first.
  const overall = expected.map((m) => m.overallScore);
  expect(overall).toEqual([...overall].sort((a, b) => b - a));

  // View Full Profile opens the first lawyer's profile.
  const first = expected[0] as MatchResult;
  await cards
    .first()
    .getByRole("link", { name: /^View Full Profile/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${first.lawyerId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.lawyer.name);

  // Contact Lawyer opens the same profile with the case form already open; the fragment is
  // dropped, so Back leads to the matches and a reload does not open the form again.
  await page.goBack();
  await cards
    .first()
    .getByRole("link", { name: /^Contact Lawyer/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Legal Case Management" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(first.lawyer.name)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${first.lawyerId}$`));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.lawyer.name);
  await expect(page.getByRole("dialog", { name: "Legal Case Management" })).toHaveCount(0);
});

test("a failed submit shows the spec's alert and keeps every answer", async ({ page }) => {
  await openWizard(page);
  const openness = page.getByRole("slider", { name: "Trying new approaches" });
  await openness.focus();
  await page.keyboard.press("Home");
  await expect(openness).toHaveAttribute("aria-valuenow", "1");
  await page.getByRole("button", { name: "Next" }).click();
  await answerStep2(page);
  await page.getByRole("button", { name: "Next" }).click();
  await answerStep3(page);

  await page.route("**/api/personality/assessment", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
  );
  await page.getByRole("button", { name: "Get My Matches" }).click();
  await expect(page.getByRole("alert").filter({ hasText: SUBMIT_ERROR })).toBeVisible();
  await expect(page).toHaveURL(/\/personality-assessment\?step=3$/);
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  for (const name of ["Results", "General Personal Injury", "Complex", "Flexible"])
    await expect(page.getByRole("radio", { name })).toBeChecked();
  await expect(page.getByRole("button", { name: "Get My Matches" })).toBeEnabled();

  // The server is back: the same answers go through.
  await page.unroute("**/api/personality/assessment");
  await page.getByRole("button", { name: "Get My Matches" }).click();
  await expect(page).toHaveURL(/\/personality-matches\/\d+-[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Lawyer Matches" })).toBeVisible();
  // Accepted: the stored answers are gone, so the next assessment starts fresh.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
  await page.goBack();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page).toHaveURL(/\/personality-assessment\?step=2$/);
  await expect(page.getByRole("radio", { name: "Direct" })).not.toBeChecked();
});

test("Back, Forward and a reload keep the step and the answers (issue 5 QA)", async ({ page }) => {
  // The server renders the URL's step with fresh answers, as the browser's first render does.
  const hydrationErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
  });
  await page.goto("/about");
  await openWizard(page);
  const openness = page.getByRole("slider", { name: "Trying new approaches" });
  await openness.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(openness).toHaveAttribute("aria-valuenow", "7");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/personality-assessment\?step=2$/);
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.getByRole("radio", { name: "Direct" }).check();

  // The browser's Back goes to step 1 (not to the previous page) with the moved slider.
  await page.goBack();
  await expect(page).toHaveURL(/\/personality-assessment$/);
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Personality" })).toBeFocused();
  await expect(openness).toHaveAttribute("aria-valuenow", "7");
  // Forward returns to step 2 with its answer.
  await page.goForward();
  await expect(page).toHaveURL(/\/personality-assessment\?step=2$/);
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Direct" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();

  // Previous is a step back in history too: Forward returns from it.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page).toHaveURL(/\/personality-assessment$/);
  await page.goForward();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();

  // A reload on step 2 keeps the step and every answer.
  await page.reload();
  await waitForHydration(page.getByRole("button", { name: "Next" }));
  await expect(page).toHaveURL(/\/personality-assessment\?step=2$/);
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Direct" })).toBeChecked();
  await page.getByRole("radio", { name: "Methodical" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await answerStep3(page);
  // A reload on step 3 too, then Previous and Back walk down to step 1 with the slider still at 7.
  await page.reload();
  await waitForHydration(page.getByRole("button", { name: "Previous" }));
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  for (const name of ["Results", "General Personal Injury", "Complex", "Flexible"])
    await expect(page.getByRole("radio", { name })).toBeChecked();
  await expect(page.getByRole("button", { name: "Get My Matches" })).toBeEnabled();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Methodical" })).toBeChecked();
  await page.goBack();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(openness).toHaveAttribute("aria-valuenow", "7");
  // One more Back leaves the wizard for the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  expect(hydrationErrors).toEqual([]);
});

test("a direct ?step=3 without the answers falls back; a malformed stored record is ignored", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await context.newPage();
    await page.goto("/personality-assessment?step=3");
    await waitForHydration(page.getByRole("button", { name: "Previous" }));
    // No communication preference yet: step 2 is the first step with a required answer missing.
    await expect(page).toHaveURL(/\/personality-assessment\?step=2$/);
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    // Previous from a step opened directly goes to step 1 within the wizard.
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page).toHaveURL(/\/personality-assessment$/);

    // Out-of-range and unknown values in the stored record are not trusted.
    await page.evaluate(
      (key) =>
        sessionStorage.setItem(
          key,
          JSON.stringify({
            v: 1,
            answers: { traits: { openness: 42, patience: 9 }, communicationPreference: "loud" },
          }),
        ),
      STORAGE_KEY,
    );
    await page.goto("/personality-assessment?step=3");
    await waitForHydration(page.getByRole("button", { name: "Previous" }));
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Direct" })).not.toBeChecked();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("slider", { name: "Trying new approaches" })).toHaveAttribute(
      "aria-valuenow",
      "5",
    );
    await expect(page.getByRole("slider", { name: "Waiting" })).toHaveAttribute("aria-valuenow", "9");
    // Not JSON at all: a fresh wizard.
    await page.evaluate((key) => sessionStorage.setItem(key, "{not json"), STORAGE_KEY);
    await page.reload();
    await waitForHydration(page.getByRole("button", { name: "Next" }));
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByRole("slider", { name: "Waiting" })).toHaveAttribute("aria-valuenow", "5");
  } finally {
    await context.close();
  }
});

test("the country defaults to the visitor's own from Accept-Language", async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    locale: "en-GB",
  });
  try {
    const page = await context.newPage();
    await openWizard(page);
    await page.getByRole("button", { name: "Next" }).click();
    await answerStep2(page);
    await page.getByRole("button", { name: "Next" }).click();
    const country = page.getByRole("combobox", { name: "Where is your case?" });
    await expect(country).toHaveValue("GB");
    await expect(country.locator("option").first()).toHaveText("Anywhere");
  } finally {
    await context.close();
  }
});

test("an unknown session answers 404 with a way to retake the assessment", async ({ page }) => {
  const response = await page.goto("/personality-matches/1700000000000-unknownsession");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Assessment Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retake Assessment" })).toHaveAttribute(
    "href",
    "/personality-assessment",
  );
  const malformed = await page.goto("/personality-matches/not%20a%20session");
  expect(malformed?.status()).toBe(404);
});

test("the header's Personality Match link opens the wizard", async ({ page }) => {
  await page.goto("/about");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Personality Match" })
    .click();
  await expect(page).toHaveURL(/\/personality-assessment$/);
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
});

test("axe: no serious or critical violation on the wizard (each step) and the matches page", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await context.newPage();
    await openWizard(page);
    await expectNoSeriousViolations(page, "wizard step 1");
    await page.getByRole("button", { name: "Next" }).click();
    await answerStep2(page);
    await expectNoSeriousViolations(page, "wizard step 2");
    await page.getByRole("button", { name: "Next" }).click();
    await answerStep3(page);
    await expectNoSeriousViolations(page, "wizard step 3");
    await page.getByRole("button", { name: "Get My Matches" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Lawyer Matches" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolations(page, "matches");
    await page.goto("/personality-matches/1700000000000-unknownsession");
    await expectNoSeriousViolations(page, "matches not found");
  } finally {
    await context.close();
  }
});
