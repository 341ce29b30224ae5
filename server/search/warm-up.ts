/**
 * The search's database statements during warm-up (issue 29 "Fast from the first second": until
 * the search facts are ready, no request may take more than 1 s). While a cold process builds its
 * first facts, every request is answered by the database; its statements then run under a time
 * budget (server/db/statement-budget.ts), so a visitor gets an answer, or a 503 saying the
 * directory is still getting ready, within about a second instead of waiting for scans of a
 * million rows. Once the facts are ready these statements are lookups by id or by index and run
 * as they are (no transaction per statement on the hot path).
 */
import type { Db } from "../db/client.ts";
import { withinBudget } from "../db/statement-budget.ts";
import type { Logger } from "../logger.ts";
import { descriptionModel } from "./classifier.ts";
import { factsEverBuilt } from "./facts.ts";
import { getGazetteer } from "./gazetteer.ts";
import { getVocabulary } from "./vocabulary.ts";

/**
 * Issue 29 (no request over 1 s while the search facts build): how long the database path's
 * statements may run before PostgreSQL cancels them (server/db/statement-budget.ts), in ms. The
 * ranking of every match, then (past its budget) the page alone, and the count of every match.
 */
export const RANKED_BUDGET_MS = 450;
/** See RANKED_BUDGET_MS: one page of rows in the search's order (ms). */
export const PAGE_BUDGET_MS = 400;
/** See RANKED_BUDGET_MS: the count of every match (ms); past it the total is estimated. */
export const COUNT_BUDGET_MS = 450;

/**
 * Runs `run` under a `budgetMs` statement budget while `db`'s first search facts are being built,
 * and as it is afterwards.
 * @throws StatementBudgetExceeded past the budget during warm-up (PostgreSQL)
 */
export function boundedDuringWarmUp<T>(db: Db, budgetMs: number, run: (db: Db) => Promise<T>): Promise<T> {
  return factsEverBuilt(db) ? run(db) : withinBudget(db, budgetMs, run);
}

/**
 * Readies what every search holds in memory besides the facts, before the server listens
 * (issue 29 "no request over 1 s during warm-up"; they held the event loop while the first
 * visitors were served before): the world's place names (about 2 s of one synchronous build,
 * docs/search.md "Place names"), the spelling vocabulary of `db`, and the description classifier
 * (trained on its files on first use, about 0.1 s). Logs each step's time; never throws (a
 * vocabulary that fails to load is logged and loaded again on first use).
 */
export async function readySearchMemory(db: Db, logger: Logger): Promise<void> {
  const placesStarted = performance.now();
  getGazetteer();
  logger.info({ ms: Math.round(performance.now() - placesStarted) }, "place names ready");
  const vocabularyStarted = performance.now();
  await getVocabulary(db).catch((err) => logger.error({ err }, "search vocabulary not loaded"));
  logger.info({ ms: Math.round(performance.now() - vocabularyStarted) }, "search vocabulary ready");
  descriptionModel();
}
