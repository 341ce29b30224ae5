/** Demo data loading (issue 2 §2). Placeholder until the generator lands. */
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** Loads the demo listings when the lawyers table is empty. */
export async function seedIfEmpty(_db: Db, _opts: { count: number; logger: Logger }): Promise<void> {}
