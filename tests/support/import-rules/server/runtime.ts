/** Fixture: server code. */
export interface ServerThing {
  name: string;
}

/** Fixture: a server value. */
export const serverThing: ServerThing = { name: "server" };
