import { generateSync } from "otplib";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForHydration } from "./support/hydration.ts";
import { waitForLink } from "./support/outbox.ts";
import { minimalPdf } from "./support/pdf.ts";
import { E2E_VERIFIER_EMAIL, E2E_VERIFIER_LINK_FILE, staffLinkPath } from "./support/staff.ts";
import { expect, test, visitorHeaders } from "./support/test.ts";

/**
 * A lawyer's verification request and a moderator's approval in the browser (issue 15 §2 "Every
 * check has a real path from request or import to the badge"; "browser journeys cover a lawyer
 * requesting verification and a moderator approving it with TOTP"). The lawyer signs up, proves
 * the email, creates a listing, adds a bar admission on /dashboard/verification and requests
 * the licence check with a PDF proof; the moderator (made by the real `npm run staff:create`,
 * tests/e2e/support/serve.ts) sets a password, enrols TOTP, opens the request from the
 * `verification` queue, downloads the proof and approves with the register entry; the lawyer's
 * public profile then shows the tick and "Licence verified with {regulator} on {date}". The
 * reject path (reason on the dashboard and by email in the lawyer's language) is covered in
 * app/routes/verification-routes.test.ts.
 */

const PASSWORD = "verification journey 2026";
const REGULATOR = "Solicitors Regulation Authority";
const NUMBER = `SRA-${Date.now() % 1_000_000}`;
const ENTRY = `https://www.sra.org.uk/consumers/register/person/?sraNumber=${NUMBER}`;

