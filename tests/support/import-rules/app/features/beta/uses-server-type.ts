/** Fixture, allowed: only a type from a .server module (erased at build time). */
export type { Reader } from "./server-type.server.ts";
