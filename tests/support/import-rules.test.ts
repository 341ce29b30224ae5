/**
 * The import rule of `npm run lint` (.dependency-cruiser.mjs, issue 13 §4) catches what it should:
 * dependency-cruiser runs the project's own rules on tests/support/import-rules/, a small tree
 * shaped like the repository (app/features, app/ui, lib, server) whose files each break one rule
 * or show an allowed import.
 */
import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import { describe, expect, it } from "vitest";

const FIXTURE = path.join(import.meta.dirname, "import-rules");
const CONFIG = path.join(import.meta.dirname, "../../.dependency-cruiser.mjs");

/** The violations found in the fixture, as "rule: from → to". */
async function violations(): Promise<string[]> {
  const config = await extractDepcruiseConfig(CONFIG);
  const result = await cruise(["app", "lib"], {
    baseDir: FIXTURE,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    doNotFollow: { path: ["node_modules"] },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result");
  return result.output.summary.violations
    .map((v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

describe("the import rule", () => {
  it("reports each forbidden import of the fixture, and only those", async () => {
    expect(await violations()).toEqual([
      "app-imports-server-types-only: app/server-code.ts → server/runtime.ts",
      "feature-through-index: app/features/beta/deep-import.ts → app/features/alpha/inner.ts",
      "lib-is-independent: lib/imports-app.ts → app/features/alpha/index.ts",
      "lib-is-independent: lib/imports-server.ts → server/runtime.ts",
      "server-only-suffix-node: app/features/beta/uses-node.ts → fs",
      "server-only-suffix: app/features/beta/reads-services.ts → app/context.ts",
      "server-only-suffix: app/features/beta/uses-server-module.ts → app/features/beta/reads-services.server.ts",
      "ui-imports-no-feature: app/ui/uses-feature.ts → app/features/alpha/index.ts",
    ]);
  });
});
