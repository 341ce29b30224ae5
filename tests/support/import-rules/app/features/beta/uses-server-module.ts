/** Fixture, forbidden (server-only-suffix): imports a .server module but is not named *.server.ts. */
export { read } from "./reads-services.server.ts";
