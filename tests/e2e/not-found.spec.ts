import { expect, test } from "./support/test.ts";

test.describe("not-found page (spec §2, issue 2 §4)", () => {
  test("an unknown path answers HTTP 404 with the '404 Page Not Found' heading", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  });
});
