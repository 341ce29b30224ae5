import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

/**
 * The browse location filter offers cities and regions as well as countries, with counts (issue
 * 19 §2): choosing the city with most lawyers lists exactly its lawyers (the heading's count is
 * the option's count, every card is in that city), shows its chip, and passes axe; in Arabic the
 * groups and the chip are in Arabic; without JavaScript the select submits as a GET form.
 */

/** The option text "Munich, Germany (1,204)" -> [name, count]. */
function parseOption(text: string): [string, number] {
  const m = /^(.*) \(([\d,٬٠-٩]+)\)$/.exec(text.trim());
  if (!m) throw new Error(`not a counted option: ${text}`);
  const digits = (m[2] as string)
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\D/g, "");
  return [m[1] as string, Number(digits)];
}

test("choose a city: its lawyers, its chip, axe", async ({ page }) => {
  await page.goto("/browse-lawyers?location=DE");
  const select = page.locator(".filters-desktop").getByRole("combobox", { name: "Location" });
  await waitForHydration(select);
  // Groups in order, each with options.
  const groups = await select.locator("optgroup").evaluateAll((gs) => gs.map((g) => g.getAttribute("label")));
  expect(groups).toEqual(["Countries", "Regions", "Cities"]);
  const cities = select.locator('optgroup[label="Cities"] option');
  expect(await cities.count()).toBeGreaterThan(1);
  // Within the country filter: every city option is a German one.
  for (const v of await cities.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    expect(v).toMatch(/, DE$/);
  const first = cities.first();
  const value = (await first.getAttribute("value")) as string;
  const [name, count] = parseOption((await first.textContent()) ?? "");
  expect(count).toBeGreaterThan(0);

  await select.selectOption(value);
  await expect(page).toHaveURL((url) => url.searchParams.get("location") === value);
  await expect(
    page.getByRole("heading", { name: new RegExp(`^${count.toLocaleString("en")} Lawyers? Found$`) }),
  ).toBeVisible();
  await expect(page.locator('[data-chip="location"]:visible').first()).toContainText(name);
  // Every card on the first page is in that city.
  const city = value.replace(/, DE$/, "");
  const places = await page.locator(".lawyer-card").allInnerTexts();
  expect(places.length).toBeGreaterThan(0);
  for (const card of places) expect(card).toContain(city);
  await expectNoSeriousViolations(page, "city filter");
});

test("in Arabic: groups, place names and the chip read in Arabic", async ({ page }) => {
  await page.goto("/ar/browse-lawyers?location=DE");
  const select = page.locator('.filters-desktop select[name="location"]');
  const groups = await select.locator("optgroup").evaluateAll((gs) => gs.map((g) => g.getAttribute("label")));
  expect(groups).toEqual(["الدول", "المناطق", "المدن"]);
  const munich = select.locator('option[value="Munich, DE"]');
  await expect(munich).toHaveCount(1);
  await expect(munich).toContainText("ميونخ، ألمانيا");
  await page.goto("/ar/browse-lawyers?location=Munich%2C+DE");
  await expect(page.locator('[data-chip="location"]:visible').first()).toContainText("ميونخ، ألمانيا");
  await expectNoSeriousViolations(page, "city filter in Arabic");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the location select submits a region as a GET form", async ({ page }) => {
    await page.goto("/browse-lawyers?location=DE");
    const form = page.locator(".filters-desktop form");
    const region = form.locator('select[name="location"] optgroup[label="Regions"] option').first();
    const value = (await region.getAttribute("value")) as string;
    await form.locator('select[name="location"]').selectOption(value);
    await form.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("location") === value);
    await expect(page.locator('[data-chip="location"]').first()).toBeVisible();
  });
});
