import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/**
 * The filter panel is a slide-over on small screens with 'Show Filters' / 'Hide Filters'
 * (spec §2 "Browse/search page"), here at phone size (390×844).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("at phone width the slide-over stays open while two filters apply; 'Hide Filters' and 'Apply Filters' close it", async ({
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

  // Checking a practice area applies it after the debounce: URL and chip follow, and the
  // slide-over stays open so a second filter can be set.
  let loaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/browse-lawyers.data",
  );
  await panel.getByRole("checkbox", { name: "Car Accidents" }).check();
  await expect(page).toHaveURL((url) =>
    (url.searchParams.get("practiceAreas") ?? "").includes("Car Accidents"),
  );
  await expect(page.getByTestId("filter-chips").first()).toContainText("Car Accidents");
  // After the 300 ms debounce the new results have loaded, and the panel must still be open.
  await loaded;
  await expect(panel).toBeVisible();

  loaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/browse-lawyers.data");
  await panel.getByRole("checkbox", { name: "Dog Bites" }).check();
  await expect(page).toHaveURL((url) => {
    const areas = url.searchParams.get("practiceAreas") ?? "";
    return areas.includes("Car Accidents") && areas.includes("Dog Bites");
  });
  await loaded;
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: "Car Accidents" })).toBeChecked();
  await expect(panel.getByRole("checkbox", { name: "Dog Bites" })).toBeChecked();

  // 'Hide Filters' closes the panel; the results carry both filters.
  await panel.getByRole("button", { name: "Hide Filters" }).click();
  await expect(panel).toBeHidden();
  const cards = page.locator("#results article");
  await expect(cards.first()).toBeVisible();
  const chips = page.getByTestId("filter-chips").first();
  await expect(chips).toContainText("Car Accidents");
  await expect(chips).toContainText("Dog Bites");

  // Reopen: the filters are still checked; 'Apply Filters' closes the panel too.
  await page.getByRole("button", { name: /Show Filters/ }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: "Dog Bites" })).toBeChecked();
  await panel.getByRole("button", { name: "Apply Filters" }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: /Show Filters/ })).toBeVisible();
});
