/**
 * The services a request can use: the database handle, configuration, logger, and the domain
 * functions the page loaders call (DESIGN.md §3: loaders call domain functions, never the API).
 *
 * The domain functions are handed to the pages through the router context instead of being
 * imported by app/ modules: Vite bundles what app/ imports into build/server, so an import would
 * run a second copy of server/search beside the one the API uses, with its own caches and
 * in-memory search data.
 */
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import { getAssessment, getInsights, getMatches, saveAssessment } from "./matching/index.ts";
import { getFacets, getLawyer, getSuggestions, searchLawyers } from "./search/index.ts";
import { getDirectoryStats } from "./site/stats.ts";

/** What the process sets up once: database, configuration and logger. */
export interface CoreServices {
  db: Db;
  config: Config;
  logger: Logger;
}

/** The directory's domain functions (server/search, server/site), one instance per process. */
export const directory = { searchLawyers, getFacets, getLawyer, getSuggestions, getDirectoryStats };

/** The domain functions' type, for app/context.ts. */
export type Directory = typeof directory;

/** The personality matching functions (server/matching, issue 5; docs/matching.md). */
export const matching = { saveAssessment, getAssessment, getMatches, getInsights };

/** The matching functions' type, for app/context.ts. */
export type Matching = typeof matching;

/** Every service of a request (app/context.ts AppServices). */
export interface Services extends CoreServices {
  directory: Directory;
  /** Assessment storage, ranked matches and insights (server/matching, issue 5). */
  matching: Matching;
}

/** Adds the domain functions to the process's core services. */
export function createServices(core: CoreServices): Services {
  return { ...core, directory, matching };
}
