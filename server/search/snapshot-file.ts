/**
 * A file of typed arrays with a JSON header (issue 29: the search facts persist and load at start
 * instead of being rebuilt; docs/decisions/006-search-snapshots-on-disk.md). Layout:
 *
 *   magic (8 bytes latin1) | header length (u32 LE) | CRC-32 of the body (u32 LE) | header JSON |
 *   zero padding to a multiple of 8 | body: each array's bytes at its 8-aligned offset
 *
 * The header carries the caller's metadata and the body's sections (name, element type, offset,
 * length) and total length. Reading allocates ONE ArrayBuffer of the body and reads the file
 * into it (no second copy), and every array is a view on it; a file whose size, header or
 * CRC-32 (zlib.crc32, the checksum of gzip and PNG) does not match is refused with the reason,
 * never half used. Writing goes to a temporary file renamed over the old one (atomic on POSIX).
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** The element types a snapshot file holds. */
const CTORS = {
  Int32Array,
  Uint32Array,
  Uint16Array,
  Uint8Array,
  Float32Array,
  Float64Array,
} as const;

/** A typed array a snapshot file can hold. */
export type SnapshotArray =
  | Int32Array<ArrayBufferLike>
  | Uint32Array<ArrayBufferLike>
  | Uint16Array<ArrayBufferLike>
  | Uint8Array<ArrayBufferLike>
  | Float32Array<ArrayBufferLike>
  | Float64Array<ArrayBufferLike>;

interface Section {
  name: string;
  type: keyof typeof CTORS;
  offset: number;
  length: number;
}

interface Header<M> {
  meta: M;
  bodyBytes: number;
  sections: Section[];
}

const PREFIX = 16; // magic 8 + header length 4 + CRC 4
const align8 = (n: number) => (n + 7) & ~7;

function checkMagic(magic: string): void {
  if (magic.length !== 8) throw new Error(`snapshot magic must be 8 characters: ${magic}`);
}

/**
 * Writes `arrays` with `meta` (any JSON value) to `file` under `magic` (8 characters naming the
 * format and its version), atomically. Rejects on a file system error (the old file stays).
 */
export async function writeSnapshotFile<M>(
  file: string,
  magic: string,
  meta: M,
  arrays: Record<string, SnapshotArray>,
): Promise<void> {
  checkMagic(magic);
  const sections: Section[] = [];
  let bodyBytes = 0;
  for (const [name, view] of Object.entries(arrays)) {
    const type = view.constructor.name as keyof typeof CTORS;
    if (!(type in CTORS)) throw new Error(`snapshot: unsupported array type ${type} for ${name}`);
    sections.push({ name, type, offset: bodyBytes, length: view.length });
    bodyBytes = align8(bodyBytes + view.byteLength);
  }
  const header: Header<M> = { meta, bodyBytes, sections };
  const json = Buffer.from(JSON.stringify(header));
  const start = align8(PREFIX + json.length);
  const out = Buffer.alloc(start + bodyBytes);
  out.write(magic, 0, "latin1");
  out.writeUInt32LE(json.length, 8);
  json.copy(out, PREFIX);
  Object.values(arrays).forEach((view, k) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    out.set(bytes, start + (sections[k] as Section).offset);
  });
  out.writeUInt32LE(crc32(out.subarray(start)), 12);
  await writeFileAtomic(file, out);
}

/**
 * Writes `bytes` to `file` atomically: a temporary file beside it renamed over it (a reader sees
 * the old file or the new one, never half of one), creating the folder. Rejects on a file system
 * error; the temporary file is removed then and the old file stays.
 */
export async function writeFileAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * The metadata of `file` (header only, the body is not read), or null when there is no readable
 * header of format `magic`. For deciding at start whether a full read is worth it.
 */
export function readSnapshotMeta<M>(file: string, magic: string): M | null {
  let meta: M | null = null;
  readSnapshotFile<M>(file, magic, (m) => {
    meta = m;
    return "header only";
  });
  return meta;
}

