/**
 * Issue 27 §2 in the browser: a client whose password predates the 10-character rule (`abc123`,
 * as sign-up stored it under the spec's 6) signs in, lands on /change-password with the reason,
 * cannot open the dashboard until the password is changed, is told why a too-short one is refused,
 * chooses a passphrase and goes on to the page they asked for; the old password no longer signs
 * in. The account is made by the clock server (tests/e2e/support/clock-server.ts `client`), which
 * stores any password, as the shared journey server cannot. The rules themselves, the API's 403s,
 * staff after the second factor and every locale are in app/routes/change-password.test.ts and
 * server/api/auth.test.ts.
 */
import { expectNoSeriousViolations } from "./support/axe.ts";
import { type ClockServer, startClockServer } from "./support/clock-journey.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

const CLIENT = { email: "old.rules@clock-journey.example", password: "abc123" };
const NEW_PASSWORD = "harbour lights at dusk";

let srv: ClockServer;
test.beforeAll(async () => {
  srv = await startClockServer();
  expect(await srv.command(`client ${CLIENT.email} ${CLIENT.password}`)).toBe("ok");
});
test.afterAll(async () => {
  await srv?.stop();
});

/** Signs in through the login form with `password`, asking to go to the dashboard afterwards. */
async function signIn(page: Page, password: string): Promise<void> {
  await page.goto(`${srv.baseUrl}/login?redirectTo=%2Fdashboard%3Fview%3Dupgrade`);
  await page.getByLabel("Email").fill(CLIENT.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
}

test("a 6-character password signs in only to be changed, then the dashboard opens", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await context.newPage();
    await signIn(page, CLIENT.password);
    await expect(page).toHaveURL(/\/change-password\?redirectTo=%2Fdashboard%3Fview%3Dupgrade$/);
    await expect(page.getByText("Our password rules have changed")).toBeVisible();
    await expectNoSeriousViolations(page, "/change-password");

    // Nothing else opens meanwhile.
    await page.goto(`${srv.baseUrl}/dashboard`);
    await expect(page).toHaveURL(/\/change-password\?redirectTo=%2Fdashboard$/);
    await page.goto(`${srv.baseUrl}/change-password?redirectTo=%2Fdashboard%3Fview%3Dupgrade`);

    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByRole("textbox", { name: /^Current password/ }).fill(CLIENT.password);
    await form.getByRole("textbox", { name: /^New password/ }).fill("abc123456");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password must be at least 10 characters.")).toBeVisible();

    await form.getByRole("textbox", { name: /^Current password/ }).fill(CLIENT.password);
    await form.getByRole("textbox", { name: /^New password/ }).fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/dashboard\?view=upgrade$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  } finally {
    await context.close();
  }

  // The old password no longer signs in; the new one does, straight to the dashboard.
  const fresh = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await fresh.newPage();
    await signIn(page, CLIENT.password);
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await signIn(page, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\?view=upgrade$/);
  } finally {
    await fresh.close();
  }
});
