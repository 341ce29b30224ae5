import { expectNoSeriousViolations, expectNoSeriousViolationsWithoutJavaScript } from "./support/axe.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";
import { E2E_TILE_GLOB, TILE_PNG } from "./support/tiles.ts";

/**
 * Issue 19 §1 "Where and when": the results' map view (`view=map`) and the profile's map, with
 * tiles (answered from loopback, never the internet), with the tile host unreachable, and
 * without JavaScript; keyboard-focusable markers, the list of offices beside the map, axe.
 */
test.describe("map view", () => {
  test("List | Map shows the page's offices on a map and in a list; markers take the keyboard", async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
    try {
      const page = await context.newPage();
      let tiles = 0;
      await page.route(E2E_TILE_GLOB, (route) => {
        tiles++;
        return route.fulfill({ status: 200, contentType: "image/png", body: TILE_PNG });
      });
      await page.goto("/browse-lawyers?location=DE");
      await page.getByTestId("view-map").click();
      await expect(page).toHaveURL(/view=map/);
      const map = page.getByTestId("office-map");
      await expect(map).toHaveAttribute("data-map-state", "ready");
      const items = page.getByTestId("office-list-item");
      await expect(items.first()).toBeVisible();
      const markers = page.locator(".office-marker");
      await expect(markers.first()).toBeVisible();
      expect(await markers.count()).toBe(await items.count());
      expect(tiles).toBeGreaterThan(0);
      // Offices are spread over their cities, not stacked on one point (issue 19 §1).
      const positions = await markers.evaluateAll((els) =>
        els.map((e) => (e as HTMLElement).style.transform),
      );
      expect(new Set(positions).size).toBeGreaterThan(1);
      // A marker is a named button in the tab order; Enter opens its popup with the profile link.
      const first = markers.first();
      await expect(first).toHaveAttribute("role", "button");
      await expect(first).toHaveAttribute("tabindex", "0");
      expect(await first.getAttribute("aria-label")).toBeTruthy();
      await first.focus();
      await page.keyboard.press("Enter");
      await expect(page.locator(".leaflet-popup a", { hasText: "View profile" })).toBeVisible();
      await expect(page.getByTestId("map-unavailable")).toHaveCount(0);
      // The next page of results stays on the map.
      await expect(page.locator('a[href*="page=2"]').first()).toHaveAttribute("href", /view=map/);
      await expectNoSeriousViolations(page, "browse map view");
      // Back to the cards.
      await page.getByTestId("view-list").click();
      await expect(page).not.toHaveURL(/view=map/);
      await expect(page.getByTestId("office-map")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("with the tile host unreachable the map says so, the list stays, axe passes (en and ar)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
    try {
      const page = await context.newPage();
      await page.route(E2E_TILE_GLOB, (route) => route.abort("connectionrefused"));
      for (const path of ["/browse-lawyers?view=map", "/ar/browse-lawyers?view=map"]) {
        await page.goto(path);
        await expect(page.getByTestId("office-map")).toHaveAttribute("data-map-state", "failed");
        await expect(page.getByTestId("map-unavailable")).toBeVisible();
        await expect(page.getByTestId("office-list-item").first()).toBeVisible();
        await expectNoSeriousViolations(page, `${path} without tiles`);
      }
    } finally {
      await context.close();
    }
  });

  test("the profile shows the office on a map and whether it is open now", async ({ browser, request }) => {
    const id = await firstLawyerId(request);
    const api = await request.get(`/api/lawyers/${id}`);
    const lawyer = (await api.json()) as {
      openNow: boolean;
      latitude: number | null;
      workingHours: string | null;
    };
    expect(typeof lawyer.openNow).toBe("boolean");
    const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
    try {
      const page = await context.newPage();
      await page.route(E2E_TILE_GLOB, (route) =>
        route.fulfill({ status: 200, contentType: "image/png", body: TILE_PNG }),
      );
      await page.goto(`/lawyer/${id}`);
      await expect(page.getByRole("heading", { name: "Office" })).toBeVisible();
      if (lawyer.latitude !== null) {
        await expect(page.getByTestId("office-map")).toHaveAttribute("data-map-state", "ready");
        await expect(page.locator(".office-marker")).toHaveCount(1);
      }
      if (lawyer.workingHours) {
        await expect(page.getByTestId("open-now")).toHaveAttribute("data-open", String(lawyer.openNow));
        await expect(page.getByTestId("working-hours")).not.toContainText("/");
      }
      await expectNoSeriousViolations(page, "profile with map");
    } finally {
      await context.close();
    }
  });
});

test.describe("map view without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the map area says the map is unavailable and the list carries the offices", async ({ page }) => {
    await page.goto("/browse-lawyers?view=map");
    await expect(page.getByTestId("map-unavailable")).toBeVisible();
    await expect(page.getByTestId("office-list-item").first()).toBeVisible();
    // The List | Map switch is made of links: it works without JavaScript.
    await page.getByTestId("view-list").click();
    await expect(page).not.toHaveURL(/view=map/);
    await page.goto("/browse-lawyers?view=map");
    await expectNoSeriousViolationsWithoutJavaScript(page, "browse map view");
  });
});
