/**
 * Waiting for React to hydrate server-rendered markup. Before hydration the page works as
 * plain HTML (GET forms), so a journey that tests the JavaScript behaviour (debounced filters,
 * selects that navigate on change) must wait until React owns the element it uses.
 */
import { expect, type Locator } from "@playwright/test";

/**
 * Resolves once React has attached to `locator`'s element (React stores its props on the DOM
 * node under a `__reactProps$…` key when it hydrates it). Fails after `timeout` ms (default 15 s).
 */
export async function waitForHydration(locator: Locator, timeout = 15_000): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), {
      message: "React should hydrate the server-rendered page",
      timeout,
    })
    .toBe(true);
}
