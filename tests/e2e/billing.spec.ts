import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * Premium through the test-payments provider (issue 6 "Tests": "a free lawyer … upgrades through
 * the test checkout; … cancels and sees the status change"; axe on the checkout page). The server
 * under test runs without Stripe keys, so Subscribe leads to the local /test-checkout page.
 *
 * A fresh lawyer account keeps the demo accounts as other journeys expect them. Sign-ups are
 * limited to 10 per IP per hour for every journey together: this file makes one.
 *
 * Screenshots of each screen at 375 and 1280 px go to this test's output folder (test-results/).
 */

const PASSWORD = "correct horse battery";

/** Saves a full-page screenshot of `page` at 375 px and 1280 px wide, then restores 1280 px. */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test("a free lawyer upgrades through the test checkout, then cancels at period end", async ({
  page,
  context,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `billing.${Date.now()}@example.org`;
  await page.goto("/signup");
  await waitForHydration(page.getByRole("button", { name: "Sign up" }));
  await page.getByLabel("First name").fill("Paula");
  await page.getByLabel("Last name").fill("Premium");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await page.getByLabel("Lawyer with a practice").check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Without JavaScript, Subscribe still reaches the checkout (plain form, redirect), and its Cancel goes back.
  const noJs = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto("/dashboard?view=upgrade");
  await plain.getByRole("button", { name: "Subscribe" }).click();
  await expect(plain).toHaveURL(/\/test-checkout\/tcs_[A-Za-z0-9_-]+$/);
  await expect(plain.getByText("Test mode — no card is charged")).toBeVisible();
  await plain.getByRole("link", { name: "Cancel" }).click();
  await expect(plain).toHaveURL(/\/dashboard\?view=upgrade$/);
  await noJs.close();

  // Free: an ad on the dashboard, the Analytics tab is locked, the card says Free and Inactive.
  await expect(page.getByRole("region", { name: "Advertisement" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Analytics" })).toBeDisabled();
  await expect(page.getByText("Analytics is part of Premium")).toBeVisible();
  const card = page.locator("dl");
  await expect(card.getByText("Free", { exact: true })).toBeVisible();
  await expect(card.getByText("Inactive", { exact: true })).toBeVisible();

  // The upgrade view: price, features, promises; Cancel goes back.
  await page.getByRole("link", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=upgrade$/);
  const upgrade = page.getByRole("region", { name: "Upgrade to Premium" });
  await expect(upgrade.getByText("$29.99")).toBeVisible();
  for (const text of [
    "Advanced analytics",
    "Priority support",
    "Cancel anytime.",
    "30-day money-back guarantee.",
  ])
    await expect(upgrade.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText(/open soon/i)).toHaveCount(0);
  await screenshots(page, "upgrade-view");
  await upgrade.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Subscription status" })).toBeVisible();

  // Subscribe → the test provider's checkout page.
  await page.getByRole("link", { name: "Upgrade to Premium" }).click();
  await waitForHydration(page.getByRole("button", { name: "Subscribe" }));
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/test-checkout\/tcs_[A-Za-z0-9_-]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByText("Test mode — no card is charged")).toBeVisible();
  await expect(page.getByText(/runs without Stripe keys/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "LexAtlas Premium" })).toBeVisible();
  await expectNoSeriousViolations(page, "the test checkout page");
  await screenshots(page, "test-checkout");

  // Pay → back on the dashboard as premium, with the spec's toast.
  await waitForHydration(page.getByRole("button", { name: "Pay $29.99 (test)" }));
  await page.getByRole("button", { name: "Pay $29.99 (test)" }).click();
  await expect(page.getByText("Welcome to Premium!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card.getByText("Premium", { exact: true })).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Analytics" })).toBeEnabled();
  // Premium: no ads, decided on the server (none in the HTML, here and on the home page).
  await expect(page.getByRole("region", { name: /advertisement/i })).toHaveCount(0);
  // The toast has finished sliding in before axe measures its contrast.
  await expect(page.locator(".mantine-Notification-root")).toHaveCSS("opacity", "1");
  await expectNoSeriousViolations(page, "the premium dashboard with the toast");
  await screenshots(page, "premium-status");

  // The Analytics tab opens; this new account has no listing yet, so it says what to do (the
  // chart of a listing's figures is in ads-analytics.spec.ts, on the premium demo lawyer).
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("No listing to measure")).toBeVisible();
  const home = await page.context().request.get("/");
  expect(await home.text()).not.toMatch(/aria-label="(Sidebar a|A)dvertisement"/);

  // The checkout was single use.
  await page.goto(checkoutUrl);
  await expect(page.getByText("This checkout has already been paid.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);

  // Cancel at period end, after a confirmation step: canceled, still Premium until the end.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Cancel Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Cancel your Premium subscription?" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Yes, cancel subscription" }));
  await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
  await expect(page.getByText("Subscription Canceled")).toBeVisible();
  await expect(page.getByText("Your subscription has been canceled successfully.")).toBeVisible();
  await expect(card.getByText("Canceled", { exact: true })).toBeVisible();
  await expect(card.getByText("Premium", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Premium until /)).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel Subscription" })).toHaveCount(0);
  await screenshots(page, "canceled-status");
});

test("without JavaScript, a signed-out visitor of a checkout page is sent to sign in", async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const res = await page.goto("/test-checkout/tcs_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftest-checkout%2F/);
  await context.close();
});
