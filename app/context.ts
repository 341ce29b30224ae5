import { createContext } from "react-router";
import type { Config } from "../server/config.ts";
import type { Db } from "../server/db/client.ts";
import type { Logger } from "../server/logger.ts";

/** Server-side services every loader and action can read with `context.get(servicesContext)`. */
export interface AppServices {
  db: Db;
  config: Config;
  logger: Logger;
}

/** Router context key for AppServices; set per request by server/main.ts. */
export const servicesContext = createContext<AppServices>();
