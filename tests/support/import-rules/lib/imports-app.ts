/** Fixture, forbidden (lib-is-independent): lib/ imports from app/. */
export { ALPHA } from "../app/features/alpha/index.ts";
