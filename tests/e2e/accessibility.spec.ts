import { expectNoSeriousViolations } from "./support/axe.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";

/**
 * axe finds no serious or critical violation on the public pages (issue 2 §5). Pages come
 * from browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) }), which @axe-core/playwright needs (docs/design.md §6).
 */
const pages: { name: string; path: string | "profile" }[] = [
  { name: "home", path: "/" },
  { name: "browse", path: "/browse-lawyers" },
  { name: "profile", path: "profile" },
  { name: "not-found", path: "/this-page-does-not-exist" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  // Issue 16: how ranking works and the reviews policy.
  { name: "how-ranking-works", path: "/how-ranking-works" },
  { name: "reviews-policy", path: "/reviews-policy" },
];

for (const { name, path } of pages) {
  test(`axe: no serious or critical violation on ${name}`, async ({ browser, request }) => {
    const target = path === "profile" ? `/lawyer/${await firstLawyerId(request)}` : path;
    const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
    try {
      const page = await context.newPage();
      await page.goto(target);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("h1").first()).toBeVisible();
      await expectNoSeriousViolations(page, target);
    } finally {
      await context.close();
    }
  });
}
