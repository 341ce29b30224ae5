/** Fixture: feature alpha's public face. */
export { ALPHA } from "./inner.ts";
