/**
 * Writes the real-words table of docs/search.md (issue 28 §1) from its single source,
 * REAL_WORD_CASES in server/search/real-words-fixtures.ts: `node scripts/real-words-table.ts`.
 * server/search/real-words.test.ts fails while the doc differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { withRealWordsTable } from "../server/search/real-words-fixtures.ts";

const path = new URL("../docs/search.md", import.meta.url);
writeFileSync(path, withRealWordsTable(readFileSync(path, "utf8")));
