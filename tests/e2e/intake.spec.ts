import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { waitForHydration } from "./support/hydration.ts";
import { waitForLink } from "./support/outbox.ts";
import { animationsSettled } from "./support/settle.ts";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  test,
  visitorHeaders,
} from "./support/test.ts";

/**
 * Issue 17 (privacy by design) in the browser, against the real product:
 * 1. Consent (§1, GDPR Art. 9(2)(a)): the case dialog refuses to send without the health-data
 *    consent (the error next to the checkbox, everything typed kept), then sends with it; the
 *    demo lawyer sees only the conflict-check summary (§2, ABA Model Rule 1.18), accepts for
 *    review after confirming the conflict check, and only then sees the description and the PDF.
 * 2. Decline and re-send (§2): the lawyer declines with a reason; the client's tracking link shows
 *    the reason and the offer; the case goes to another lawyer with its document after consent.
 * 3. Withdrawal (§4): the client withdraws a case not accepted; it is gone (404) and the
 *    confirmation page says so.
 * Each journey sends one or two cases (per-IP limit: each test has its own visitor address).
 *
 * With E2E_SCREENSHOTS=<folder>: the consent step, the lawyer's summary view and the declined case
 * page at 1280 and 390 px, in English and Arabic (`<name>-<locale>-<width>.png`).
 */

const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const CONSENT = /I agree that LexAtlas processes the health information/;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/**
 * With E2E_SCREENSHOTS: the page as it is (en) at 1280 and 390 px, then, when `arPath` is given,
 * that address in Arabic (right to left) at both widths; the viewport is put back at 1280.
 */
