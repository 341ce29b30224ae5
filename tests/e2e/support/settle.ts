/**
 * Waiting for what a user would wait for, instead of for time (issue 13 §4: no waitForTimeout).
 */
import type { Page } from "@playwright/test";

/** Resolves when every running CSS transition and animation of the page has finished. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Resolves when the browser reports an idle period (requestIdleCallback; at most 5 s). */
export async function browserIdle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
  );
}
