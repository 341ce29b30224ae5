import { waitForHydration } from "./support/hydration.ts";
import { searchLawyers } from "./support/lawyers.ts";
import { expect, type Locator, type Page, test } from "./support/test.ts";

/**
 * The main journey (issue 2 §5, spec §2 "Home hero" and "Browse/search page"): search from the
 * home hero, check the results, chips, sort and page size, open a profile and come back.
 */
const QUERY = "car accident lawyer in Toronto";

/** Lawyer ids of the result cards, in the order shown (from each card's profile link). */
async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await resultCards(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.filter((h) => /^\/lawyer\/\d+$/.test(h)).map((h) => Number(h.split("/").pop()));
}

/** The first letter of a name without accents, upper-case ("Émile" -> "E"), for A-Z checks. */
function baseLetter(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toUpperCase();
}

function resultCards(page: Page): Locator {
  return page.locator("#results article");
}

test("search from the home hero: results, chips, sort, page size, profile and back", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Find Personal Injury Lawyers Worldwide" }),
  ).toBeVisible();

  // Type the query in the hero's Smart Search box and press Enter.
  const box = page.getByRole("search", { name: "Find a lawyer" }).getByLabel(/Smart Search/);
  await waitForHydration(box);
  // The results section is its own Suspense boundary and hydrates after the hero: a search
  // sent before it has hydrated makes React client-render that section afresh, and for a moment
  // it holds no cards. A person sees the results arrive; the checks below must not read the gap.
  await waitForHydration(page.getByLabel("Sort by"));
  await box.fill(QUERY);
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("query") === QUERY);

  // Results: lawyers in Toronto who handle car accidents.
  await expect(page.getByRole("heading", { name: /\d+ Lawyers? Found/ })).toBeVisible();
  const expected = await searchLawyers(request, { query: QUERY });
  expect(expected.length).toBeGreaterThan(0);
  for (const lawyer of expected) {
    expect(lawyer.city).toBe("Toronto");
    expect(lawyer.practiceAreas).toContain("Car Accidents");
  }
  await expect.poll(() => cardIds(page)).toEqual(expected.map((l) => l.id));
  const cards = await resultCards(page).all();
  expect(cards.length).toBe(expected.length);
  for (const card of cards) await expect(card).toContainText("Toronto");

  // Chips show the active search and can remove it.
  const chips = page.getByTestId("filter-chips").first();
  await expect(chips).toBeVisible();
  await expect(chips.getByRole("link", { name: /Remove filter/ }).first()).toBeVisible();
  await expect(chips).toContainText("Toronto");

  // Sort by name: the URL carries the sort and the cards follow the server's A-Z order.
  const relevanceOrder = await cardIds(page);
  await waitForHydration(page.getByLabel("Sort by"));
  await page.getByLabel("Sort by").selectOption({ label: "Name (A-Z)" });
  await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "name");
  const byName = await searchLawyers(request, { query: QUERY, sort: "name" });
  await expect.poll(() => cardIds(page)).toEqual(byName.map((l) => l.id));
  const initials = byName.map((l) => baseLetter(l.name));
  expect(initials).toEqual([...initials].sort());
  const relevance = await searchLawyers(request, { query: QUERY });
  expect(relevance.map((l) => l.id)).toEqual(relevanceOrder);
  if (byName.some((l, i) => l.id !== relevance[i]?.id)) {
    expect(await cardIds(page)).not.toEqual(relevanceOrder);
  }

  // Page size 6: the URL carries it, and at most 6 cards show.
  await page.getByLabel("Per page").selectOption("6");
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("pageSize") === "6" && url.searchParams.get("sort") === "name",
  );
  const firstSix = await searchLawyers(request, { query: QUERY, sort: "name", pageSize: "6" });
  await expect.poll(() => cardIds(page)).toEqual(firstSix.map((l) => l.id));
  expect(firstSix.length).toBeLessThanOrEqual(6);

  // Open a profile, then go back: the URL and the results are the same.
  const searchUrl = page.url();
  const shownIds = await cardIds(page);
  const first = firstSix[0];
  expect(first).toBeDefined();
  await resultCards(page).first().getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${first?.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first?.name ?? "");
  await page.goBack();
  await expect(page).toHaveURL(searchUrl);
  await waitForHydration(page.getByLabel("Sort by"));
  await expect.poll(() => cardIds(page)).toEqual(shownIds);
  await expect(page.getByLabel("Sort by")).toHaveValue("name");
  await expect(page.getByLabel("Per page")).toHaveValue("6");
});
