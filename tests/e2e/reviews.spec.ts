import { generateSync } from "otplib";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { messagesTo, waitForLink } from "./support/outbox.ts";
import { E2E_REVIEWS_LINK_FILE, E2E_REVIEWS_MODERATOR_EMAIL, staffLinkPath } from "./support/staff.ts";
import { type BrowserContext, expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * Engagement-verified reviews in the browser (issue 16 §1 "browser journeys cover engage → close
 * → invite → review → reply → report → moderate"):
 * 1. a visitor's case to the demo lawyer: the lawyer marks it engaged, then closed; the client's
 *    invitation email (read from the server's outbox) links to the case page, which says from
 *    which day the review opens (engagement + 14 days: the window is not open yet);
 * 2. the server's clock is not moved in the browser (other journeys share the server), so the
 *    review is written on the demo client's demo engagement, engaged 20 days before seeding
 *    (server/seed/demo-accounts.ts): stars, title, text; a link in the text is refused next to
 *    the field with what was typed kept; then published;
 * 3. the demo lawyer replies once and reports it (/dashboard/reviews);
 * 4. a moderator from staff:create (TOTP) finds it in the `reviews` queue and keeps it published
 *    (a report is not a reason), and the profile shows it with the reply, the distribution and
 *    "Verified client — engaged {month year}".
 * The 14-day boundary itself is tested on the injectable clock (server/reviews/reviews.test.ts,
 * server/api/reviews.test.ts).
 */

const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };
const DEMO_CLIENT = { email: "client@demo.lexatlas.example", password: "lexatlas-client-demo" };
const PASSWORD = "reviews moderator 2026";

async function newPage(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(who.password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function moderatorSignIn(page: Page) {
  await page.goto(staffLinkPath(E2E_REVIEWS_LINK_FILE));
  await page.getByRole("textbox", { name: /^New password/ }).fill(PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await page.getByLabel("Email").fill(E2E_REVIEWS_MODERATOR_EMAIL);
  await page.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await page
    .getByRole("textbox", { name: /^Code/ })
    .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
}

test("engage, close and invite; review, reply and report; a moderator keeps it; the profile shows it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const lawyerContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const lawyer = await newPage(lawyerContext);
  await signIn(lawyer, DEMO_LAWYER);
  const me = await lawyerContext.request.get("/api/auth/me");
  const lawyerId = ((await me.json()) as { lawyerId: number }).lawyerId;

  // 1. A visitor's case; the lawyer engages, then closes it; the invitation arrives.
  const clientEmail = `reviews.${stamp}@example.org`;
  const title = `Cycling accident ${stamp}`;
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const submit = await visitor.request.post("/api/cases", {
    data: {
      caseTitle: title,
      caseType: "Car Accident",
      description: "A car opened its door into the bike lane.",
      priority: "medium",
      clientName: "Robin Rider",
      clientEmail,
      clientPhone: "+1 416 555 0123",
      preferredCommunication: "email",
      lawyerId,
    },
  });
  expect(submit.status(), await submit.text()).toBe(201);
  const caseId = ((await submit.json()) as { case: { id: string } }).case.id;
  const tracking = await waitForLink(clientEmail, `/cases/${caseId}?token=`);
  await lawyer.goto(`/cases/${caseId}`);
  for (const status of ["Engaged", "Closed"]) {
    await lawyer.getByLabel("Case status").selectOption({ label: status });
    await lawyer.getByRole("button", { name: "Update status" }).click();
    await expect(lawyer.getByRole("list", { name: "Status timeline" }).getByText(status)).toBeVisible();
  }
  // The invitation (subject "How was your experience with …?") links to the case page, no token.
  let invite = "";
  await expect
    .poll(
      () => {
        const mail = messagesTo(clientEmail).find((raw) => raw.includes("How was your experience"));
        invite = new RegExp(`https?://[^\\s/"<>]+(/cases/${caseId})(?![?\\w-])`).exec(mail ?? "")?.[1] ?? "";
        return invite;
      },
      { message: "the review invitation", timeout: 15_000 },
    )
    .toBe(`/cases/${caseId}`);
  expect(messagesTo(clientEmail).find((raw) => raw.includes("How was your experience"))).toContain(
    "You can review your lawyer on your case page from",
  );
  const client = await newPage(visitor);
  await client.goto(tracking);
  await client.goto(invite);
  await expect(client.getByRole("heading", { name: "Review your lawyer" })).toBeVisible();
  await expect(client.getByTestId("review-opens")).toContainText("You can review your lawyer from");

  // 2. The demo client's engagement of 20 days ago: the review opens.
  const demoContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const demo = await newPage(demoContext);
  await signIn(demo, DEMO_CLIENT);
  await demo.getByRole("link", { name: /demo engagement/ }).click();
  const section = demo.getByRole("region", { name: "Review your lawyer" });
  await expect(section).toBeVisible();
  for (const [group, stars] of [
    ["Overall rating", "2 stars"],
    ["Communication", "3 stars"],
    ["Responsiveness", "2 stars"],
    ["Outcome satisfaction", "2 stars"],
  ] as const)
    await section.getByRole("radiogroup", { name: group }).getByLabel(stars, { exact: true }).check();
  const reviewTitle = `Slow to answer ${stamp}`;
  await section.getByLabel("Title").fill(reviewTitle);
  await section
    .getByLabel("Your review")
    .fill("Weeks without replies; the result was fair in the end. See www.example.com");
  await section.getByRole("button", { name: "Publish review" }).click();
  await expect(
    section.getByText("Please remove links and web addresses", { exact: false }).first(),
  ).toBeVisible();
  await expect(section.getByLabel("Title")).toHaveValue(reviewTitle);
  await section
    .getByLabel("Your review")
    .fill("Weeks without replies to my messages; the result was fair in the end.");
  await section.getByRole("button", { name: "Publish review" }).click();
  await expect(section.getByText("Thank you: your review is published")).toBeVisible();
  await expect(section.getByText("Verified client — engaged")).toBeVisible();
  await expectNoSeriousViolations(demo, "the case page's review section");

  // 3. The lawyer replies once and reports it.
  await lawyer.goto("/dashboard/reviews");
  const card = lawyer.getByRole("article").filter({ hasText: reviewTitle });
  await card
    .getByLabel("Your public reply")
    .fill("Thank you; we have since added a second paralegal to answer faster.");
  await card.getByRole("button", { name: "Publish reply" }).click();
  await expect(lawyer.getByText("Your reply is published.")).toBeVisible();
  const again = lawyer.getByRole("article").filter({ hasText: reviewTitle });
  await again.getByText("Report this review").click();
  await again.getByLabel("Reason").selectOption("not_genuine");
  await again.getByLabel("What is wrong with it?").fill("We answered every message within two days.");
  await again.getByRole("button", { name: "Send report" }).click();
  await expect(lawyer.getByText("the review was sent to the moderators")).toBeVisible();
  await expectNoSeriousViolations(lawyer, "/dashboard/reviews");

  // 4. A moderator keeps it (being negative is not a reason); the profile shows it.
  const staffContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const moderator = await newPage(staffContext);
  await moderatorSignIn(moderator);
  const queue = moderator.locator("section[aria-labelledby='queue-reviews-title']");
  await queue.getByRole("link", { name: new RegExp(reviewTitle) }).click();
  await expect(moderator.getByText("We answered every message within two days.")).toBeVisible();
  await moderator.getByLabel("Publish (keep it public)").check();
  await moderator.getByRole("button", { name: "Save decision" }).click();
  await expect(moderator.getByText("Decision saved and audited.")).toBeVisible();
  await expectNoSeriousViolations(moderator, "/admin/reviews/:id");
  await moderator.goto("/admin/audit?action=review.");
  await expect(moderator.getByRole("cell", { name: "Review published" }).first()).toBeVisible();

  const profile = await newPage(visitor);
  await profile.goto(`/lawyer/${lawyerId}?reviewSort=rating_asc`);
  const reviews = profile.getByRole("region", { name: "Client reviews" });
  await expect(reviews.getByRole("list", { name: "Reviews by star rating" })).toBeVisible();
  const shown = reviews.getByRole("article").filter({ hasText: reviewTitle });
  await expect(shown).toContainText("Verified client — engaged");
  await expect(shown).toContainText("Response from the lawyer");
  await expect(shown).not.toContainText("Demo review");
  await expectNoSeriousViolations(profile, "the profile's reviews");
  for (const c of [lawyerContext, visitor, demoContext, staffContext]) await c.close();
});
