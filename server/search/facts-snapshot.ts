/**
 * The file copy of the search facts (issue 29 "load at start instead of being rebuilt";
 * docs/search.md "Performance"): one file per database in DATA_DIR, refused when it is of another
 * database, data version or rule set. Issue 30: cut out of the former facts.ts.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { RELEVANCE_LEVELS, TIE_BREAK } from "../../lib/ranking.ts";
import { RESPONSE_DEADLINE_HOURS, RESPONSE_MIN_SAMPLE } from "../../lib/response-times.ts";
import { EARTH_M, type Facts, SUBJECTS } from "./facts-layout.ts";
import { readSnapshotFile, writeSnapshotFile } from "./snapshot-file.ts";

/** The typed-array fields of Facts, in file order (snapshot-file.ts). */
const FACTS_ARRAYS = [
  "ids",
  "country",
  "city",
  "state",
  "areas",
  "experience",
  "rating",
  "verified",
  "responsive",
  "fees",
  "feeStart",
  "feeRows",
  "langStart",
  "langList",
  "x",
  "y",
  "z",
  "groupAny",
  "groupA",
  "groupAB",
  "countryStart",
  "countryRows",
  "keyStart",
  "keyRows",
  "subjectStart",
  "subjectRows",
] as const satisfies readonly (keyof Facts)[];

/** Format and version of the facts file (a change of the layout changes it). */
export const FACTS_MAGIC = "LXFACTS1";

/**
 * What the facts' meaning depends on besides the data: the subjects and their bits, the practice
 * areas' bits, the fee bits, the relevance weights, the row order and the responsiveness rule. A
 * file written by code with other rules is not used (its bits would mean other things).
 */
export const FACTS_RULES = createHash("sha256")
  .update(
    JSON.stringify([
      SUBJECTS,
      PRACTICE_AREAS,
      FEE_KINDS,
      RELEVANCE_LEVELS,
      TIE_BREAK,
      RESPONSE_DEADLINE_HOURS,
      RESPONSE_MIN_SAMPLE,
      EARTH_M,
    ]),
  )
  .digest("hex")
  .slice(0, 16);

/** The header of a facts file: whose data, which version, under which rules, and the interned strings. */
export interface FactsMeta {
  key: string;
  version: number;
  rules: string;
  n: number;
  codes: string[];
  keys: string[];
  langCodes: string[];
  countryNames: string[];
  keyNames: string[];
}

/** The facts file of database `key` in `dir` (the key made safe for a file name). */
export function factsSnapshotPath(dir: string, key: string): string {
  return path.join(dir, `search-facts-${key.replace(/[^A-Za-z0-9_.-]/g, "_")}.bin`);
}

/**
 * Writes `f`, the facts of database `key` (snapshot-file.ts databaseKey), to `file`
 * atomically (issue 29: about 110 MB at 1,000,000 listings, read back in well under a second).
 */
export async function saveFactsSnapshot(file: string, key: string, f: Facts): Promise<void> {
  const meta: FactsMeta = {
    key,
    version: f.version,
    rules: FACTS_RULES,
    n: f.n,
    codes: [...f.codes.keys()],
    keys: [...f.keys.keys()],
    langCodes: [...f.langCodes.keys()],
    countryNames: f.countryNames,
    keyNames: f.keyNames,
  };
  await writeSnapshotFile(file, FACTS_MAGIC, meta, Object.fromEntries(FACTS_ARRAYS.map((k) => [k, f[k]])));
}

/**
 * The facts saved in `file` when they are those of database `key` at data version `version`
 * under the current rules, else why not (`kind` as snapshot-file.ts readSnapshotFile: "missing",
 * "refused" for a stale file, another database's or other rules', "damaged" for a truncated or
 * corrupt one, checksum). Such a file is never used.
 */
export function loadFactsSnapshot(
  file: string,
  key: string,
  version: number,
): { facts: Facts } | { facts: null; kind: "missing" | "refused" | "damaged"; reason: string } {
  const read = readSnapshotFile<FactsMeta>(file, FACTS_MAGIC, (m) =>
    m.key !== key
      ? "another database"
      : m.rules !== FACTS_RULES
        ? "written under other search rules"
        : m.version !== version
          ? `data version ${m.version}, the database is at ${version}`
          : null,
  );
  if (!read.ok) return { facts: null, kind: read.kind, reason: read.reason };
  const { meta, arrays } = read;
  const missingArray = FACTS_ARRAYS.find((k) => !arrays.has(k));
  if (missingArray) return { facts: null, kind: "damaged", reason: `no ${missingArray} in the file` };
  const index = (list: string[]) => new Map(list.map((s, i) => [s, i]));
  const columns = Object.fromEntries(FACTS_ARRAYS.map((k) => [k, arrays.get(k)])) as Pick<
    Facts,
    (typeof FACTS_ARRAYS)[number]
  >;
  if (columns.ids.length !== meta.n || columns.langStart.length !== meta.n + 1)
    return { facts: null, kind: "damaged", reason: "column lengths disagree with the row count" };
  return {
    facts: {
      ...columns,
      version: meta.version,
      at: performance.now(),
      n: meta.n,
      codes: index(meta.codes),
      keys: index(meta.keys),
      langCodes: index(meta.langCodes),
      countryNames: meta.countryNames,
      keyNames: meta.keyNames,
    },
  };
}
