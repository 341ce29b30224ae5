/** Fixture, forbidden (lib-is-independent): lib/ imports from server/, even a type. */
import type { ServerThing } from "../server/runtime.ts";

export const NONE: ServerThing[] = [];
