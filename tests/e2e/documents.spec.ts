import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForLink } from "./support/outbox.ts";
import { animationsSettled } from "./support/settle.ts";
import { type BrowserContext, expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * Issue 17 §3 in the browser: a client uploads a document with their case (visitor, tracking
 * link), the file under the server's upload folder holds no readable PDF, the lawyer accepts the
 * case for review (§2) and downloads it from the case page (the bytes are the original), and the client then sees that download in
 * "Who downloaded your documents" (and their own), in English and in Arabic (right to left).
 *
 * With E2E_SCREENSHOTS=<folder>, the client's page is saved at 390 and 1280 px in en and ar.
 */

const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsSettled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function demoLawyerListingId(context: BrowserContext): Promise<number> {
  const login = await context.request.post("/api/auth/login", { data: DEMO_LAWYER });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { lawyerId: number } };
  await context.request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  return user.lawyerId;
}

test("a client's document is stored encrypted, the lawyer downloads it, the client sees the download", async ({
  browser,
}) => {
  const lawyerContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const lawyerId = await demoLawyerListingId(lawyerContext);
  const stamp = Date.now();
  const clientEmail = `documents.${stamp}@example.org`;
  const title = `Hurt at the depot ${stamp}`;

  const visitor = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const submit = await visitor.request.post("/api/cases", {
    multipart: {
      caseTitle: title,
      caseType: "Workplace Injury",
      description: "A pallet fell on my foot.",
      priority: "medium",
      preferredCommunication: "email",
      clientName: "Sam Client",
      clientEmail,
      clientPhone: "+1 416 555 0199",
      lawyerId: String(lawyerId),
      healthDataConsent: "true",
      documents: { name: "x-ray.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(submit.status(), await submit.text()).toBe(201);
  const { case: created } = (await submit.json()) as { case: { id: string; documents: { id: string }[] } };

  // At rest: no file under the server's upload folder starts with or contains the PDF.
  const uploads = path.join(process.env.E2E_DATA_DIR ?? "", "uploads");
  const files = readdirSync(uploads).filter((f) => /^[0-9a-f]{32}$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files)
    expect(readFileSync(path.join(uploads, f)).includes(Buffer.from("%PDF"))).toBe(false);

  // The client opens the tracking link: nobody has downloaded anything yet.
  const link = await waitForLink(clientEmail, `/cases/${created.id}?token=`);
  const page = await visitor.newPage();
  await page.goto(link);
  const downloads = page.getByRole("region", { name: "Who downloaded your documents" });
  await expect(downloads).toContainText("No one has downloaded your documents yet.");

  // The lawyer signs in, opens the case and downloads the document from its link.
  const lawyerPage = await lawyerContext.newPage();
  await lawyerPage.goto("/login?redirectTo=%2Fdashboard");
  await lawyerPage.getByLabel("Email").fill(DEMO_LAWYER.email);
  await lawyerPage.getByRole("textbox", { name: /^Password/ }).fill(DEMO_LAWYER.password);
  await lawyerPage.getByRole("button", { name: "Sign in" }).click();
  await expect(lawyerPage).toHaveURL(/\/dashboard/);
  await lawyerPage.goto(`/cases/${created.id}`);
  // Issue 17 §2: the documents open to the lawyer once they accept the case for review.
  await lawyerPage.getByRole("checkbox", { name: /I have checked for conflicts/ }).check();
  await lawyerPage.getByRole("button", { name: "Accept for review" }).click();
  await expect(lawyerPage.getByTestId("case-accepted-note")).toBeVisible();
  // The lawyer does not get the client's download list.
  await expect(lawyerPage.getByRole("region", { name: "Who downloaded your documents" })).toHaveCount(0);
  const [download] = await Promise.all([
    lawyerPage.waitForEvent("download"),
    lawyerPage.getByRole("link", { name: "x-ray.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("x-ray.pdf");
  expect(readFileSync((await download.path()) as string).equals(PDF)).toBe(true);

  // The client sees the lawyer's download; then downloads it too and sees their own line.
  await page.reload();
  const rows = downloads.getByRole("row");
  await expect(rows).toHaveCount(2); // header + one download
  await expect(rows.nth(1)).toContainText("x-ray.pdf");
  await expect(rows.nth(1)).toContainText("Your lawyer");
  const [own] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "x-ray.pdf" }).click(),
  ]);
  expect(readFileSync((await own.path()) as string).equals(PDF)).toBe(true);
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("You, with the case link");
  await expect(rows.nth(2)).toContainText("Your lawyer");
  await expectNoSeriousViolations(page, "the case page with its download list");
  await downloads.scrollIntoViewIfNeeded();
  await shoot(page, "case-downloads-en");

  // The same list in Arabic, right to left.
  await page.goto(`/ar/cases/${created.id}`);
  const arabic = page.getByRole("region", { name: "من قام بتنزيل مستنداتك" });
  await expect(arabic).toContainText("محاميك");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await arabic.scrollIntoViewIfNeeded();
  await shoot(page, "case-downloads-ar");

  await visitor.close();
  await lawyerContext.close();
});
