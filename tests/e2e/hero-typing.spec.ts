import { waitForHydration } from "./support/hydration.ts";
import { browserIdle } from "./support/settle.ts";
import { expect, type Page, test } from "./support/test.ts";

/**
 * The hero's Smart Search box keeps every keystroke (issue 2 review: text typed in the first
 * seconds after load was lost when the box was swapped for another input) and offers at most 3
 * suggestions once the text is longer than 2 characters, chosen with the keyboard (spec §2, §4).
 */
const QUERY = "medical malpractice in Toronto";

function smartSearch(page: Page) {
  return page.getByRole("search", { name: "Find a lawyer" }).getByLabel(/Smart Search/);
}

test("typing quickly right after load keeps the exact text, through hydration and on Enter", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "commit" });
  const box = smartSearch(page);
  await box.click();
  // 70 ms per key, starting as soon as the box exists (no wait for hydration or idle).
  await page.keyboard.type(QUERY, { delay: 70 });
  await expect(box).toHaveValue(QUERY);

  // After hydration and the idle period the same element still holds the exact text.
  await waitForHydration(box);
  await browserIdle(page);
  await browserIdle(page);
  await expect(box).toHaveValue(QUERY);
  await expect(box).toBeFocused();

  // Enter searches for exactly what was typed.
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("query") === QUERY);
  await expect(box).toHaveValue(QUERY);
});

test("suggestions appear after 3 characters, at most 3, and the keyboard chooses one", async ({ page }) => {
  await page.goto("/");
  const box = smartSearch(page);
  await waitForHydration(box);
  await expect(box).toHaveAttribute("role", "combobox");
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // Two characters: no suggestions.
  const list = page.getByRole("listbox", { name: "Search suggestions" });
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/lawyers/suggestions") asked.push(url.searchParams.get("q") ?? "");
  });
  await box.pressSequentially("ca", { delay: 30 });
  await expect(list).toBeHidden();

  // Three characters: the list opens; Escape closes it and keeps the text. Two characters were
  // never asked for (every request goes out before the list opens).
  await box.pressSequentially("r", { delay: 30 });
  await expect(list).toBeVisible();
  expect(asked.filter((q) => q.length < 3)).toEqual([]);
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("car");

  // A new text: up to 3 suggestions attached to the box.
  await box.fill("");
  await box.pressSequentially("med", { delay: 30 });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options.first()).toBeVisible();
  const texts = await options.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.length).toBeLessThanOrEqual(3);

  // ArrowDown highlights the first option; Enter fills the box with it and closes the list.
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const urlBefore = page.url();
  await box.press("Enter");
  await expect(box).toHaveValue(texts[0] ?? "");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  expect(page.url()).toBe(urlBefore);

  // Enter now searches for the chosen text.
  await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("query") === texts[0]);
});
