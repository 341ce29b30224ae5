/**
 * `npm run import -- FILE [--dry-run]`: loads real lawyer listings from a CSV or JSON file into
 * the configured database (DATA_DIR or DATABASE_URL), all or nothing (issue 2 §2).
 * Format and exit codes: docs/import.md; logic: server/seed/import-cli.ts.
 */
import { runImport } from "../server/seed/import-cli.ts";

process.exitCode = await runImport(process.argv.slice(2));
