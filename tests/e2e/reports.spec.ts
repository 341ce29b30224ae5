import { generateSync } from "otplib";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { E2E_REPORTS_LINK_FILE, E2E_REPORTS_MODERATOR_EMAIL, staffLinkPath } from "./support/staff.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * Reports and hidden listings in the browser (issue 15 §3): a visitor finds "Report this listing"
 * on a profile and reports it without JavaScript (a too-short text is refused next to the field,
 * keeping what was typed), a moderator
 * (its own account from staff:create, signed in with password and TOTP like staff.spec.ts) opens
 * the report from the queue and hides the listing with a reason; the profile then answers 410
 * with the removal page and the listing is gone from search; the moderator restores it and it
 * is back. axe on the report form, the report screen and the 410 page.
 */

const PASSWORD = "reports journey 2026";

/** The current TOTP code of `secret`. */
function code(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** Sets the reports moderator's password, signs in and enrols TOTP; ends in the back office. */
async function moderatorSignIn(page: Page) {
  await page.goto(staffLinkPath(E2E_REPORTS_LINK_FILE));
  await page.getByRole("textbox", { name: /^New password/ }).fill(PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await page.getByLabel("Email").fill(E2E_REPORTS_MODERATOR_EMAIL);
  await page.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await page.getByRole("textbox", { name: /^Code/ }).fill(code(secret));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await page.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
}

test("a visitor reports a listing, a moderator hides it with a reason: 410 and gone from search; restored, it is back", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A listing no other journey uses: deep in the experience order.
  const found = await request.get("/api/lawyers/search?sort=experience&page=7");
  const [lawyer] = (await found.json()) as { id: number; name: string }[];
  expect(lawyer).toBeDefined();
  const { id, name } = lawyer as { id: number; name: string };
  const searchUrl = `/browse-lawyers?query=${encodeURIComponent(name)}`;
  const resultLink = (p: Page) => p.locator(`a[href="/lawyer/${id}"]`);

  // The visitor reports it from the profile.
  await page.goto(`/lawyer/${id}`);
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${id}/report$`));
  await expect(page.getByRole("heading", { level: 1, name: `Report ${name}` })).toBeVisible();
  await expectNoSeriousViolations(page, "the report form");
  // The form works without JavaScript: a plain post, the errors and typed values come back.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: visitorHeaders(test.info()),
  });
  const visitor = await noScript.newPage();
  await visitor.goto(`/lawyer/${id}/report`);
  await visitor.getByLabel(/^Reason/).selectOption("not_a_lawyer");
  await visitor.getByLabel(/^Details/).fill("Too short");
  await visitor.getByLabel(/^Your email/).fill("reporter@example.org");
  await visitor.getByRole("button", { name: "Send report" }).click();
  await expect(visitor.getByText("Please write at least 20 characters.")).toBeVisible();
  await expect(visitor.getByLabel(/^Details/)).toHaveValue("Too short");
  await expect(visitor.getByLabel(/^Your email/)).toHaveValue("reporter@example.org");
  await expect(visitor.getByLabel(/^Reason/)).toHaveValue("not_a_lawyer");
  await visitor.getByLabel(/^Details/).fill("This person is not on any bar register I could find.");
  await visitor.getByRole("button", { name: "Send report" }).click();
  await expect(visitor.getByTestId("report-sent")).toBeVisible();
  await noScript.close();

  // The moderator opens it from the reports queue and hides the listing with a reason.
  const staffContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const staff = await staffContext.newPage();
  await moderatorSignIn(staff);
  const queue = staff.getByRole("region", { name: "Listing reports" });
  await queue.getByRole("link", { name }).first().click();
  await expect(staff).toHaveURL(/\/admin\/reports\/[0-9a-f-]{36}$/);
  await expect(staff.getByText("This person is not on any bar register I could find.")).toBeVisible();
  await expectNoSeriousViolations(staff, "the report screen");
  await staff.getByRole("radio", { name: "Hide the listing" }).check();
  await staff.getByRole("button", { name: "Close the report" }).click();
  await expect(staff.getByText("Give a reason.")).toBeVisible();
  await staff.getByRole("radio", { name: "Hide the listing" }).check();
  await staff.getByLabel(/^Reason/).fill("No register lists this person as a lawyer.");
  await staff.getByRole("button", { name: "Close the report" }).click();
  await expect(staff.getByText("Saved.")).toBeVisible();
  await expect(staff.getByText("Listing hidden", { exact: true })).toBeVisible();

  // The profile answers 410 with the removal page; search no longer finds it.
  const gone = await page.goto(`/lawyer/${id}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "Listing removed" })).toBeVisible();
  await expect(page.getByText("It did not belong to a practising lawyer.")).toBeVisible();
  await expectNoSeriousViolations(page, "the 410 page of a hidden listing");
  await page.getByRole("link", { name: "Search for lawyers" }).click();
  await expect(page).toHaveURL(/\/browse-lawyers/);
  await page.goto(searchUrl);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(resultLink(page)).toHaveCount(0);
  expect((await request.get(`/api/lawyers/${id}`)).status()).toBe(410);

  // Restored from the listing screen (a reason again), it is back.
  await staff.getByRole("link", { name }).first().click();
  await expect(staff).toHaveURL(new RegExp(`/admin/listings/${id}$`));
  await staff.getByLabel(/^Reason/).fill("Found on the register after all.");
  await staff.getByRole("button", { name: "Restore the listing" }).click();
  await expect(staff.getByText("The listing is visible again.")).toBeVisible();
  expect((await request.get(`/api/lawyers/${id}`)).status()).toBe(200);
  const back = await page.goto(`/lawyer/${id}`);
  expect(back?.status()).toBe(200);
  await page.goto(searchUrl);
  await expect(resultLink(page).first()).toBeVisible();
  await staffContext.close();
});
