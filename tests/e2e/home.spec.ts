import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test.ts";

test.describe("home page (spec §2)", () => {
  test("is server-rendered with the hero heading", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Personal Injury Lawyers");
  });

  test("starts its JavaScript after the first paint, and still hydrates (decisions/002)", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // The transformation ran on the real build: no preload in <head>, no module script left.
    expect(head).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain("requestAnimationFrame");
    await page.goto("/");
    await waitForHydration(page.getByRole("button", { name: "Search Lawyers" }));
  });
});
