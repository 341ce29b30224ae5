import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";
import { checkHtml } from "./support/vnu.ts";

/**
 * Issue 16 transparency pages and "Why this lawyer?" in the browser: /how-ranking-works and
 * /reviews-policy (English and Arabic) and a relevance search pass axe (no serious or critical
 * violation) and the W3C Nu HTML checker (0 errors); the footer links both pages; a result's
 * "Why this lawyer?" opens with the keyboard, and without JavaScript.
 */

const PAGES = ["/how-ranking-works", "/ar/how-ranking-works", "/reviews-policy", "/ar/reviews-policy"];
const SEARCH = "/browse-lawyers?query=car+accident";

test("the two pages and a relevance search pass axe, with 'Why this lawyer?' open", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await context.newPage();
    for (const address of PAGES) {
      await page.goto(address);
      await expect(page.locator("h1")).toHaveCount(1);
      await expectNoSeriousViolations(page, address);
    }
    await page.goto(SEARCH);
    const why = page.getByTestId("why-this-lawyer").first();
    await why.locator("summary").click();
    await expect(why).toHaveAttribute("open", "");
    await expectNoSeriousViolations(page, `${SEARCH} with Why this lawyer? open`);
  } finally {
    await context.close();
  }
});

test("the Nu HTML checker finds no error on the two pages and the search with its disclosures", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(os.tmpdir(), "lexatlas-transparency-"));
  try {
    const files = new Map<string, string>();
    for (const address of [...PAGES, SEARCH]) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(200);
      const file = path.join(folder, `${files.size}.html`);
      writeFileSync(file, await response.text());
      files.set(file, address);
    }
    const errors = checkHtml([...files.keys()]).map(
      (e) => `${files.get(e.file)}: ${e.message} | ${e.extract}`,
    );
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("the footer links both pages; the ranking page says payment never changes the order", async ({
  page,
}) => {
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "How ranking works" }).click();
  await expect(page).toHaveURL(/\/how-ranking-works$/);
  await expect(page.getByTestId("ranking-neutral")).toContainText(
    "Payment never changes the order of search results or matches",
  );
  await page.locator("footer").getByRole("link", { name: "Reviews policy" }).click();
  await expect(page).toHaveURL(/\/reviews-policy$/);
  await expect(page.getByText("No review is hidden for being negative")).toBeVisible();
});

test("'Why this lawyer?' opens with the keyboard and names where the words matched", async ({ page }) => {
  await page.goto(SEARCH);
  const why = page.getByTestId("why-this-lawyer").first();
  await why.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(why).toHaveAttribute("open", "");
  await expect(why).toContainText("Your words matched");
  await expect(why.getByRole("link", { name: "How ranking works" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Why this lawyer?' still opens (a native disclosure)", async ({ page }) => {
    await page.goto(SEARCH);
    const why = page.getByTestId("why-this-lawyer").first();
    await why.locator("summary").click();
    await expect(why).toHaveAttribute("open", "");
    await expect(why.locator("li").first()).toBeVisible();
  });
});
