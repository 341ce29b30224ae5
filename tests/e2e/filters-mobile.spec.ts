import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration.ts";

/**
 * The filter panel is a slide-over on small screens with 'Show Filters' / 'Hide Filters'
 * (spec §2 "Browse/search page"), here at phone size (390×844).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("at phone width 'Show Filters' opens the panel, a filter applies, 'Hide Filters' closes it", async ({
  page,
}) => {
  await page.goto("/browse-lawyers");
  await expect(page.getByRole("heading", { name: /\d+ Lawyers? Found/ })).toBeVisible();
  const panel = page.getByRole("dialog");
  await expect(panel).toBeHidden();

  const show = page.getByRole("button", { name: /Show Filters/ });
  await waitForHydration(show);
  await show.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Filter Lawyers")).toBeVisible();

  // Checking a practice area applies it after the debounce: URL, chip and results follow.
  await panel.getByRole("checkbox", { name: "Car Accidents" }).check();
  await expect(page).toHaveURL((url) =>
    (url.searchParams.get("practiceAreas") ?? "").includes("Car Accidents"),
  );
  await expect(page.getByTestId("filter-chips").first()).toContainText("Car Accidents");
  // The slide-over closes by itself so the new results are visible.
  await expect(panel).toBeHidden();
  const cards = page.locator("#results article");
  await expect(cards.first()).toBeVisible();

  // Reopen: the filter is still checked; 'Hide Filters' closes the panel.
  await page.getByRole("button", { name: /Show Filters/ }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: "Car Accidents" })).toBeChecked();
  await panel.getByRole("button", { name: "Hide Filters" }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: /Show Filters/ })).toBeVisible();
});
