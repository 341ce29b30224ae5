/**
 * The journeys' accessibility check (issue 2 §5, issue 3): axe (`@axe-core/playwright`) may find
 * minor or moderate issues, never a serious or critical one. The page must come from
 * browser.newContext() or the `page` fixture (docs/design.md §6).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails the test on any serious or critical axe violation on `page` (only inside the CSS
 * `selector` when given), listing for each the rule, impact, help text and up to five targets;
 * `what` names the page in the failure message.
 */
export async function expectNoSeriousViolations(page: Page, what: string, selector?: string): Promise<void> {
  await settle(page);
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  expect(serious, `axe violations on ${what}`).toEqual([]);
}

/**
 * Puts the page at rest before axe reads its colours: the pointer leaves whatever the journey
 * last clicked (a hovered button's background is another colour), and every running CSS
 * transition or animation is awaited (axe measured a light button mid-transition, a contrast
 * neither its rest nor its hover state has). Infinite animations (a loader) are left alone.
 */
async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.allSettled(running.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/**
 * The same check for a page shown without JavaScript (axe runs as a script, which such a page
 * refuses): the page's current HTML, its scripts removed, is served at the same address to a new
 * page with JavaScript (so the site's stylesheets apply, and nothing hydrates), and checked there.
 */
export async function expectNoSeriousViolationsWithoutJavaScript(
  page: Page,
  what: string,
  selector?: string,
): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("the page must come from browser.newContext() or the page fixture");
  // Explicitly on: Playwright Test hands the file's `use` options (javaScriptEnabled: false) to new contexts too.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url().split("#")[0] as string;
    await copy.route(
      (u) => u.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.goto(url);
    await expectNoSeriousViolations(copy, `${what} (without JavaScript)`, selector);
  } finally {
    await context.close();
  }
}
