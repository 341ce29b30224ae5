import { firstLawyerId } from "./support/lawyers.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * No Content-Security-Policy violation on the main pages (issue 13 §1 "CSP on every HTML page"):
 * home, browse, a profile, the assessment and the dashboard, each loaded, hydrated (a control
 * the page's JavaScript owns answers) and used a little. Violations are collected in the page by
 * a `securitypolicyviolation` listener installed before any script runs, and from the console.
 */

const LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };

/** Starts collecting the page's CSP violations; answers a function that reads them all. */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

/** Waits until React owns the page: the client entry marks <html> once hydrated. */
async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const node = document.querySelector("header a, main a, main button");
        return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps$")));
      }),
    )
    .toBe(true);
}

test("home, browse, profile and assessment run without a CSP violation", async ({ page, request }) => {
  const violations = await collectViolations(page);
  const lawyerId = await firstLawyerId(request);

  await page.goto("/");
  await hydrated(page);
  await page.getByRole("combobox").first().fill("car accident");

  await page.goto("/browse-lawyers?search=car+accident");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto(`/lawyer/${lawyerId}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/personality-assessment");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(await violations()).toEqual([]);
});

test("the dashboard runs without a CSP violation", async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto("/login?redirectTo=%2Fdashboard");
  await page.getByLabel("Email").fill(LAWYER.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(LAWYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
