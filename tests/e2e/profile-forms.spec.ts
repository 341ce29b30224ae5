import { expectNoSeriousViolationsWithoutJavaScript } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { messagesTo, waitForLink } from "./support/outbox.ts";
import { minimalPdf } from "./support/pdf.ts";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./support/test.ts";

/**
 * Send Message and Submit Case on a profile work without JavaScript (issue 13 §4; spec §2
 * "Lawyer profile", "Case form dialog", §5, §9): the profile's Submit Case and Send Message are
 * links to forms the server renders in the page (`?form=case#submit-case`,
 * `?form=message#send-message`), posted to the lawyer route's action.
 *
 * Without JavaScript:
 * 1. A case with a refused file (a program renamed .pdf, type read from the content) and a
 *    missing title comes back with both errors next to their fields, everything typed kept and
 *    the note to choose the files again; then the case with a real PDF is sent, the page shows
 *    the success summary with the 24-hour promise (also after a reload, which sends nothing
 *    again) and the visitor gets the private tracking link by email. axe on the form, its errors
 *    and the summary.
 * 2. A message with a missing subject comes back with its error and the typed text; sent, the
 *    page shows the spec's success text and the message is in the lawyer's inbox.
 * With JavaScript:
 * 3. Submit Case pressed before hydration (the page's scripts held back until then) goes to the
 *    in-page form, which React then sends (a `.data` request) with its PDF: the summary shows.
 *
 * Case submissions are limited per IP (10 an hour, every journey comes from 127.0.0.1): this file
 * sends three.
 */

const DEMO_LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };

/** Signs the demo lawyer in through the API and answers the bearer token and the listing id. */
async function demoLawyer(request: APIRequestContext): Promise<{ token: string; lawyerId: number }> {
  const login = await request.post("/api/auth/login", { data: DEMO_LAWYER });
  expect(login.status(), await login.text()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { lawyerId: number | null } };
  expect(user.lawyerId, "the demo lawyer account should be linked to a listing").toBeTruthy();
  return { token, lawyerId: user.lawyerId as number };
}

/** The in-page case form's section. */
function caseSection(page: Page): Locator {
  return page.getByRole("region", { name: "Legal Case Management" });
}