async function shoot(page: Page, name: string, arPath?: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const back = page.url();
  for (const [locale, go] of [["en", null], ...(arPath ? [["ar", arPath]] : [])] as [
    string,
    string | null,
  ][]) {
    if (go) await page.goto(go);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await animationsSettled(page);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${locale}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  if (arPath) await page.goto(back);
}

/** The listing id the demo lawyer account is linked to. */
async function demoLawyerListingId(request: APIRequestContext): Promise<number> {
  const login = await request.post("/api/auth/login", { data: DEMO_LAWYER });
  expect(login.status(), await login.text()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { lawyerId: number } };
  await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  return user.lawyerId;
}

/** A page in a fresh context with this test's visitor address. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  return context.newPage();
}

/** Signs in through the login form. */
async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_LAWYER.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(DEMO_LAWYER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Sends a visitor's case with a PDF to listing `lawyerId` through the API; answers its id. */
async function apiCase(request: APIRequestContext, lawyerId: number, title: string, clientEmail: string) {
  const r = await request.post("/api/cases", {
    multipart: {
      caseTitle: title,
      caseType: "Car Accident",
      description: "Secret medical detail: a fractured vertebra after the crash.",
      priority: "high",
      clientName: "Dana Visitor",
      clientEmail,
      clientPhone: "+1 416 555 0123",
      otherParty: "Northwind Haulage Ltd",
      incidentPlace: "Toronto, Canada",
      incidentDate: "2025-11-02",
      healthDataConsent: "true",
      lawyerId: String(lawyerId),
      documents: { name: "mri-report.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { case: { id: string } }).case.id;
}

test("consent is required before a case is sent; the lawyer sees the summary, accepts, then the description and documents", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await demoLawyerListingId(request);
  const stamp = Date.now().toString(36);
  const title = `Intake consent ${stamp}`;
  const page = await newPage(browser);
  await page.goto(`/lawyer/${id}`);
  const button = page.getByRole("link", { name: "Submit Case" });
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Legal Case Management" });
  await dialog.getByLabel("Case Title").fill(title);
  await dialog.getByLabel("Case Type").selectOption("Car Accident");
  await dialog.getByLabel("Case Description").fill("Secret medical detail: whiplash and two cracked ribs.");
  await dialog.getByLabel("Other party (person or company)").fill("Northwind Haulage Ltd");
  await dialog.getByLabel("Where it happened").fill("Toronto, Canada");
  await dialog.getByLabel("When it happened").fill("2025-11-02");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Full Name").fill("Dana Visitor");
  await dialog.getByLabel("Email Address").fill(`intake.${stamp}@example.org`);
  await dialog.getByLabel("Phone Number").fill("+1 416 555 0100");
  await dialog.getByRole("button", { name: "Next" }).click();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Browse files" }).click();
  await (await chooser).setFiles([{ name: "xray.pdf", mimeType: "application/pdf", buffer: PDF }]);

  // Without the consent: not sent, the error next to the checkbox, the privacy policy linked.
  await expect(dialog.getByRole("link", { name: "Read the privacy policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );
  await dialog.getByRole("button", { name: "Submit Case" }).click();
  await expect(
    dialog.getByText("Tick the box to agree that LexAtlas processes the health information"),
  ).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: CONSENT })).toBeFocused();
  await expect(dialog.getByTestId("case-summary")).toHaveCount(0);
  await expect(dialog.getByRole("list", { name: "Attached documents" })).toContainText("xray.pdf");
  await shoot(page, "intake-consent-step");
  if (SCREENSHOTS) {
    // The same step in Arabic: the server-rendered form (the dialog's fields, issue 13 §4).
    const ar = await newPage(browser);
    await ar.goto(`/ar/lawyer/${id}?form=case#submit-case`);
    await ar.locator('[name="healthDataConsent"]').scrollIntoViewIfNeeded();
    await shoot(ar, "intake-consent-form-ar-page");
    await ar.context().close();
  }
  await dialog.getByRole("button", { name: "Previous" }).click();
  await dialog.getByRole("button", { name: "Previous" }).click();
  await expect(dialog.getByLabel("Other party (person or company)")).toHaveValue("Northwind Haulage Ltd");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("checkbox", { name: CONSENT }).check();
  await dialog.getByRole("button", { name: "Submit Case" }).click();
  await expect(dialog.getByTestId("case-summary")).toBeVisible();
  const casePath = await waitForLink(`intake.${stamp}@example.org`, "/cases/");

  // The lawyer: the conflict-check summary only.
  const lawyer = await newPage(browser);
  await signIn(lawyer);
  await lawyer.goto(casePath);
  const intake = lawyer.getByTestId("case-intake");
  await expect(intake).toContainText("Northwind Haulage Ltd");
  await expect(intake).toContainText("Toronto, Canada");
  await expect(lawyer.getByText("Secret medical detail")).toHaveCount(0);
  await expect(lawyer.getByRole("link", { name: "xray.pdf" })).toHaveCount(0);
  await expect(lawyer.getByTestId("case-locked")).toBeVisible();
  await expect(lawyer.getByLabel("Case status")).toHaveCount(0);
  await shoot(lawyer, "intake-lawyer-summary", `/ar${casePath}`);
  // Accept without the confirmation: refused next to it.
  await lawyer.getByRole("button", { name: "Accept for review" }).click();
  await expect(lawyer.getByText("Confirm that you have checked for conflicts")).toBeVisible();
  await lawyer.getByRole("checkbox", { name: /I have checked for conflicts/ }).check();
  await lawyer.getByRole("button", { name: "Accept for review" }).click();
  await expect(lawyer.getByTestId("case-accepted-note")).toBeVisible();
  await expect(lawyer.getByTestId("case-description")).toContainText("Secret medical detail");
  const download = lawyer.waitForEvent("download");
  await lawyer.getByRole("link", { name: "xray.pdf" }).click();
  expect((await readFile(await (await download).path())).equals(PDF)).toBe(true);
  await page.context().close();
  await lawyer.context().close();
});

test("the lawyer declines with a reason; the client sees it and sends the case to another lawyer with its document after consent", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const id = await demoLawyerListingId(request);
  const stamp = Date.now().toString(36);
  const email = `declined.${stamp}@example.org`;
  const caseId = await apiCase(request, id, `Intake decline ${stamp}`, email);
  const tracking = await waitForLink(email, `/cases/${caseId}?token=`);

  const lawyer = await newPage(browser);
  await signIn(lawyer);
  await lawyer.goto(`/cases/${caseId}`);
  await lawyer.getByLabel(/Reason for declining/).fill("I already act for Northwind Haulage.");
  await lawyer.getByRole("button", { name: "Decline" }).click();
  await expect(lawyer.getByTestId("case-declined-note")).toContainText(
    "I already act for Northwind Haulage.",
  );
  await expect(lawyer.getByText("Secret medical detail")).toHaveCount(0);

  // Another listing to send the case to, found by name on the case page.
  const search = await request.get("/api/lawyers/search?sort=experience&page=5");
  const found = ((await search.json()) as { id: number; name: string }[]).find((l) => l.id !== id);
  expect(found, "the demo data holds another listing").toBeTruthy();

  const client = await newPage(browser);
  await client.goto(tracking);
  await expect(client.getByTestId("case-declined-note")).toContainText(
    "I already act for Northwind Haulage.",
  );
  const panel = client.getByTestId("resend-panel");
  await expect(panel).toContainText("declined this case");
  // A declined case can never be reviewed: no review section promises it.
  await expect(client.getByRole("heading", { name: "Review your lawyer" })).toHaveCount(0);
  await shoot(client, "intake-declined-client", `/ar/cases/${caseId}`);
  await panel.getByLabel("Find another lawyer by name or city").fill(found?.name ?? "");
  await panel.getByRole("button", { name: "Search" }).click();
  await expect(client).toHaveURL(/[?&]find=/);
  // Before hydration the radio is plain HTML; hydration resets a radio ticked earlier (the group
  // is controlled), and the browser's own `required` check would then stop the POST.
  await waitForHydration(panel.getByRole("button", { name: "Send my case to this lawyer" }));
  await panel.getByRole("radio").first().check();
  // Without the consent: refused, the choice kept.
  await panel.getByRole("button", { name: "Send my case to this lawyer" }).click();
  await expect(
    panel.getByText("Tick the box to agree that LexAtlas processes the health information"),
  ).toBeVisible();
  await panel
    .getByRole("checkbox", { name: /I agree that LexAtlas processes the health information/ })
    .check();
  if (!(await panel.getByRole("radio").first().isChecked())) await panel.getByRole("radio").first().check();
  await panel.getByRole("button", { name: "Send my case to this lawyer" }).click();
  await expect(client).not.toHaveURL(new RegExp(`/cases/${caseId}$`));
  await expect(client.getByTestId("case-copy-note")).toBeVisible();
  await expect(client.getByRole("link", { name: "mri-report.pdf" })).toBeVisible();
  await expect(client.getByTestId("case-consents")).toContainText("health information");
  await client.context().close();
  await lawyer.context().close();
});

test("the client withdraws a case not accepted: it is deleted at once and a confirmation shows", async ({
  browser,
  request,
}) => {
  const id = await demoLawyerListingId(request);
  const stamp = Date.now().toString(36);
  const email = `withdraw.${stamp}@example.org`;
  const caseId = await apiCase(request, id, `Intake withdraw ${stamp}`, email);
  const tracking = await waitForLink(email, `/cases/${caseId}?token=`);
  const client = await newPage(browser);
  await client.goto(tracking);
  await expect(client.getByTestId("case-consents")).toContainText("Text version");
  await client.getByRole("checkbox", { name: /the case and its documents will be deleted for good/ }).check();
  await client.getByRole("button", { name: "Withdraw and delete this case" }).click();
  await expect(client).toHaveURL(/\/cases\/withdrawn$/);
  await expect(client.getByTestId("case-withdrawn")).toContainText("withdrawn and deleted");
  const gone = await client.goto(`/cases/${caseId}`);
  expect(gone?.status()).toBe(404);
  await client.context().close();
});
