import { SESSION_COOKIE } from "../../lib/account.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { waitForLink } from "./support/outbox.ts";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  test,
  visitorHeaders,
} from "./support/test.ts";

/**
 * Accounts in the browser (issue 3 "Tests"): sign up, the dashboard, log out and in; a password
 * reset through the link of the captured email; the sign-in detour from /dashboard, without
 * JavaScript; and axe on the account screens and the dashboard.
 *
 * Every request comes from 127.0.0.1 and sign-ups are limited to 10 per IP per hour, so this file
 * creates four accounts in all (one per test that needs one), each with a unique email.
 */

const PASSWORD = "correct horse battery";
/** The upgrade view's title for a client (issue 19 §5: Premium without ads, not the lawyers' plan). */
const CLIENT_PREMIUM = "Premium: LexAtlas without ads";
let counter = 0;

/** A unique email for this run, e.g. "e2e-1763700000000-1-journey@example.com". */
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-${Date.now()}-${counter}-${label}@example.com`;
}

/** Creates a client account through the API (spec §7 POST /api/auth/signup); answers its token. */
async function signUpByApi(request: APIRequestContext, email: string, firstName = "Robin"): Promise<string> {
  const response = await request.post("/api/auth/signup", {
    data: { email, password: PASSWORD, firstName, lastName: "Tester", role: "user" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Fills and submits the sign-in form of the current page. */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The header's account controls, whichever of the desktop bar and the drawer is shown. */
function header(page: Page) {
  return page.getByRole("banner");
}

test("sign up as a client, land on the dashboard, log out, log in again", async ({ page }) => {
  const email = uniqueEmail("journey");
  await page.goto("/");
  await header(page).getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(PASSWORD);
  await expect(page.getByLabel("Client looking for lawyers")).toBeChecked();
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada Lovelace" })).toBeVisible();
  // Issue 19 §5: a client's dashboard has no tabs, so no locked lawyers' Analytics tab.
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "My cases" })).toBeVisible();
  await expect(page.getByText("Free", { exact: true })).toBeVisible();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Login" })).toHaveCount(0);

  // The upgrade view opens and Cancel goes back (spec §2).
  await page.getByRole("link", { name: "Upgrade to Premium" }).click();
  // A client is offered Premium without ads, not the lawyers' plan (issue 19 §5).
  await expect(page.getByRole("heading", { name: CLIENT_PREMIUM })).toBeVisible();
  await expect(
    page.getByRole("region", { name: CLIENT_PREMIUM }).getByText("$29.99", { exact: true }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Subscription status" })).toBeVisible();

  await header(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);

  // A wrong password keeps the email and says why (spec §8: the server's message).
  await header(page).getByRole("link", { name: "Login" }).click();
  await signIn(page, email, "not the password");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada Lovelace" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("forgot password: the emailed link sets a new password, which signs in", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  await signUpByApi(request, email, "Grace");
  const newPassword = "a brand new passphrase";

  const login = await page.goto("/login");
  // The sign-in page may carry an emailed one-time link in redirectTo: no Referer, no cache.
  expect(login?.headers()["referrer-policy"]).toBe("same-origin");
  expect(login?.headers()["cache-control"]).toBe("no-store");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for that email, we have sent a link to reset the password."),
  ).toBeVisible();

  const link = await waitForLink(email, "/reset-password?token=");
  const opened = await page.goto(link);
  // The page's address carries the one-time token: no Referer leaves it, no cache keeps it.
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  // The form itself (a usable link; /reset-password?token=x below shows the invalid-link view).
  await expectNoSeriousViolations(page, "/reset-password with a usable link");
  await page.getByRole("textbox", { name: /^New password/ }).fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();

  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(
    page.getByText("Your password has been reset. Please sign in with your new password."),
  ).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace Tester" })).toBeVisible();

  // The link is single use: opened again, it says so at once, with no form to fill in vain.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^New password/ })).toHaveCount(0);
});

test("without JavaScript, /dashboard sends a signed-out visitor to sign in and back", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("detour");
  await signUpByApi(request, email, "Alan");
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto("/dashboard?view=upgrade");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Fview%3Dupgrade$/);
    await expect(page.getByText("Please sign in to continue.")).toBeVisible();

    // Errors come back from the server next to the field, keeping what was typed.
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter your password.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Password/ })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\?view=upgrade$/);
    await expect(page.getByRole("heading", { name: CLIENT_PREMIUM })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Alan Tester" })).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * A page from browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) }) (which @axe-core/playwright needs, docs/design.md §6), signed in
 * through the login form when `email` is given (the __Host- session cookie can only come from
 * the site itself).
 */
async function withPage(browser: Browser, run: (page: Page) => Promise<void>, email?: string) {
  const context = await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) });
  try {
    const page = await context.newPage();
    if (email) {
      await page.goto("/login");
      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await run(page);
  } finally {
    await context.close();
  }
}

for (const path of ["/login", "/signup", "/forgot-password", "/reset-password?token=x"]) {
  test(`axe: no serious or critical violation on ${path}`, async ({ browser }) => {
    await withPage(browser, async (page) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("h1")).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  });
}

test("axe: no serious or critical violation on /signup showing errors", async ({ browser }) => {
  await withPage(browser, async (page) => {
    await page.goto("/signup");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expectNoSeriousViolations(page, "/signup with errors");
  });
});

test("axe: no serious or critical violation on /dashboard and its upgrade view", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("axe");
  await signUpByApi(request, email, "Axel");
  await withPage(
    browser,
    async (page) => {
      await page.goto("/dashboard");
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome, Axel Tester" })).toBeVisible();
      await expectNoSeriousViolations(page, "/dashboard");
      await page.goto("/dashboard?view=upgrade");
      await expect(page.getByRole("heading", { name: CLIENT_PREMIUM })).toBeVisible();
      await expectNoSeriousViolations(page, "/dashboard?view=upgrade");
    },
    email,
  );
});
