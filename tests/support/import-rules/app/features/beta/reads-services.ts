/** Fixture, forbidden (server-only-suffix): reads the server's services but is not named *.server.ts. */
export { servicesContext } from "../../context.ts";
