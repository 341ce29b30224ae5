/** Fixture, forbidden (feature-through-index): beta reaches into alpha's own module. */
export { ALPHA } from "../alpha/inner.ts";
