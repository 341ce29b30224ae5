import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/**
 * The filter panel is a slide-over on small screens (spec §2 "Browse/search page"), here at phone
 * size (390×844). Issue 19 §5: it has one title, one close button and a 'Show N results' button
 * with the live count; all 12 practice areas are visible in full; 'Apply Filters' is not shown
 * (filters apply at once); the ad sits after the first results; the page passes axe with the
 * slide-over open, in English and in Arabic (right-to-left: it opens from the right).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("at phone width the slide-over has one title, one close and 'Show N results' with the live count", async ({
  page,
}) => {
  await page.goto("/browse-lawyers");
  const heading = page.getByRole("heading", { name: /\d+ Lawyers? Found/ });
  await expect(heading).toBeVisible();
  // Issue 19 §5: one search box on browse; the ad after the first results, not above them.
  await expect(page.getByRole("searchbox")).toHaveCount(1);
  const adTop = await page.getByTestId("ad-slot").first().boundingBox();
  const firstCard = await page.locator("#results article").first().boundingBox();
  expect(adTop && firstCard && adTop.y > firstCard.y).toBe(true);
  await expect(page.getByTestId("ad-slot").first()).not.toContainText("analytics");

  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeHidden();
  const show = page.getByRole("button", { name: /Show Filters/ });
  await waitForHydration(show);
  await show.click();
  await expect(drawer).toBeVisible();

  // One title, one close button, no 'Hide Filters' or 'Apply Filters'.
  await expect(drawer.getByRole("heading")).toHaveCount(1);
  await expect(drawer.getByRole("heading")).toHaveText("Filter Lawyers");
  await expect(drawer.getByRole("button", { name: "Close filters" })).toHaveCount(1);
  await expect(drawer.getByRole("button", { name: /Hide Filters|Apply Filters|Collapse/ })).toHaveCount(0);

  // All 12 practice areas are there and none is clipped by a scroll box.
  const areas = drawer.getByRole("group", { name: "Practice Areas" }).getByRole("checkbox");
  await expect(areas).toHaveCount(12);
  const premises = drawer.getByText("Premises Liability", { exact: true });
  await premises.scrollIntoViewIfNeeded();
  await expect(premises).toBeInViewport({ ratio: 1 });

  const total = Number(((await heading.textContent()) ?? "").replace(/\D/g, ""));
  const results = drawer.getByTestId("show-results");
  await expect(results).toHaveText(`Show ${total.toLocaleString("en-US")} results`);
  await expectNoSeriousViolations(page, "the filter slide-over at 390 px");

  // A filter applies at once; the count on the button follows, and the slide-over stays open.
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/browse-lawyers.data");
  await drawer.getByRole("checkbox", { name: "Dog Bites" }).check();
  await expect(page).toHaveURL((url) => (url.searchParams.get("practiceAreas") ?? "").includes("Dog Bites"));
  await loaded;
  await expect(drawer).toBeVisible();
  await expect(results).not.toHaveText(`Show ${total.toLocaleString("en-US")} results`);
  const shown = Number(((await results.textContent()) ?? "").replace(/\D/g, ""));
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(total);

  // 'Show N results' closes it on results that carry the filter and say the same number.
  await results.click();
  await expect(drawer).toBeHidden();
  await expect(
    page.getByRole("heading", { name: new RegExp(`^${shown.toLocaleString("en-US")} Lawyers? Found`) }),
  ).toBeVisible();
  await expect(page.getByTestId("filter-chips").first()).toContainText("Dog Bites");

  // Reopen: the filter is still checked; the one close button closes it.
  await page.getByRole("button", { name: /Show Filters/ }).click();
  await expect(drawer.getByRole("checkbox", { name: "Dog Bites" })).toBeChecked();
  await drawer.getByRole("button", { name: "Close filters" }).click();
  await expect(drawer).toBeHidden();
});

test("in Arabic the slide-over opens from the right, has one title and passes axe", async ({ page }) => {
  await page.goto("/ar/browse-lawyers");
  const show = page.locator(".filters-toggle");
  await waitForHydration(show);
  await show.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("heading")).toHaveCount(1);
  await expect(drawer.getByTestId("show-results")).toBeVisible();
  // Its right edge on the screen's right edge, once the slide-in transition has ended (measured
  // during it, the box is still partly off screen).
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box && Math.round(box.x + box.width);
    })
    .toBe(390);
  await expectNoSeriousViolations(page, "the Arabic filter slide-over at 390 px");
});
