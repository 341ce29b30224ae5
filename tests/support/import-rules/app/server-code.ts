/** Fixture, forbidden (app-imports-server-types-only): app/ imports server code at run time. */
export { serverThing } from "../server/runtime.ts";
