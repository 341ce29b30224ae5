import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * Ads and lawyer analytics in the browser (issue 6 "Ads", "Analytics for lawyers", "Tests"):
 * a signed-out visitor sees the labelled house ads (no AD_PUBLISHER_ID in the journeys' server)
 * on the home page (top and sidebar) and the browse page, in their reserved space; the demo
 * premium lawyer sees no ad slot anywhere and the Analytics tab with its chart (axe); the demo
 * free lawyer sees the dashboard's ad and the locked Analytics tab. No page requests the ad
 * network's script without a publisher id. Without one there is nothing to consent to, so no
 * consent banner appears here; network ads after consent are tests/e2e/consent.spec.ts (issue 17 §1).
 */

const PREMIUM = { email: "premium@demo.lexatlas.example", password: "lexatlas-premium-demo" };
const FREE_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };

/** Signs in through the login page and waits for the dashboard. */
async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fails the test if the page requests anything from the ad network. */
function refuseAdNetwork(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (/googlesyndication|doubleclick|adsbygoogle/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test.describe("signed out", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the home page shows the top and sidebar house ads, in space reserved before load", async ({
    page,
  }) => {
    const adRequests = refuseAdNetwork(page);
    await page.goto("/");
    const top = page.getByRole("region", { name: "Advertisement", exact: true });
    await expect(top).toBeVisible();
    await expect(top).toContainText("Advertisement");
    await expect(top.getByRole("link", { name: "See Premium" })).toHaveAttribute(
      "href",
      "/dashboard?view=upgrade",
    );
    const sidebar = page.getByRole("region", { name: "Sidebar advertisement" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "List your practice" })).toHaveAttribute(
      "href",
      "/signup",
    );
    // The reserved heights do not depend on the content (AdSlot.css).
    expect((await top.boundingBox())?.height).toBe(100);
    expect((await sidebar.boundingBox())?.height).toBe(280); // from 75em; 180 px below
    const before = await top.boundingBox();
    await page.waitForLoadState("networkidle");
    expect(await top.boundingBox()).toEqual(before);
    expect(adRequests).toEqual([]);
  });

  test("the browse page shows the client Premium house ad after the first results (issue 19 §5)", async ({
    page,
  }) => {
    const adRequests = refuseAdNetwork(page);
    await page.goto("/browse-lawyers");
    const ad = page.getByRole("region", { name: "Advertisement", exact: true });
    await expect(ad).toBeVisible();
    await expect(ad).toContainText("Browse without ads: Premium — $29.99/month");
    await expect(ad).not.toContainText("lawyers");
    await expect(page.getByTestId("ad-slot")).toHaveCount(1);
    const adBox = await ad.boundingBox();
    const firstCard = await page.locator("#results article").first().boundingBox();
    expect(adBox && firstCard && adBox.y > firstCard.y + firstCard.height).toBe(true);
    expect(adRequests).toEqual([]);
  });
});

test("the demo premium lawyer sees no ads, and the Analytics tab with its chart", async ({ page }) => {
  const adRequests = refuseAdNetwork(page);
  await signIn(page, PREMIUM);
  await expect(page.getByTestId("ad-slot")).toHaveCount(0);
  const tab = page.getByRole("tab", { name: "Analytics" });
  await expect(tab).toBeEnabled();
  // The tab is a link to ?tab=analytics: it works before hydration too (issue 13 §4).
  await expect(tab).toHaveAttribute("href", "?tab=analytics");
  await tab.click();
  await expect(page).toHaveURL(/\/dashboard\?tab=analytics$/);
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Analytics" });
  await expect(panel.getByRole("heading", { name: "Analytics" })).toBeVisible();
  await expect(panel.getByTestId("figure-Total views")).toHaveText(/^[1-9][\d,]*$/);
  await expect(panel.getByTestId("figure-Click-through rate")).toHaveText(/^\d+\.\d%$/);
  await expect(panel.getByTestId("figure-Average rating")).toBeVisible();
  await expect(panel.getByTestId("analytics-chart").locator("svg .recharts-area").first()).toBeVisible();
  // The chart's figures for screen readers.
  await expect(
    panel.getByRole("table", { name: "Views, clicks and contact clicks per day, last 30 days (UTC)" }),
  ).toHaveCount(1);
  // Issue 16 §3: the review figures of the listing's published demo reviews, the stars as a table too.
  await expect(panel.getByTestId("review-figure-published")).toHaveText(/^[1-9][\d,]*$/);
  await expect(
    panel.getByTestId("review-distribution-chart").locator("svg .recharts-bar").first(),
  ).toBeVisible();
  await expect(panel.getByRole("table", { name: "Reviews by stars" })).toHaveCount(1);
  await expect(panel.getByText("From views to cases")).toBeVisible();
  await expectNoSeriousViolations(page, "the Analytics tab");

  for (const path of ["/", "/browse-lawyers"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId("ad-slot"), path).toHaveCount(0);
  }
  expect(adRequests).toEqual([]);
});

test("opening a result from search counts a view and a click; the email link a contact click", async ({
  browser,
}) => {
  // The journeys' browser is headless (a bot by its user agent): the visitor uses a desktop one.
  const owner = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, PREMIUM);
  const today = async () => {
    const r = await ownerPage.request.get("/api/analytics");
    expect(r.status()).toBe(200);
    const body = (await r.json()) as {
      lawyerId: number;
      daily: { views: number; clicks: number; contactClicks: number }[];
    };
    return { lawyerId: body.lawyerId, ...body.daily.at(-1) };
  };
  const before = await today();
  const lawyer = (await (await ownerPage.request.get(`/api/lawyers/${before.lawyerId}`)).json()) as {
    name: string;
    email: string;
  };
  const visitor = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  });
  const page = await visitor.newPage();
  await page.goto(`/browse-lawyers?query=${encodeURIComponent(lawyer.name)}`);
  const link = page.locator(`a[href="/lawyer/${before.lawyerId}"]`).first();
  // React Router prefetches on intent (the page's data) once the page has hydrated: that is not
  // a visit.
  await waitForHydration(link);
  const prefetched = page.waitForRequest(
    (request) => new URL(request.url()).pathname === `/lawyer/${before.lawyerId}.data`,
  );
  await link.hover();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${before.lawyerId}$`));
  await page.getByRole("link", { name: lawyer.email }).click();
  await expect.poll(today).toMatchObject({
    views: (before.views ?? 0) + 1,
    clicks: (before.clicks ?? 0) + 1,
    contactClicks: (before.contactClicks ?? 0) + 1,
  });
  await owner.close();
  await visitor.close();
});

test("the demo free lawyer sees the dashboard ad and the locked Analytics tab", async ({ page }) => {
  await signIn(page, FREE_LAWYER);
  await expect(page.getByRole("tab", { name: "Analytics" })).toBeDisabled();
  await expect(page.getByText("Analytics is part of Premium")).toBeVisible();
  const ad = page.getByRole("region", { name: "Advertisement", exact: true });
  await expect(ad).toBeVisible();
  await expect(ad.getByRole("link", { name: "See Premium" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("ad-slot")).toHaveCount(2);
});
