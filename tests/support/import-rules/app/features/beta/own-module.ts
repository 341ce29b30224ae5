/** Fixture, allowed: a feature imports its own modules freely. */
export { BETA_TYPES } from "./server-types.ts";
