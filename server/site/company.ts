/**
 * Issue 19 §5: a production start refuses placeholder contact details (lib/company.ts has the
 * rules and the shapes; server/config.ts the variables).
 */
import { placeholderProblems } from "../../lib/company.ts";
import { type Config, ConfigError, strictConfiguration, strictnessSource } from "../config.ts";

/**
 * Issue 19 §5: a production start (a strict configuration, config.ts strictConfiguration:
 * DEPLOYMENT=production, or NODE_ENV=production without DEPLOYMENT; issue 29) without
 * DEMO_MODE=true refuses placeholder contact details. @throws ConfigError listing each
 * placeholder variable.
 */
export function assertProductionContact(config: Config): void {
  if (!strictConfiguration(config) || config.DEMO_MODE) return;
  const problems = placeholderProblems(config);
  if (problems.length === 0) return;
  throw new ConfigError(
    `Invalid configuration for a production start (${strictnessSource(config)} without DEMO_MODE=true; issue 19 §5):\n${problems
      .map((p) => `  ${p}`)
      .join("\n")}`,
  );
}
