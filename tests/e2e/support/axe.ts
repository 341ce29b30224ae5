/**
 * The journeys' accessibility check (issue 2 §5, issue 3): axe (`@axe-core/playwright`) may find
 * minor or moderate issues, never a serious or critical one. The page must come from
 * browser.newContext() or the `page` fixture (DESIGN.md §6).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails the test on any serious or critical axe violation on `page` (only inside the CSS
 * `selector` when given), listing for each the rule, impact, help text and up to five targets;
 * `what` names the page in the failure message.
 */
export async function expectNoSeriousViolations(page: Page, what: string, selector?: string): Promise<void> {
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