/** What reading a snapshot file answers: its metadata and arrays, or why it is not usable. */
export type SnapshotRead<M> =
  | { ok: true; meta: M; arrays: Map<string, SnapshotArray> }
  | { ok: false; kind: "missing" | "refused" | "damaged"; reason: string };

/**
 * Reads `file` written by writeSnapshotFile under `magic`. `accept(meta)` is asked after the
 * header is read and before the body is: a string it answers (e.g. "data version 12, the
 * database has 13") refuses the file without reading the body. Never throws; `kind` says why a
 * file is not usable: "missing" (no file: a first start), "refused" (by `accept`: e.g. stale),
 * "damaged" (truncated, corrupt, unreadable: worth a warning).
 */
export function readSnapshotFile<M>(
  file: string,
  magic: string,
  accept: (meta: M) => string | null = () => null,
): SnapshotRead<M> {
  checkMagic(magic);
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
    return { ok: false, kind: missing ? "missing" : "damaged", reason: missing ? "no file" : String(err) };
  }
  try {
    const size = fstatSync(fd).size;
    const prefix = Buffer.alloc(PREFIX);
    if (size < PREFIX || readSync(fd, prefix, 0, PREFIX, 0) !== PREFIX)
      return { ok: false, kind: "damaged", reason: "truncated (no header)" };
    if (prefix.toString("latin1", 0, 8) !== magic)
      return { ok: false, kind: "damaged", reason: "another format or version" };
    const jsonBytes = prefix.readUInt32LE(8);
    const crc = prefix.readUInt32LE(12);
    if (PREFIX + jsonBytes > size) return { ok: false, kind: "damaged", reason: "truncated header" };
    const json = Buffer.alloc(jsonBytes);
    readSync(fd, json, 0, jsonBytes, PREFIX);
    let header: Header<M>;
    try {
      header = JSON.parse(json.toString("utf8")) as Header<M>;
    } catch {
      return { ok: false, kind: "damaged", reason: "unreadable header" };
    }
    const refused = accept(header.meta);
    if (refused !== null) return { ok: false, kind: "refused", reason: refused };
    const start = align8(PREFIX + jsonBytes);
    if (size !== start + header.bodyBytes)
      return {
        ok: false,
        kind: "damaged",
        reason: `truncated or extended: ${size} bytes, the header says ${start + header.bodyBytes}`,
      };
    const body = new ArrayBuffer(header.bodyBytes);
    const bytes = new Uint8Array(body);
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, start + read);
      if (got === 0) break;
      read += got;
    }
    if (read !== bytes.length) return { ok: false, kind: "damaged", reason: "truncated body" };
    if (crc32(bytes) !== crc)
      return { ok: false, kind: "damaged", reason: "checksum mismatch (corrupt file)" };
    const arrays = new Map<string, SnapshotArray>();
    for (const s of header.sections) {
      const Ctor = CTORS[s.type];
      if (!Ctor || s.offset + s.length * Ctor.BYTES_PER_ELEMENT > body.byteLength)
        return { ok: false, kind: "damaged", reason: `bad section ${s.name}` };
      arrays.set(s.name, new Ctor(body, s.offset, s.length));
    }
    return { ok: true, meta: header.meta, arrays };
  } catch (err) {
    return { ok: false, kind: "damaged", reason: String(err) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Names the database behind `db` for the snapshot files (the search facts', facts-snapshot.ts,
 * and the matching store's, server/matching/snapshot.ts): cluster, database and its oid (a
 * re-created database differs), so a file of another database is never used.
 */
export async function databaseKey(db: Db): Promise<string> {
  const res = await db.execute<{ name: string; oid: string | number; sys: string | null }>(
    sql`SELECT current_database() AS name, (SELECT oid FROM pg_database WHERE datname = current_database()) AS oid,
        (SELECT system_identifier::text FROM pg_control_system()) AS sys`,
  );
  const r = res.rows[0];
  return `${r?.sys ?? "0"}-${r?.name ?? "db"}-${r?.oid ?? 0}`;
}
