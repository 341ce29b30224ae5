/**
 * A compact file copy of the matching store (issue 18 §1 "a cold process answers its first match
 * request within 2 s … or persist it"; docs/matching.md "Cold start"). After a build the store's
 * typed arrays are written as they are to `<dir>/match-store-<key>.bin` (a JSON header, then each
 * array 8-byte aligned); a starting process reads it back in tens of milliseconds instead of
 * building from 1,000,000 rows, answers from it, and builds the current version in the
 * background when the file is older (the same rule as after a write: the old copy answers while
 * the new one builds, and the service re-reads the chosen rows fresh, so no stale fact is shown).
 *
 * `key` names the database (engine, system identifier, database name): a file of another
 * database is never used. A file from a newer data version than the database's (a restored
 * backup) is ignored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../search/snapshot-file.ts";
import type { MatchStore } from "./match-store.ts";

const MAGIC = "LXMATCH3";

/** The typed-array fields of MatchStore, in file order. */
const ARRAYS = [
  "ids",
  "areas",
  "areaCount",
  "country",
  "traits",
  "combo",
  "experienceBase",
  "rating",
  "reviewCount",
  "lat",
  "lng",
  "groupStart",
  "groupMaxExperience",
  "comboMaxExperience",
] as const;

type ArrayField = (typeof ARRAYS)[number];

const CTORS = {
  Int32Array,
  Uint16Array,
  Uint8Array,
  Uint32Array,
  Float32Array,
} as const;

interface Header {
  key: string;
  version: number;
  n: number;
  countries: string[];
  languages: string[];
  sections: { name: string; type: keyof typeof CTORS; offset: number; length: number }[];
}

/** The file of database `key` in `dir` (the key is made safe for a file name). */
export function snapshotPath(dir: string, key: string): string {
  return path.join(dir, `match-store-${key.replace(/[^A-Za-z0-9_.-]/g, "_")}.bin`);
}

const align8 = (n: number) => (n + 7) & ~7;

/** Writes `s` for database `key` to `file` atomically (a temporary file renamed over it). */
export async function saveMatchSnapshot(file: string, key: string, s: MatchStore): Promise<void> {
  const views: { name: string; view: ArrayBufferView }[] = ARRAYS.map((name) => ({ name, view: s[name] }));
  const languages = [...s.speakers.keys()];
  for (const l of languages) views.push({ name: `lang:${l}`, view: s.speakers.get(l) as Uint32Array });
  const sections: Header["sections"] = [];
  let offset = 0;
  for (const { name, view } of views) {
    sections.push({
      name,
      type: view.constructor.name as keyof typeof CTORS,
      offset,
      length: view.byteLength / (view as Uint8Array).BYTES_PER_ELEMENT,
    });
    offset = align8(offset + view.byteLength);
  }
  const header: Header = { key, version: s.version, n: s.n, countries: s.countries, languages, sections };
  const json = Buffer.from(JSON.stringify(header));
  const start = align8(MAGIC.length + 4 + json.length);
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(json.length, MAGIC.length);
  json.copy(out, MAGIC.length + 4);
  views.forEach(({ view }, k) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    out.set(bytes, start + (sections[k] as Header["sections"][number]).offset);
  });
  await writeFileAtomic(file, out);
}

/**
 * The store saved in `file` for database `key`, or null when there is no readable file of that
 * database (missing, another database, another format).
 */
export function loadMatchSnapshot(file: string, key: string): MatchStore | null {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return null;
  }
  if (buf.length < MAGIC.length + 4 || buf.toString("latin1", 0, MAGIC.length) !== MAGIC) return null;
  const len = buf.readUInt32LE(MAGIC.length);
  let header: Header;
  try {
    header = JSON.parse(buf.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + len)) as Header;
  } catch {
    return null;
  }
  if (header.key !== key) return null;
  const start = align8(MAGIC.length + 4 + len);
  // One copy into a fresh, 8-aligned buffer: every typed array is a view on it.
  const body = new ArrayBuffer(buf.length - start);
  new Uint8Array(body).set(buf.subarray(start));
  const views = new Map<string, ArrayBufferView>();
  for (const sec of header.sections) {
    const Ctor = CTORS[sec.type];
    if (!Ctor) return null;
    views.set(sec.name, new Ctor(body, sec.offset, sec.length));
  }
  const speakers = new Map<string, Uint32Array>();
  for (const l of header.languages) speakers.set(l, views.get(`lang:${l}`) as Uint32Array);
  const arrays = Object.fromEntries(ARRAYS.map((name) => [name, views.get(name)])) as Pick<
    MatchStore,
    ArrayField
  >;
  if (ARRAYS.some((name) => arrays[name] === undefined)) return null;
  return {
    version: header.version,
    n: header.n,
    countries: header.countries,
    codes: new Map(header.countries.map((c, k) => [c, k])),
    speakers,
    ...arrays,
  };
}
