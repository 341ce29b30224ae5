import { searchLawyers } from "./support/lawyers.ts";
import { expect, test } from "./support/test.ts";

/** Lawyer profile (spec §2 "Lawyer profile", issue 2 §4): JSON-LD, Call Now, not-found view. */
test("a profile shows the lawyer, LegalService JSON-LD and a tel: Call Now link", async ({
  page,
  request,
}) => {
  // Issue 28 §4: a demo number is published only in a range reserved for fiction (US 555-01XX),
  // so the listing is a reviewed US one whose number is shown.
  type Detail = { name: string; firm: string; phone: string; city: string; reviewCount: number };
  let id = 0;
  let lawyer: Detail | undefined;
  for (const c of await searchLawyers(request, { location: "US", sort: "rating", pageSize: "24" })) {
    const detail = (await (await request.get(`/api/lawyers/${c.id}`)).json()) as Detail;
    if (detail.phone && detail.reviewCount > 0) {
      id = c.id;
      lawyer = detail;
      break;
    }
  }
  if (!lawyer) throw new Error("the demo data should have a reviewed US listing with a published number");
  const response = await page.goto(`/lawyer/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(lawyer.name);
  await expect(page.getByText(lawyer.firm).first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(lawyer.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/lawyer/${id}$`));

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
  const service = data.find((d) => d["@type"] === "LegalService");
  expect(service, "a LegalService JSON-LD block").toBeDefined();
  expect(service?.name).toBe(lawyer.name);
  expect(service?.telephone).toBeTruthy();
  expect(service?.address).toBeTruthy();
  expect(service?.geo).toBeTruthy();
  expect(service?.aggregateRating).toBeTruthy();
  expect(service?.areaServed).toBeTruthy();

  const call = page.getByRole("link", { name: "Call Now" });
  await expect(call).toBeVisible();
  const href = await call.getAttribute("href");
  expect(href).toMatch(/^tel:\+?\d{5,}$/);
  expect(href?.replace(/\D/g, "")).toBe(lawyer.phone.replace(/\D/g, ""));
});

test("an unknown lawyer id answers 404 with 'Lawyer Not Found' and a way back", async ({ page }) => {
  const response = await page.goto("/lawyer/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Lawyer Not Found" })).toBeVisible();
  await expect(page.getByText("The lawyer profile you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Directory/ }).first()).toBeVisible();
});