/** Fills every field of the in-page case form but Case Title. */
async function fillCaseButTitle(form: Locator, email: string) {
  await form.getByLabel("Case Type").selectOption("Slip and Fall");
  await form.getByLabel("Case Description").fill("I slipped on a wet floor in a shop.\nNo sign was there.");
  await form.getByLabel("Priority Level").selectOption("urgent");
  await form.getByLabel("Full Name").fill("Nadia NoScript");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("+44 20 7946 0000");
  await form.getByLabel("Preferred Communication Method").selectOption("text");
  await form.getByLabel("Budget or how you would pay").selectOption("Contingency Fee Only");
  // Issue 17 §1: the explicit health-data consent, without which nothing is sent.
  await form
    .getByRole("checkbox", { name: /I agree that LexAtlas processes the health information/ })
    .check();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor submits a case with a PDF: errors next to fields with answers kept, then the summary and the tracking email", async ({
    page,
    request,
  }) => {
    const { lawyerId } = await demoLawyer(request);
    const stamp = Date.now().toString(36);
    const email = `noscript-${stamp}@example.test`;
    const title = `Wet floor without a sign ${stamp}`;

    await page.goto(`/lawyer/${lawyerId}`);
    const lawyerName = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    await page.getByRole("link", { name: "Submit Case" }).click();
    await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=case#submit-case$`));
    const form = caseSection(page);
    await expect(form.getByRole("group", { name: "Step 1 of 3: Case information" })).toBeVisible();
    await expect(form.getByRole("group", { name: "Step 2 of 3: Your contact details" })).toBeVisible();
    await expect(form.getByRole("group", { name: "Step 3 of 3: Supporting documents" })).toBeVisible();
    await expectNoSeriousViolationsWithoutJavaScript(page, "the in-page case form", "#submit-case");

    // A missing title and a program renamed to .pdf: refused, both errors in the page.
    await fillCaseButTitle(form, email);
    const program = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
      Buffer.alloc(512, 0),
    ]);
    await form
      .getByLabel("Supporting documents")
      .setInputFiles([{ name: "evidence.pdf", mimeType: "application/pdf", buffer: program }]);
    await form.getByRole("button", { name: "Submit Case" }).click();
    await expect(page.getByTestId("case-form-error")).toBeVisible();
    const titleInput = form.getByLabel("Case Title");
    await expect(titleInput).toHaveAttribute("aria-invalid", "true");
    await expect(titleInput).toHaveAccessibleDescription(/Enter a title for your case\./);
    const documents = form.getByLabel("Supporting documents");
    await expect(documents).toHaveAttribute("aria-invalid", "true");
    await expect(documents).toHaveAccessibleDescription(/evidence\.pdf.*not an accepted document/);
    await expect(documents).toHaveAccessibleDescription(/choose your documents again/);
    await expect(form.getByLabel("Case Description")).toHaveValue(
      "I slipped on a wet floor in a shop.\nNo sign was there.",
    );
    await expect(form.getByLabel("Case Type")).toHaveValue("Slip and Fall");
    await expect(form.getByLabel("Priority Level")).toHaveValue("urgent");
    await expect(form.getByLabel("Email Address")).toHaveValue(email);
    await expect(form.getByLabel("Preferred Communication Method")).toHaveValue("text");
    await expect(form.getByLabel("Budget or how you would pay")).toHaveValue("Contingency Fee Only");
    await expectNoSeriousViolationsWithoutJavaScript(
      page,
      "the in-page case form with errors",
      "#submit-case",
    );
    expect(messagesTo(email), "nothing is sent for a refused case").toEqual([]);

    // Fixed: the title, and a real PDF chosen again.
    await titleInput.fill(title);
    await documents.setInputFiles([
      { name: "wet-floor.pdf", mimeType: "application/pdf", buffer: minimalPdf(`Wet floor ${stamp}`) },
    ]);
    await form.getByRole("button", { name: "Submit Case" }).click();
    await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=case&sent=1#submit-case$`));
    const summary = caseSection(page).getByTestId("case-summary");
    for (const [label, value] of [
      ["Case title", title],
      ["Case type", "Slip and Fall"],
      ["Priority", "Urgent"],
      ["Lawyer", lawyerName],
      ["Documents", "1 file"],
      ["Status", "Pending"],
    ]) {
      await expect(summary.getByRole("row", { name: label })).toContainText(value as string);
    }
    // Issue 28 §4: the demo lawyer's account manages this listing: the response process, by name.
    await expect(caseSection(page).getByTestId("case-response-promise")).toContainText(
      `${lawyerName} manages this listing on LexAtlas and is asked to answer within 24 hours`,
    );
    await expect(caseSection(page).getByText(`(sent to ${email})`)).toBeVisible();
    await expectNoSeriousViolationsWithoutJavaScript(page, "the in-page case summary", "#submit-case");

    // The private tracking link arrives by email; a reload shows the summary and sends nothing.
    const casePath = await waitForLink(email, "/cases/");
    await waitForLink(email, `${casePath}?token=`);
    await page.reload();
    await expect(caseSection(page).getByTestId("case-summary")).toContainText(title);
    expect(messagesTo(email).filter((m) => m.includes("Your case was sent"))).toHaveLength(1);
    await caseSection(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}$`));
    await expect(caseSection(page)).toHaveCount(0);
  });

  test("Send Message: a missing subject is shown next to the field, then the message reaches the lawyer's inbox", async ({
    page,
    request,
  }) => {
    const { token, lawyerId } = await demoLawyer(request);
    const stamp = Date.now().toString(36);
    const subject = `Question without JavaScript ${stamp}`;

    await page.goto(`/lawyer/${lawyerId}`);
    await page.getByRole("link", { name: "Send Message" }).click();
    await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=message#send-message$`));
    const form = page.getByRole("region", { name: /^Send a message to / });
    await expectNoSeriousViolationsWithoutJavaScript(page, "the in-page message form", "#send-message");
    await form.getByRole("textbox", { name: "Your name" }).fill("Omar NoScript");
    await form.getByRole("textbox", { name: "Email" }).fill(`omar-${stamp}@example.test`);
    await form.getByRole("textbox", { name: "Message" }).fill("Can you take a slip-and-fall case?\nThanks.");
    await form.getByRole("button", { name: "Send Message" }).click();
    const subjectInput = form.getByRole("textbox", { name: "Subject" });
    await expect(subjectInput).toHaveAttribute("aria-invalid", "true");
    await expect(subjectInput).toHaveAccessibleDescription("Enter a subject.");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue(
      "Can you take a slip-and-fall case?\nThanks.",
    );
    await expect(form.getByRole("textbox", { name: "Your name" })).toHaveValue("Omar NoScript");
    await expectNoSeriousViolationsWithoutJavaScript(
      page,
      "the in-page message form with errors",
      "#send-message",
    );

    await subjectInput.fill(subject);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=message&sent=1#send-message$`));
    await expect(page.getByTestId("message-sent")).toContainText("Message sent");
    await expect(page.getByTestId("message-sent")).toContainText("Your message has been sent to");

    const inbox = await request.get("/api/messages", { headers: { Authorization: `Bearer ${token}` } });
    expect(inbox.status()).toBe(200);
    const { messages } = (await inbox.json()) as { messages: { subject: string; isRead: boolean }[] };
    expect(messages.find((m) => m.subject === subject)).toMatchObject({ isRead: false });
  });
});

test("Submit Case pressed before hydration still gives a working form, which React then sends", async ({
  page,
  request,
}) => {
  const { lawyerId } = await demoLawyer(request);
  const stamp = Date.now().toString(36);
  const email = `early-${stamp}@example.test`;
  // The page's JavaScript is held back until Submit Case has been pressed, so the press surely
  // comes before hydration (as on a slow phone).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {}); // a request of the page left behind is aborted
  });
  // The held scripts may keep the load event from firing: the server-rendered page is all a
  // person needs to press the link.
  await page.goto(`/lawyer/${lawyerId}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: "Submit Case" }).click();
  await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=case#submit-case$`));
  release();
  const form = caseSection(page);
  const submit = form.getByRole("button", { name: "Submit Case" });
  await waitForHydration(submit);
  await form.getByLabel("Case Title").fill(`Early click ${stamp}`);
  await fillCaseButTitle(form, email);
  await form
    .getByLabel("Supporting documents")
    .setInputFiles([
      { name: "early.pdf", mimeType: "application/pdf", buffer: minimalPdf(`Early ${stamp}`) },
    ]);
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname.endsWith(".data"),
  );
  await submit.click();
  await sent; // React Router sent it (a .data request), not a page load
  await expect(page).toHaveURL(new RegExp(`/lawyer/${lawyerId}\\?form=case&sent=1#submit-case$`));
  const summary = caseSection(page).getByTestId("case-summary");
  await expect(summary).toContainText(`Early click ${stamp}`);
  await expect(summary.getByRole("row", { name: "Documents" })).toContainText("1 file");
  await waitForLink(email, "/cases/");
});
