import { mkdirSync } from "node:fs";
import path from "node:path";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { waitForLink } from "./support/outbox.ts";
import { animationsSettled } from "./support/settle.ts";
import { type BrowserContext, expect, type Page, test, visitorHeaders } from "./support/test.ts";

/**
 * The case page /cases/{id} (issue 4 "Tracking and messages", "Safety"): a case seeded through
 * POST /api/cases (one submission: the per-IP limit is shared with cases.spec.ts) opens by its
 * emailed tracking link, which sets the case cookie and redirects to the clean address; the page
 * has its CSP and still hydrates (the lawyer's status change runs through React Router's fetch);
 * the demo lawyer changes the status and both sides write; a stranger gets the 404 page; axe
 * finds no serious violation for either party.
 *
 * With E2E_SCREENSHOTS=<folder>, the page is saved there at 375 and 1280 px for both parties.
 */

const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Saves full-page screenshots at 375 and 1280 px as `<name>-<width>.png` when E2E_SCREENSHOTS is set. */
async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsSettled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The demo lawyer's listing id (API login; the session is logged out again). */
async function demoLawyerListingId(context: BrowserContext): Promise<number> {
  const login = await context.request.post("/api/auth/login", { data: DEMO_LAWYER });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { lawyerId: number } };
  await context.request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  return user.lawyerId;
}

test("the case page by tracking link and for the lawyer: CSP, status, thread, 404 for strangers, axe", async ({
  browser,
}) => {
  const lawyerContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const lawyerId = await demoLawyerListingId(lawyerContext);
  const stamp = Date.now();
  const clientEmail = `case-page.${stamp}@example.org`;
  // Unique per run: the demo lawyer's list holds the cases of every journey.
  const title = `Fell on a wet floor <b>not bold</b> ${stamp}`;

  // Seed a case as a visitor, with a PDF.
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const submit = await visitor.request.post("/api/cases", {
    multipart: {
      caseTitle: title,
      caseType: "Slip and Fall",
      description: "The shop had no warning sign.\nI hurt my wrist.",
      priority: "high",
      preferredCommunication: "in-person",
      dateNeeded: "2099-03-07",
      clientName: "Robin Wolfeschlegelsteinhausenbergerdorffvisitorwithoutanyspaces",
      clientEmail,
      clientPhone: "+1 416 555 0123",
      lawyerId: String(lawyerId),
      healthDataConsent: "true",
      documents: { name: "incident report.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(submit.status(), await submit.text()).toBe(201);
  const { case: created } = (await submit.json()) as { case: { id: string } };

  // The tracking link sets the cookie and redirects to the clean address.
  const link = await waitForLink(clientEmail, `/cases/${created.id}?token=`);
  const page = await visitor.newPage();
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const answer = await page.goto(link);
  expect(page.url()).toMatch(new RegExp(`/cases/${created.id}$`));
  const headers = answer?.headers() ?? {};
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // Inline scripts only with this response's nonce: no 'unsafe-inline' for scripts.
  const scriptSrc = /script-src ([^;]+)/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
  expect(scriptSrc).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  const markup = await answer?.text();
  // A data answer of the same page carries no unfilled placeholder.
  const data = await visitor.request.get(`/cases/${created.id}.data`);
  expect(data.headers()["content-security-policy"] ?? "").not.toContain("{nonce}");
  // Counted by splitting, not by a RegExp: a base64 nonce may hold "+" and "/".
  expect(markup?.match(/<script[\s>]/g)?.length).toBe(
    (markup ?? "").split(`<script nonce="${nonce}"`).length - 1,
  );
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: "incident report.pdf" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Status timeline" }).getByText("Pending")).toBeVisible();
  await expect(page.getByLabel("Case status")).toHaveCount(0);
  // Stored option values and dates read as words, not as raw values ("in-person", "2099-03-07").
  const summary = page.getByRole("region", { name: "Case summary" });
  await expect(summary).toContainText("In person");
  await expect(summary).toContainText("Mar 7, 2099");
  await expect(summary).not.toContainText("in-person");
  await expectNoSeriousViolations(page, "the case page (client)");
  await shoot(page, "case-client");

  // The visitor writes (plain form post works before and after hydration).
  await page.getByLabel("Message").fill("Hello, I can send photos too.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Hello, I can send photos too.")).toBeVisible();

  // The lawyer: status control, hydrated page (the CSP lets React Router run), reply.
  const lawyerPage = await lawyerContext.newPage();
  lawyerPage.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await lawyerPage.goto("/login?redirectTo=%2Fdashboard");
  await lawyerPage.getByLabel("Email").fill(DEMO_LAWYER.email);
  await lawyerPage.getByRole("textbox", { name: /^Password/ }).fill(DEMO_LAWYER.password);
  await lawyerPage.getByRole("button", { name: "Sign in" }).click();
  await expect(lawyerPage).toHaveURL(/\/dashboard/);
  await lawyerPage.getByRole("link", { name: title }).click();
  await expect(lawyerPage).toHaveURL(new RegExp(`/cases/${created.id}$`));
  // Loaded as a document, with the page's CSP and nonce: it still hydrates.
  const lawyerDoc = await lawyerPage.reload();
  expect(lawyerDoc?.headers()["content-security-policy"]).toMatch(
    /script-src 'nonce-[^']+' 'strict-dynamic'/,
  );
  // Issue 17 §2: the conflict-check summary first; Accept for review (React Router's fetch once hydrated).
  const noConflict = lawyerPage.getByRole("checkbox", { name: /I have checked for conflicts/ });
  await waitForHydration(noConflict);
  await noConflict.check();
  await lawyerPage.getByRole("button", { name: "Accept for review" }).click();
  await expect(lawyerPage.getByRole("list", { name: "Status timeline" }).getByText("Accepted")).toBeVisible();
  await expect(lawyerPage.getByLabel("Case status")).toBeVisible();
  await lawyerPage.getByLabel("Message").fill("Thank you. Please send them here.");
  await lawyerPage.getByRole("button", { name: "Send message" }).click();
  await expect(lawyerPage.getByText("Thank you. Please send them here.")).toBeVisible();
  await expect(lawyerPage.getByLabel("Message")).toHaveValue("");
  await expectNoSeriousViolations(lawyerPage, "the case page (lawyer)");
  await shoot(lawyerPage, "case-lawyer");
  // At 375 px a long unbroken client name ("From …") wraps instead of widening the page.
  await lawyerPage.setViewportSize({ width: 375, height: 900 });
  await expect
    .poll(() => lawyerPage.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await lawyerPage.setViewportSize({ width: 1280, height: 900 });
  await lawyerPage.goto("/dashboard");
  await lawyerPage.locator("#my-cases-title").scrollIntoViewIfNeeded();
  await shoot(lawyerPage, "dashboard-cases-lawyer");

  // The visitor sees the new status and the reply.
  await page.reload();
  await expect(page.getByRole("list", { name: "Status timeline" }).getByText("Accepted")).toBeVisible();
  await expect(page.getByText("Thank you. Please send them here.")).toBeVisible();

  // A stranger (no cookie) and a wrong token get the 404 page.
  const stranger = await browser.newPage();
  const none = await stranger.goto(`/cases/${created.id}`);
  expect(none?.status()).toBe(404);
  const wrong = await stranger.goto(`/cases/${created.id}?token=${"A".repeat(43)}`);
  expect(wrong?.status()).toBe(404);
  expect(cspErrors).toEqual([]);

  await stranger.close();
  await visitor.close();
  await lawyerContext.close();
});
