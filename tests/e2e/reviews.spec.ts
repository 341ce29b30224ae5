/**
 * Engagement-verified reviews in the browser, on one case, with the server's clock moved (issue 16
 * §1 "browser journeys cover engage → close → invite → review → reply → report → moderate"):
 * 1. a visitor sends a case; the lawyer marks it engaged; the client's case page says from which
 *    day the review opens (engagement + 14 days) and shows no form;
 * 2. the clock moves 14 days; the lawyer closes the case; the invitation email (the server's
 *    outbox) carries a private link with a fresh case access token (server/cases/access-tokens.ts:
 *    the tracking token is stored only as a hash), which opens the case page in a fresh browser
 *    without cookies;
 * 3. the client writes the review with every rating; a link in the text is refused next to the
 *    field with what was typed kept; then it is published;
 * 4. the lawyer replies once and reports it (/dashboard/reviews);
 * 5. a moderator (created like `npm run staff:create`, TOTP codes computed from the server's clock)
 *    finds it in the `reviews` queue and keeps it published (a report is not a reason);
 * 6. the profile shows it with "Verified client — engaged June 2026" and the reply.
 * Time must pass, so the journey runs on its own server with a test clock
 * (tests/e2e/support/clock-server.ts, driven through tests/e2e/support/clock-journey.ts; PostgreSQL
 * when TEST_DATABASE_URL is set). The 14-day boundary to the millisecond is tested on the
 * injectable clock (server/reviews/reviews.test.ts, server/api/reviews.test.ts).
 */
import { generateSync } from "otplib";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT } from "../../lib/reviews.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { type ClockServer, mailTo, startClockServer } from "./support/clock-journey.ts";
import { type Browser, expect, type Page, test, visitorHeaders } from "./support/test.ts";

const DAY = 86_400_000;
const LAWYER = { email: "ola.lawyer@clock-journey.example", password: "reviews-journey-lawyer-2026" };
const MODERATOR = {
  email: "reviews.moderator@clock-journey.example",
  password: "quiet harbour lanterns 2026",
};

let srv: ClockServer;
test.beforeAll(async () => {
  srv = await startClockServer();
  expect(await srv.command(`lawyer 0 ${LAWYER.email} ${LAWYER.password}`)).toBe("ok");
});
test.afterAll(async () => {
  await srv?.stop();
});

/**
 * A new page in a new browser context without cookies (a fresh browser or device), from the
 * test's client address, or with `office` from another address: the lawyer's office. A review
 * whose client shares an IP address with the lawyer's sign-ins is held (issue 27 §2).
 */
async function freshPage(browser: Browser, office = false): Promise<Page> {
  const headers = visitorHeaders(test.info());
  const context = await browser.newContext({
    extraHTTPHeaders: office
      ? { "X-Forwarded-For": (headers["X-Forwarded-For"] as string).replace(/::1$/, "::2") }
      : headers,
  });
  return context.newPage();
}

