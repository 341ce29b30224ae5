/** Fixture, forbidden (server-only-suffix-node): imports a Node built-in but is not named *.server.ts. */
import { readFileSync } from "node:fs";
export const read = readFileSync;
