/** Fixture, allowed: beta uses alpha through alpha's index.ts. */
export { ALPHA } from "../alpha/index.ts";
