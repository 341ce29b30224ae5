/** Fixture, allowed: app/ imports a type from server/. */
import type { ServerThing } from "../../../server/runtime.ts";

export const BETA_TYPES: ServerThing[] = [];
