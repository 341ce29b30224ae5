import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests sit beside their code as *.test.ts(x); Playwright journeys in
 * tests/e2e are not collected here (docs/design.md §6).
 */
export default defineConfig({
  test: {
    include: ["{app,lib,server,scripts}/**/*.test.{ts,tsx}", "tests/{support,doubles,fuzz}/**/*.test.ts"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The English catalogs, for components rendered outside a page (issue 14 §1).
    setupFiles: ["tests/support/i18n-setup.ts"],
  },
});
