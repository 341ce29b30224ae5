import { expect, test } from "@playwright/test";

test.describe("home page (spec §2)", () => {
  test("is server-rendered with the hero heading", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Personal Injury Lawyers");
  });
});
