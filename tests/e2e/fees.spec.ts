/**
 * Fees and first meeting as a visitor uses them (issue 19 §1): the filters "Free consultation"
 * and "No win, no fee" with their counts keep only matching listings, whose cards carry the
 * badges; the chips remove them; a profile shows "Fees and first meeting" with a worked example
 * in the page's money format, in English and in Arabic (right to left); each page passes axe.
 */
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

type Facets = { freeConsultation: number; feeModels: { value: string; count: number }[]; total: number };

test("the fee filters narrow the results with their counts; cards and profile show the terms", async ({
  page,
  request,
}) => {
  // Six pages, four of them checked by axe, in two languages.
  test.setTimeout(150_000);
  const all = (await (await request.get("/api/lawyers/facets")).json()) as Facets;
  expect(all.freeConsultation).toBeGreaterThan(0);
  expect(all.freeConsultation).toBeLessThan(all.total);
  const noWin = all.feeModels.find((m) => m.value === "contingency")?.count ?? 0;
  expect(noWin).toBeGreaterThan(0);

  await page.goto("/browse-lawyers");
  const free = page.getByTestId("free-consultation").first();
  await waitForHydration(free);
  await expect(page.getByText("Free consultation").first()).toBeVisible();
  await free.check();
  await expect(page).toHaveURL(/freeConsultation=true/);
  const afterFree = (await (await request.get("/api/lawyers/facets?freeConsultation=true")).json()) as Facets;
  const both = afterFree.feeModels.find((m) => m.value === "contingency")?.count ?? 0;
  // The "No win, no fee" row counts the free-consultation listings that offer it.
  const noWinRow = page.getByTestId("no-win-no-fee").first();
  await expect(noWinRow.locator("xpath=ancestor::label[1]")).toContainText(
    new Intl.NumberFormat("en").format(both),
  );
  await noWinRow.check();
  await expect(page).toHaveURL(/feeModel=contingency/);
  await expect(page.locator("#results-heading")).toContainText(new Intl.NumberFormat("en").format(both));
  const cards = page.locator("article.lawyer-card");
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  for (let i = 0; i < n; i++) {
    await expect(cards.nth(i).getByTestId("badge-free-consultation")).toBeVisible();
    await expect(cards.nth(i).getByTestId("badge-no-win-no-fee")).toBeVisible();
  }
  const chips = page.getByTestId("filter-chips").first();
  await expect(chips.getByRole("link", { name: /No win, no fee/ })).toBeVisible();
  await expectNoSeriousViolations(page, "browse with the fee filters");
  // The chip removes only its own filter.
  await chips.getByRole("link", { name: /No win, no fee/ }).click();
  await expect(page).not.toHaveURL(/feeModel=/);
  await expect(page).toHaveURL(/freeConsultation=true/);

  // A profile with no win, no fee: the section, its worked example and the country's rule.
  const listed = (await (
    await request.get("/api/lawyers/search?feeModel=contingency&freeConsultation=true&pageSize=6")
  ).json()) as { id: number; countryCode: string }[];
  const id = listed[0]?.id;
  expect(id).toBeDefined();
  await page.goto(`/lawyer/${id}`);
  const section = page.getByTestId("fees-section");
  await expect(section.getByRole("heading", { name: "Fees and first meeting" })).toBeVisible();
  await expect(section.getByTestId("fee-example")).toContainText(
    /If you receive .+, the fee is between .+ and .+; if you receive nothing, you pay no fee\./,
  );
  await expect(section.getByTestId("fee-rule")).toBeVisible();
  await expectNoSeriousViolations(page, "profile with fees");

  // The same in Arabic, right to left, with Arabic money formatting.
  await page.goto(`/ar/lawyer/${id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const ar = page.getByTestId("fees-section");
  await expect(ar.getByRole("heading", { name: "الأتعاب واللقاء الأول" })).toBeVisible();
  await expect(ar.getByTestId("fee-example")).toContainText("إذا حصلت على");
  await expectNoSeriousViolations(page, "Arabic profile with fees");
  await page.goto("/ar/browse-lawyers?freeConsultation=true&feeModel=contingency");
  await expect(page.locator("article.lawyer-card").first().getByTestId("badge-no-win-no-fee")).toContainText(
    "لا أتعاب دون نجاح",
  );
  await expectNoSeriousViolations(page, "Arabic browse with the fee filters");
});
