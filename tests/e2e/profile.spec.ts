import { firstLawyerId } from "./support/lawyers.ts";
import { expect, test } from "./support/test.ts";

/** Lawyer profile (spec §2 "Lawyer profile", issue 2 §4): JSON-LD, Call Now, not-found view. */
test("a profile shows the lawyer, LegalService JSON-LD and a tel: Call Now link", async ({
  page,
  request,
}) => {
  const id = await firstLawyerId(request);
  const lawyer = (await (await request.get(`/api/lawyers/${id}`)).json()) as {
    name: string;
    firm: string;
    phone: string;
    city: string;
  };
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
