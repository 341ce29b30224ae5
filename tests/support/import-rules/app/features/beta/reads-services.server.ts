/** Fixture, allowed: a *.server.ts module reads the server's services and a Node built-in. */
import { readFileSync } from "node:fs";

export { servicesContext } from "../../context.ts";
export const read = readFileSync;
