/** Fixture: the router context's key to the server's services (as app/context.ts). */
export const servicesContext = Symbol("services");
