/** Fixture, forbidden (ui-imports-no-feature): app/ui/ depends on a feature. */
export { ALPHA } from "../features/alpha/index.ts";
