import { expect, test, visitorHeaders } from "./support/test.ts";

/**
 * The search works before (and without) JavaScript: the forms are plain GET forms and the
 * server renders the results (issue 2 §4, docs/design.md §3 "The URL is the state of a search").
 */
test("with JavaScript disabled the hero search form submits and the server renders results", async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto("/");
    const form = page.getByRole("search", { name: "Find a lawyer" });
    await form.getByLabel(/Smart Search/).fill("car accident lawyer in Toronto");
    await form.getByRole("button", { name: "Search Lawyers" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("query") === "car accident lawyer in Toronto");
    await expect(page.getByRole("heading", { name: /\d+ Lawyers? Found/ })).toBeVisible();
    const cards = page.locator("#results article");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Toronto");

    // Sort and page size also work through the form's submit button.
    await page.getByLabel("Sort by").selectOption({ label: "Most Experienced" });
    await page.getByLabel("Per page").selectOption("6");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get("sort") === "experience" &&
        url.searchParams.get("pageSize") === "6" &&
        url.searchParams.get("query") === "car accident lawyer in Toronto",
    );
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(6);
  } finally {
    await context.close();
  }
});

/**
 * The dashboard's tabs are links to `?tab=…` (issue 13 §4): without JavaScript (or before the
 * page's script runs) the Analytics tab opens the server-rendered Analytics panel.
 */
test("with JavaScript disabled the premium lawyer's Analytics tab opens its panel", async ({ browser }) => {
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto("/login?redirectTo=%2Fdashboard");
    await page.getByLabel("Email").fill("premium@demo.lexatlas.example");
    await page.getByRole("textbox", { name: /^Password/ }).fill("lexatlas-premium-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=analytics$/);
    await expect(page.getByRole("tab", { name: "Analytics" })).toHaveAttribute("aria-selected", "true");
    await expect(
      page.getByRole("tabpanel", { name: "Analytics" }).getByRole("heading", { name: "Analytics" }),
    ).toBeVisible();
    await page.getByRole("tab", { name: "Subscription" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }
});