test("a lawyer requests verification with a proof; a moderator with TOTP approves; the profile shows the tick and its source", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = `e2e-${Date.now()}-verify@example.com`;
  const name = `Morgan Ellery ${Date.now() % 100_000}`;

  // The lawyer: sign up, prove the email, create the listing.
  await page.goto("/signup");
  await waitForHydration(page.getByRole("button", { name: "Sign up" }));
  await page.getByLabel("First name").fill("Morgan");
  await page.getByLabel("Last name").fill("Ellery");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await page.getByLabel("Lawyer with a practice").check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const section = page.locator("section[aria-labelledby='my-listing-title']");
  const send = section.getByRole("button", { name: "Send verification link" });
  await waitForHydration(send);
  await send.click();
  await expect(section.getByText("Check your email")).toBeVisible();
  await page.goto(await waitForLink(email, "/claim-listing?verify="));
  await expect(page).toHaveURL(/\/dashboard\?listing=email-verified/);
  const create = section.getByRole("button", { name: "Create listing" });
  await waitForHydration(create);
  await section.getByRole("textbox", { name: /^Name/ }).fill(name);
  await section.getByRole("combobox", { name: /^Country/ }).selectOption("GB");
  await section.getByRole("textbox", { name: /^Phone/ }).fill("020 7946 0958");
  await section.getByRole("textbox", { name: /^City/ }).fill("London");
  await section.getByRole("spinbutton", { name: /^Years of experience/ }).fill("9");
  await section.getByRole("checkbox", { name: "Wrongful Death" }).check();
  await section.getByRole("textbox", { name: /^Bar or law society/ }).fill("Law Society of Scotland");
  await section.getByRole("textbox", { name: /^Licence or registration number/ }).fill("LSS-1");
  await create.click();
  await expect(page).toHaveURL(/\/dashboard\?listing=created/);
  const profileHref =
    (await section.getByRole("link", { name: "View public profile" }).getAttribute("href")) ?? "";
  expect(profileHref).toMatch(/\/lawyer\/\d+/);

  // The verification page: add an admission, then request the licence check for it with a proof.
  await page.getByRole("link", { name: "Verification: admissions, checks and requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verification" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a bar admission" });
  await add.getByRole("textbox", { name: /^Country/ }).fill("GB");
  await add.getByRole("textbox", { name: /^Region/ }).fill("England");
  await add.getByRole("textbox", { name: /^Regulator/ }).fill(REGULATOR);
  await add.getByRole("textbox", { name: /^Licence or registration number/ }).fill(NUMBER);
  await add.getByRole("textbox", { name: /^Year admitted/ }).fill("2016");
  await add.getByRole("button", { name: "Save admission" }).click();
  await expect(page).toHaveURL(/\/dashboard\/verification\?done=saved/);
  await expect(page.getByText("The admission is saved.")).toBeVisible();
  await expectNoSeriousViolations(page, "/dashboard/verification");

  const form = page.getByRole("form", { name: "Request verification" });
  await form.getByRole("checkbox", { name: "Licence", exact: true }).check();
  await form.getByRole("checkbox", { name: "Law Society of Scotland · LSS-1" }).uncheck();
  await expect(form.getByRole("checkbox", { name: `${REGULATOR} · ${NUMBER}` })).toBeChecked();
  await form.locator("input[type=file][name=documents]").setInputFiles({
    name: "practising-certificate.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf("Practising certificate"),
  });
  await form
    .getByRole("textbox", { name: /^Note for the moderator/ })
    .fill("Practising certificate attached.");
  await form.getByRole("button", { name: "Send the request" }).click();
  await expect(page).toHaveURL(/\/dashboard\/verification\?done=requested/);
  await expect(page.getByText("Your request is sent.", { exact: false })).toBeVisible();
  await expect(page.getByText("Waiting for review")).toBeVisible();

  // The moderator, in a browser of their own: set the password, sign in, enrol TOTP.
  const staffContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(testInfo) });
  const staff = await staffContext.newPage();
  await staff.goto(staffLinkPath(E2E_VERIFIER_LINK_FILE));
  await staff.getByRole("textbox", { name: /^New password/ }).fill(PASSWORD);
  await staff.getByRole("button", { name: "Set new password" }).click();
  await expect(staff).toHaveURL(/\/login\?reset=1/);
  await staff.goto("/login?redirectTo=%2Fadmin");
  await staff.getByLabel("Email").fill(E2E_VERIFIER_EMAIL);
  await staff.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await staff.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(staff.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
  const secret = (await staff.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await staff
    .getByRole("textbox", { name: /^Code/ })
    .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await staff.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(staff.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await staff.getByRole("link", { name: "Continue to the back office" }).click();

  // The queue lists the request; its screen shows the admission, the proof and the forms.
  const queue = staff.locator("section[aria-labelledby='queue-verification-title']");
  await queue.getByRole("link", { name }).click();
  await expect(staff.getByRole("heading", { name: `Verification request: ${name}` })).toBeVisible();
  await expect(staff.getByText("Practising certificate attached.")).toBeVisible();
  await expect(staff.getByText(`${REGULATOR} · no. ${NUMBER} · England, GB`)).toBeVisible();
  const proof = staff.getByRole("link", { name: "practising-certificate.pdf" });
  const downloaded = await staffContext.request.get(
    new URL((await proof.getAttribute("href")) ?? "", staff.url()).href,
  );
  expect(downloaded.status()).toBe(200);
  expect(downloaded.headers()["content-disposition"]).toMatch(/^attachment;/);
  await expectNoSeriousViolations(staff, "/admin/verification/:id");

  // Approve by register lookup, with the entry.
  const approve = staff.getByRole("form", { name: "Approve" });
  await approve.getByRole("combobox", { name: "How did you check?" }).selectOption("register_lookup");
  await approve.getByRole("textbox", { name: /^Register entry URL/ }).fill(ENTRY);
  await approve.getByRole("button", { name: "Approve and mark verified" }).click();
  await expect(staff.getByText("The request is approved and the checks are verified.")).toBeVisible();
  await staffContext.close();

  // The lawyer's dashboard and public profile follow.
  await page.reload();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await page.goto(profileHref);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("verified-badge").first()).toBeVisible();
  const line = page.getByTestId("licence-verified");
  await expect(line).toContainText(new RegExp(`^Licence verified with ${REGULATOR} on .+\\d`));
  await expect(line.getByRole("link")).toHaveAttribute("href", ENTRY);
});
