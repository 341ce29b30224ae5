/**
 * Issue 29 "Pages as fast as the data": how the server process runs, decided before anything
 * imports React. Two separate switches (docs/operations.md "Production rendering and strict
 * configuration"):
 *
 * - `NODE_ENV` picks React's build. React (react, react-dom) chooses its development or
 *   production build when it is first imported, from `process.env.NODE_ENV`; the development
 *   build renders several times slower (issue 29: 27 % of the home page's CPU). Unset, the server
 *   sets it to "production"; an explicit value (e.g. "development" to see React's warnings) is
 *   kept.
 * - `DEPLOYMENT` picks how strict the configuration is: "production" requires
 *   DOCUMENT_MASTER_KEY and refuses the example company details (server/config.ts
 *   `strictConfiguration`), "local" allows the development key file and the examples (the
 *   README's one-command start). Unset, the operator's own `NODE_ENV` decides, as before issue 29:
 *   a deployment that set NODE_ENV=production stays strict, while `npm start` with nothing set
 *   stays local although React now renders in production mode (the default NODE_ENV comes with
 *   DEPLOYMENT=local).
 *
 * server/runtime-defaults.ts applies these rules to `process.env`; it is the FIRST import of
 * server/main.ts (and of the benchmarks that run the server in their own process), so React is
 * imported after it (ES modules evaluate their imports in order, depth first). Imports nothing
 * that imports React.
 */
import { createRequire } from "node:module";

/** The values of DEPLOYMENT (README "Configuration"). */
export const DEPLOYMENTS = ["production", "local"] as const;

/**
 * Fills the switches of the module comment into `env` (in place): when NODE_ENV is unset or
 * empty, it becomes "production", and DEPLOYMENT, when unset or empty too, "local" (what an unset
 * NODE_ENV meant for the configuration before). A NODE_ENV the operator set is left alone, and so
 * is DEPLOYMENT then (without it, server/config.ts strictConfiguration reads NODE_ENV=production
 * as strict, and its messages name the NODE_ENV the operator wrote). Answers `env`.
 */
export function applyRuntimeDefaults(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (env.NODE_ENV) return env;
  if (!env.DEPLOYMENT) env.DEPLOYMENT = "local";
  env.NODE_ENV = "production";
  return env;
}

/**
 * Which build of React this process loaded: "production" or "development" (react's CommonJS
 * entry requires ./cjs/react.production.js or ./cjs/react.development.js), or "not loaded".
 * Logged at start (server/main.ts) so a server rendering in development mode is visible.
 */
export function reactBuild(): "production" | "development" | "not loaded" {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  if (loaded.some((file) => /[\\/]react[\\/]cjs[\\/]react\.production\.js$/.test(file))) return "production";
  if (loaded.some((file) => /[\\/]react[\\/]cjs[\\/]react\.development\.js$/.test(file)))
    return "development";
  return "not loaded";
}
