import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

/**
 * Server-side services every loader and action reads with `context.get(servicesContext)`:
 * `db`, `config`, `logger` and `directory` (the search and site functions). Type-only import:
 * app/ never imports server/ code at run time, so the pages use the API's single instance
 * (server/services.ts).
 */
export type AppServices = Services;

/** Router context key for AppServices; set per request by server/app.ts. */
export const servicesContext = createContext<AppServices>();
