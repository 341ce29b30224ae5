/**
 * Verification as a visitor sees it (issue 15 §2): the "Verified only" filter with its count keeps
 * only ticked listings (without JavaScript too, as a plain form field), a verified demo profile
 * says where its licence was checked and lists the five checks in "What we checked", an
 * unverified one says "Licence not yet verified" (and so does its case form), and
 * /how-we-verify explains it all; each page passes axe.
 */
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/test.ts";

type Listed = { id: number; verified: boolean };

test("Verified only filters the results and its count matches; a verified profile shows what we checked", async ({
  page,
  request,
}) => {
  const facets = (await (await request.get("/api/lawyers/facets")).json()) as {
    verified: number;
    total: number;
  };
  expect(facets.verified).toBeGreaterThan(0);
  expect(facets.verified).toBeLessThan(facets.total);

  await page.goto("/browse-lawyers");
  const filter = page.getByTestId("verified-only").first();
  await waitForHydration(filter);
  await expect(page.getByText("Verified only").first()).toBeVisible();
  await filter.check();
  await expect(page).toHaveURL(/verified=true/);
  const heading = page.locator("#results-heading");
  // Another journey may verify a listing meanwhile (verification-request.spec.ts runs in
  // parallel): the heading must equal the facets' count of the same moment, so both are read
  // again (the page reloaded) until they agree.
  await expect
    .poll(
      async () => {
        const now = (await (await request.get("/api/lawyers/facets?verified=true")).json()) as {
          verified: number;
        };
        const shown = (await heading.textContent()) ?? "";
        if (shown.includes(new Intl.NumberFormat("en").format(now.verified))) return true;
        await page.reload();
        return false;
      },
      { message: "the heading counts the verified listings the facets count", timeout: 20_000 },
    )
    .toBe(true);
  await expect(page.getByTestId("card-licence-not-verified")).toHaveCount(0);
  await expect(page.locator("article.lawyer-card").first()).toBeVisible();
  await expect(page.locator("article.lawyer-card [data-testid=verified-badge]").first()).toBeVisible();
  await expectNoSeriousViolations(page, "browse with Verified only");

  const verified = (await (
    await request.get("/api/lawyers/search?verified=true&pageSize=6")
  ).json()) as Listed[];
  const id = verified[0]?.id;
  expect(id).toBeDefined();
  await page.goto(`/lawyer/${id}`);
  await expect(page.getByTestId("verified-tick")).toBeVisible();
  await expect(page.getByTestId("licence-verified")).toContainText(
    /Licence verified with .+ on .+\(demo record\)$/,
  );
  const panel = page.getByTestId("what-we-checked");
  await expect(panel.getByRole("heading", { name: "What we checked" })).toBeVisible();
  for (const kind of ["licence", "discipline", "insurance", "education", "experience"])
    await expect(panel.getByTestId(`check-${kind}`)).toBeVisible();
  await expect(panel.getByTestId("check-licence")).toHaveAttribute("data-status", "verified");
  await expect(page.getByText(/Demo data: these listings are fictional/)).toBeVisible();
  await expectNoSeriousViolations(page, "verified profile");

  await panel.getByRole("link", { name: "How we verify listings" }).click();
  await expect(page).toHaveURL(/\/how-we-verify$/);
  await expect(page.getByRole("heading", { level: 1, name: "How we verify lawyers" })).toBeVisible();
  await expectNoSeriousViolations(page, "how we verify");
});

test("an unverified listing says so on its card, profile and case form", async ({ page, request }) => {
  const some = (await (await request.get("/api/lawyers/search?pageSize=48&sort=name")).json()) as Listed[];
  const unverified = some.find((l) => !l.verified);
  expect(unverified, "a demo listing without a verified licence").toBeDefined();
  await page.goto(`/lawyer/${unverified?.id}?form=case#submit-case`);
  await expect(page.getByTestId("verified-tick")).toHaveCount(0);
  await expect(page.getByTestId("licence-not-verified")).toHaveText("Licence not yet verified");
  await expect(page.getByTestId("case-licence-not-verified")).toContainText(
    "has not been verified by LexAtlas yet",
  );
  await expectNoSeriousViolations(page, "unverified profile with the case form");
});
