import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { messagesTo } from "./support/outbox.ts";
import { type APIRequestContext, expect, test, visitorHeaders } from "./support/test.ts";

/**
 * Send Message and the lawyer's inbox (issue 4 "Tracking and messages"): a visitor sends a message
 * from the demo lawyer's profile; the demo lawyer signs in, sees it unread in the dashboard's
 * inbox, opens it (now read), replies, and the reply reaches the visitor by email (the server's
 * outbox). axe on the dialog, the inbox and the opened message.
 */

const LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };

/** The listing id of the demo lawyer account (POST /api/auth/login, then GET /api/auth/me). */
async function demoLawyerListing(request: APIRequestContext): Promise<number> {
  const login = await request.post("/api/auth/login", { data: LAWYER });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  const { lawyerId } = (await me.json()) as { lawyerId: number | null };
  expect(lawyerId, "the demo lawyer is linked to a listing").not.toBeNull();
  await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  return lawyerId as number;
}

test("a visitor's message reaches the lawyer's inbox unread; opened it is read; the reply is emailed", async ({
  browser,
  request,
}) => {
  const lawyerId = await demoLawyerListing(request);
  const stamp = Date.now();
  const customer = `visitor.${stamp}@example.org`;
  const subject = `Slip on a wet floor ${stamp}`;
  const text = "I slipped in a supermarket last month.\nCan we talk this week?";

  // The visitor sends a message from the profile.
  const visitor = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const page = await visitor.newPage();
  await page.goto(`/lawyer/${lawyerId}`);
  const open = page.getByRole("link", { name: "Send Message" });
  await waitForHydration(open);
  // Keyboard: Enter opens the dialog on the name field; Escape closes it and the focus goes back
  // to Send Message, also on this first opening (the dialog mounts already open).
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: "Your name" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: /^Send a message to / })).toBeVisible();
  await expectNoSeriousViolations(page, "the Send Message dialog", '[role="dialog"]');
  // Empty: errors next to the fields, nothing sent.
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Enter your name.")).toBeVisible();
  await expect(dialog.getByText("Write your message.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Your name" }).fill("Vera Visitor");
  await dialog.getByRole("textbox", { name: "Email" }).fill(customer);
  await dialog.getByRole("textbox", { name: "Subject" }).fill(subject);
  await dialog.getByRole("textbox", { name: "Message" }).fill(text);
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByText("Message sent", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Your message has been sent to" })).toBeVisible();
  await visitor.close();

  // The lawyer signs in and finds it unread.
  const lawyer = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  const lp = await lawyer.newPage();
  await lp.goto("/login");
  await lp.getByLabel("Email").fill(LAWYER.email);
  await lp.getByRole("textbox", { name: /^Password/ }).fill(LAWYER.password);
  await lp.getByRole("button", { name: "Sign in" }).click();
  await expect(lp).toHaveURL(/\/dashboard/);
  const inbox = lp.getByRole("region", { name: "Inbox" });
  const row = inbox.getByRole("link", { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("New");
  await expect(row).toContainText("(unread)");
  await expect(inbox.getByTestId("inbox-unread")).toContainText(/[1-9]\d* unread/);
  await expectNoSeriousViolations(lp, "the dashboard inbox", "#inbox-title ~ *");

  // Opening it shows the whole message and marks it read.
  await row.click();
  await expect(lp).toHaveURL(/\/dashboard\/messages\?id=/);
  await expect(lp.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(lp.getByTestId("message-text")).toHaveText(text);
  await expect(lp.getByRole("link", { name: customer })).toHaveAttribute("href", `mailto:${customer}`);
  await expectNoSeriousViolations(lp, "an opened message");
  const messageUrl = lp.url();
  await lp.getByRole("link", { name: "Back to inbox" }).click();
  const readRow = lp.getByRole("region", { name: "Inbox" }).getByRole("link", { name: new RegExp(subject) });
  await expect(readRow).toContainText("(read)");
  await expect(readRow).not.toContainText("New");

  // The reply is stored, shown in the thread and emailed to the visitor.
  await lp.goto(messageUrl);
  const reply = `Thank you, Vera. I can call you on Thursday. (${stamp})`;
  await lp.getByRole("textbox", { name: "Your reply" }).fill(reply);
  await lp.getByRole("button", { name: "Send reply" }).click();
  await expect(lp.getByText("Your reply has been sent by email.")).toBeVisible();
  await expect(lp.getByRole("listitem").filter({ hasText: reply })).toBeVisible();
  await expect
    .poll(() => messagesTo(customer).some((raw) => raw.includes(reply)), {
      message: "the reply email to the visitor",
      timeout: 15_000,
    })
    .toBe(true);
  const mail = messagesTo(customer).find((raw) => raw.includes(reply)) ?? "";
  expect(mail).toMatch(/^Subject: Reply from .+ on LexAtlas/m);
  expect(mail).toContain(`"${subject}"`);
  await lawyer.close();
});
