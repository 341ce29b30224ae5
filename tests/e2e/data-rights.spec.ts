/**
 * Data rights in the browser (issue 17 §4 "browser journeys cover … export and erasure"): a
 * client signs in, downloads their data from the dashboard's "Your data" (the zip arrives and
 * holds data.json with their account), asks for the account's deletion with their password, sees
 * the date (7 days ahead of the server's clock), cancels, asks again; the server's clock moves past
 * the grace period, the daily job runs, and the account can no longer sign in. Time must pass, so
 * the journey runs on its own server with a test clock (tests/e2e/support/clock-server.ts, driven
 * through tests/e2e/support/clock-journey.ts; PostgreSQL when TEST_DATABASE_URL is set). The
 * boundary to the millisecond and the "absent from every table" check are in
 * server/rights/rights.test.ts.
 */
import { readFileSync } from "node:fs";
import yauzl from "yauzl";
import { ERASURE_GRACE_DAYS } from "../../lib/privacy.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { type ClockServer, startClockServer } from "./support/clock-journey.ts";
import { expect, type Page, test, visitorHeaders } from "./support/test.ts";

const DAY = 86_400_000;
const CLIENT = { email: "rights.client@clock-journey.example", password: "data-rights-journey-2026" };

let srv: ClockServer;
test.beforeAll(async () => {
  srv = await startClockServer();
  expect(await srv.command(`client ${CLIENT.email} ${CLIENT.password}`)).toBe("ok");
});
test.afterAll(async () => {
  await srv?.stop();
});

/** The names of a zip's entries and its data.json. */
function readZip(bytes: Buffer): Promise<{ names: string[]; data: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      let data: Record<string, unknown> = {};
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            if (entry.fileName === "data.json") data = JSON.parse(Buffer.concat(chunks).toString());
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve({ names, data }));
      zip.readEntry();
    });
  });
}

/** Signs the client in through the login form; answers whether it worked. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${srv.baseUrl}/login?redirectTo=%2Fdashboard`);
  await page.getByLabel("Email").fill(CLIENT.email);
  await page.getByRole("textbox", { name: /^Password/ }).fill(CLIENT.password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
}

test("download my data, delete the account, cancel, delete again; after the grace period it is gone", async ({
  browser,
}) => {
  const context = await browser.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard/);
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  await expectNoSeriousViolations(
    page,
    "the dashboard's Your data",
    "section[aria-labelledby=your-data-title]",
  );

  // 1. The export: the zip arrives and holds data.json with the account.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lexatlas-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const { names, data } = await readZip(readFileSync(await download.path()));
  expect(names).toContain("data.json");
  expect(data).toMatchObject({ schemaVersion: 1, kind: "client", account: { email: CLIENT.email } });

  // 2. Deletion: the password, then the date 7 days ahead of the server's clock.
  const now = new Date(await srv.command("now"));
  const due = new Date(now.getTime() + ERASURE_GRACE_DAYS * DAY);
  const dueText = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(due);
  await section.getByLabel(/^Current password/).fill("not my password");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await page.getByLabel(/^Current password/).fill(CLIENT.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId("deletion-pending")).toContainText(
    `Your account will be deleted on ${dueText}.`,
  );
  await expectNoSeriousViolations(page, "the pending deletion", "section[aria-labelledby=your-data-title]");

  // 3. Cancel, then ask again.
  await page.getByRole("button", { name: "Cancel deletion" }).click();
  await expect(page.getByText("The deletion is cancelled. Your account stays.")).toBeVisible();
  await expect(page.getByTestId("deletion-pending")).toHaveCount(0);
  await page.getByLabel(/^Current password/).fill(CLIENT.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByTestId("deletion-pending")).toContainText(dueText);

  // 4. The grace period passes; the daily job erases the account; it can no longer sign in.
  expect(await srv.command(`advance ${ERASURE_GRACE_DAYS * DAY}`)).toBe("ok");
  const summary = JSON.parse(await srv.command("daily")) as { dataRights: { erased: number } };
  expect(summary.dataRights.erased).toBe(1);
  const fresh = await (await browser.newContext({ extraHTTPHeaders: visitorHeaders(test.info()) })).newPage();
  await fresh.goto(`${srv.baseUrl}/login?redirectTo=%2Fdashboard`);
  await fresh.getByLabel("Email").fill(CLIENT.email);
  await fresh.getByRole("textbox", { name: /^Password/ }).fill(CLIENT.password);
  await fresh.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in" }).click();
  await expect(fresh).toHaveURL(/\/login/);
  await expect(fresh.getByRole("alert")).toBeVisible();
  // The old browser's session went with the account.
  await page.goto(`${srv.baseUrl}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
