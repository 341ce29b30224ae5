/**
 * The type of a database handle, in its own module so that the modules server/db/client.ts
 * opens the database with (server/db/read-replica.ts) can name it without importing client.ts
 * (issue 30: no import circles). client.ts re-exports it; import it from there.
 */
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "./schema.ts";

/**
 * The Drizzle handle every domain function takes. PGlite's handle has the same query API and
 * result shape (`execute()` answers `{ rows }`), so both engines are typed as node-postgres'.
 */
export type Db = NodePgDatabase<typeof schema>;
