import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/**
 * "Use My Location" filters to a radius (issue 19 §2): with the browser's position granted (Berlin),
 * the results are the lawyers within 25 km (not the whole world sorted by distance), the heading
 * says "N lawyers within 25 km", a "Within 25 km" chip removes the near-me search, and the radius
 * select in the filter panel changes it (the URL's radiusKm, the heading and the chip follow).
 * Checked with axe, at desktop and at phone width; a visitor whose language is en-US gets 15 mi.
 */
const BERLIN = { latitude: 52.52, longitude: 13.405 };

async function useMyLocation(page: Page) {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Use My Location" });
  await waitForHydration(button);
  await button.click();
  await expect(page).toHaveURL((url) => url.searchParams.has("near") && url.searchParams.has("radiusKm"));
}

for (const phone of [false, true]) {
  test.describe(phone ? "at phone width" : "at desktop width", () => {
    test.use({
      geolocation: BERLIN,
      permissions: ["geolocation"],
      locale: "en-IE",
      ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    });

    test("Use My Location shows the lawyers within 25 km, as a chip and in the heading; the radius select changes it", async ({
      page,
    }) => {
      await useMyLocation(page);
      expect(new URL(page.url()).searchParams.get("radiusKm")).toBe("25");
      const heading = page.getByRole("heading", { name: /^\d[\d,]* lawyers? within 25 km$/ });
      await expect(heading).toBeVisible();
      const within25 = Number(
        ((await heading.textContent()) ?? "").replace(/\D+/g, " ").trim().split(" ")[0],
      );
      expect(within25).toBeGreaterThan(0);
      // Not the whole world: far fewer than the directory holds.
      expect(within25).toBeLessThan(500);
      const chip = page.locator('[data-chip="near"]').first();
      await expect(chip).toHaveText(/Within 25 km/);
      // Every card on the page is within 25 km.
      const distances = await page.getByTestId("distance").allInnerTexts();
      expect(distances.length).toBeGreaterThan(0);
      for (const text of distances) {
        const km = /\bm\b/.test(text) ? 0 : Number.parseFloat(text.replace(/,/g, ""));
        expect(km).toBeLessThanOrEqual(25);
      }
      await expectNoSeriousViolations(page, "near-me results");

      // The radius select (in the slide-over at phone width).
      if (phone) {
        const show = page.getByRole("button", { name: /Show Filters/ });
        await show.click();
      }
      const scope = phone ? page.getByRole("dialog") : page.locator(".filters-desktop");
      const radius = scope.getByRole("combobox", { name: "Distance from you" });
      await expect(radius).toHaveValue("25");
      await radius.selectOption({ label: "Within 100 km" });
      await expect(page).toHaveURL((url) => url.searchParams.get("radiusKm") === "100");
      const wider = page.getByRole("heading", { name: /^\d[\d,]* lawyers? within 100 km$/ });
      await expect(wider).toBeVisible();
      const within100 = Number(((await wider.textContent()) ?? "").replace(/\D+/g, " ").trim().split(" ")[0]);
      expect(within100).toBeGreaterThanOrEqual(within25);
      if (phone) await expectNoSeriousViolations(page, "near-me filter slide-over");
      // The slide-over closes on its "Show N results" button (issue 19 §5).
      if (phone)
        await page
          .getByRole("dialog")
          .getByRole("button", { name: /^Show [\d,]+ results?$/ })
          .click();

      // Removing the chip removes the near-me search (point and radius).
      await page.locator('[data-chip="near"]:visible').first().click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("near") && !url.searchParams.has("radiusKm"),
      );
      await expect(page.getByRole("heading", { name: /Lawyers? Found/ })).toBeVisible();
    });
  });
}

test.describe("a visitor who reads miles", () => {
  test.use({
    geolocation: BERLIN,
    permissions: ["geolocation"],
    extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" },
  });
  test("starts at 15 mi", async ({ page }) => {
    await useMyLocation(page);
    expect(new URL(page.url()).searchParams.get("radiusKm")).toBe("24.14");
    await expect(page.getByRole("heading", { name: /lawyers? within 15 mi$/ })).toBeVisible();
    await expect(page.locator('[data-chip="near"]').first()).toHaveText(/Within 15 mi/);
  });
});

test.describe("Use My Location keeps what the person typed (issue 28 §1)", () => {
  test.use({ geolocation: BERLIN, permissions: ["geolocation"], locale: "en-IE" });
  test("searches the typed description near the visitor and keeps the place it names", async ({ page }) => {
    const typed = "I was hit by a car in Munich";
    await page.goto("/");
    const button = page.getByRole("button", { name: "Use My Location" });
    await waitForHydration(button);
    // Typed, not yet searched: the description goes with the near-me search.
    const box = page.getByRole("combobox").first();
    await box.fill(typed);
    await box.press("Escape");
    await button.click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("query") === typed && url.searchParams.has("near"),
    );
    await expect(box).toHaveValue(typed);
    // Both kept: the areas read and the place named, the lawyers around the visitor's point.
    await expect(
      page.getByText(/in Munich\. As you asked, the lawyers shown are near your location, not in Munich/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /lawyers? within 25 km$/ })).toBeVisible();
  });
});