/** Signs `who` in through the login form of the clock server. */
async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${srv.baseUrl}/login?redirectTo=%2Fdashboard`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(who.password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * The moderator's first sign-in (tests/e2e/staff.spec.ts): sets the password through the printed
 * link, signs in and enrols TOTP with a code for the server's clock (moved 14 days ahead of ours).
 */
async function moderatorSignIn(page: Page) {
  const { link } = JSON.parse(await srv.command(`staff ${MODERATOR.email}`)) as { link: string };
  await page.goto(`${srv.baseUrl}${link}`);
  await page.getByRole("textbox", { name: /^New password/ }).fill(MODERATOR.password);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await page.getByLabel("Email").fill(MODERATOR.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(MODERATOR.password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  const serverNow = new Date(await srv.command("now")).getTime();
  await page
    .getByRole("textbox", { name: /^Code/ })
    .fill(generateSync({ secret, epoch: Math.floor(serverNow / 1000) }));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
}

/** The lawyer moves the case to `status` on its case page. */
async function setStatus(lawyer: Page, caseId: string, status: string) {
  await lawyer.goto(`${srv.baseUrl}/cases/${caseId}`);
  // Issue 17 §2: a pending case is accepted for review (conflict check) before any other status.
  const accept = lawyer.getByRole("button", { name: "Accept for review" });
  if (await accept.isVisible()) {
    await lawyer.getByRole("checkbox", { name: /I have checked for conflicts/ }).check();
    await accept.click();
    await expect(lawyer.getByTestId("case-accepted-note")).toBeVisible();
  }
  await lawyer.getByLabel("Case status").selectOption({ label: status });
  await lawyer.getByRole("button", { name: "Update status" }).click();
  await expect(lawyer.getByRole("list", { name: "Status timeline" }).getByText(status)).toBeVisible();
}

/** Waits for an email to `to` containing `text` and answers its case link with a token. */
async function tokenLink(to: string, caseId: string, text: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mailTo(srv.dataDir, to).find((raw) => raw.includes(text)) ?? "";
        link = new RegExp(`/cases/${caseId}\\?token=[A-Za-z0-9_-]+`).exec(mail)?.[0] ?? "";
        return link;
      },
      { message: `an email to ${to} with "${text}" and a case link`, timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

test("engage; review not yet open; 14 days later close and invite; the emailed link lets the client review; reply, report, moderate; the profile shows it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [listing] = srv.listings as [ClockServer["listings"][0]];
  const clientEmail = "robin.rider@example.org";
  const title = "Cycling accident on Spring Garden Road";

  // 1. The client sends a case; the lawyer engages; the review is not open yet.
  const client = await freshPage(browser);
  const submit = await client.request.post(`${srv.baseUrl}/api/cases`, {
    data: {
      caseTitle: title,
      caseType: "Car Accident",
      description: "A car opened its door into the bike lane.",
      priority: "medium",
      clientName: "Robin Rider",
      clientEmail,
      clientPhone: "+1 902 555 0123",
      preferredCommunication: "email",
      lawyerId: listing.id,
      healthDataConsent: true,
    },
  });
  expect(submit.status(), await submit.text()).toBe(201);
  const caseId = ((await submit.json()) as { case: { id: string } }).case.id;
  const tracking = await tokenLink(clientEmail, caseId, "");
  const lawyer = await freshPage(browser, true);
  await signIn(lawyer, LAWYER);
  await setStatus(lawyer, caseId, "Engaged");
  await client.goto(`${srv.baseUrl}${tracking}`);
  await expect(client.getByRole("heading", { name: title })).toBeVisible();
  const early = client.getByRole("region", { name: "Review your lawyer" });
  // Engaged at the clock's start (1 June 2026): the review opens 14 days later.
  await expect(early.getByTestId("review-opens")).toHaveText("You can review your lawyer from Jun 15, 2026.");
  await expect(early.getByRole("button", { name: "Publish review" })).toHaveCount(0);

  // 2. 14 days later the lawyer closes the case; the invitation's own link opens the case in a
  //    fresh browser (no tracking cookie), with a token that is not the submission's.
  expect(await srv.command(`advance ${REVIEW_MIN_DAYS_AFTER_ENGAGEMENT * DAY}`)).toBe("ok");
  await setStatus(lawyer, caseId, "Closed");
  const invite = await tokenLink(clientEmail, caseId, "How was your experience");
  expect(invite).not.toBe(tracking);
  expect(mailTo(srv.dataDir, clientEmail).find((raw) => raw.includes("How was your experience"))).toContain(
    "Open your case with this private link",
  );
  const device = await freshPage(browser);
  await device.goto(`${srv.baseUrl}${invite}`);
  await expect(device).toHaveURL(`${srv.baseUrl}/cases/${caseId}`);
  await expect(device.getByRole("heading", { name: title })).toBeVisible();

  // 3. The review, with every rating; a link is refused next to the field, the text is kept.
  const section = device.getByRole("region", { name: "Review your lawyer" });
  for (const [group, stars] of [
    ["Overall rating", "2 stars"],
    ["Communication", "3 stars"],
    ["Responsiveness", "2 stars"],
    ["Outcome satisfaction", "2 stars"],
  ] as const)
    await section.getByRole("radiogroup", { name: group }).getByLabel(stars, { exact: true }).check();
  const reviewTitle = "Slow to answer, fair result";
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
  await expect(section.getByText("Verified client — engaged June 2026")).toBeVisible();
  await expectNoSeriousViolations(device, "the case page's review section");

  // 4. The lawyer replies once and reports it.
  await lawyer.goto(`${srv.baseUrl}/dashboard/reviews`);
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

  // 5. A moderator keeps it (being negative is not a reason).
  const moderator = await freshPage(browser);
  await moderatorSignIn(moderator);
  const queue = moderator.locator("section[aria-labelledby='queue-reviews-title']");
  await queue.getByRole("link", { name: new RegExp(reviewTitle) }).click();
  await expect(moderator.getByText("We answered every message within two days.")).toBeVisible();
  await moderator.getByLabel("Publish (keep it public)").check();
  await moderator.getByRole("button", { name: "Save decision" }).click();
  await expect(moderator.getByText("Decision saved and audited.")).toBeVisible();
  await expectNoSeriousViolations(moderator, "/admin/reviews/:id");
  await moderator.goto(`${srv.baseUrl}/admin/audit?action=review.`);
  await expect(moderator.getByRole("cell", { name: "Review published" }).first()).toBeVisible();

  // 6. The profile shows it, verified, with the reply.
  const profile = await freshPage(browser);
  await profile.goto(`${srv.baseUrl}/lawyer/${listing.id}`);
  const reviews = profile.getByRole("region", { name: "Client reviews" });
  await expect(reviews.getByRole("list", { name: "Reviews by star rating" })).toBeVisible();
  const shown = reviews.getByRole("article").filter({ hasText: reviewTitle });
  await expect(shown).toContainText("Verified client — engaged June 2026");
  await expect(shown).toContainText("Response from the lawyer");
  await expect(shown).toContainText("Thank you; we have since added a second paralegal");
  await expectNoSeriousViolations(profile, "the profile's reviews");
  for (const page of [client, lawyer, device, moderator, profile]) await page.context().close();
});
