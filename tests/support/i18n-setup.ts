/**
 * Vitest setup: components rendered by unit tests read the English catalogs, as an unprefixed
 * page does (issue 14 §1). Pages load their locale in the root middleware instead.
 */
import { ensureLocale } from "../../app/i18n/i18n";

await ensureLocale("en");
