/**
 * The export zip (issue 17 §4): `data.json` and `documents/<case id>/<file name>`, written by yazl
 * as a stream, each document read from the services' document store one after the other (the
 * store decrypts transparently when issue 17 §3's wrapper is in place), so memory holds one chunk
 * at a time, never the whole archive.
 */
import { PassThrough, type Readable } from "node:stream";
import yazl from "yazl";
import { stripControls } from "../cases/text.ts";
import type { Logger } from "../logger.ts";
import type { DocumentStore } from "../storage/index.ts";
import type { ExportContent } from "./collect.ts";

/** A zip entry name for a stored file name: no folders, no control characters, never empty. */
export function entryName(fileName: string): string {
  const clean = stripControls(fileName).replace(/[/\\]/g, "_").replace(/^\.+/, "_").trim();
  return clean.length > 0 ? clean : "document";
}

/**
 * The zip of `content` as a byte stream. Entries are unique: a second file of the same name in a
 * case gets "(2)" before its extension. A document missing from the store is left out and logged
 * by its key (never by name); data.json still lists it. The stream errors if the store fails.
 */
export function exportZip(
  content: ExportContent,
  store: Pick<DocumentStore, "get">,
  logger?: Pick<Logger, "error">,
): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.outputStream.on("error", (e) => out.destroy(e));
  zip.addBuffer(Buffer.from(JSON.stringify(content.data, null, 2)), "data.json");
  const used = new Set<string>();
  (async () => {
    for (const doc of content.documents) {
      let name = `documents/${doc.caseId}/${entryName(doc.fileName)}`;
      for (let n = 2; used.has(name); n++) {
        const base = entryName(doc.fileName);
        const dot = base.lastIndexOf(".");
        const numbered = dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
        name = `documents/${doc.caseId}/${numbered}`;
      }
      const object = await store.get(doc.key);
      if (!object) {
        logger?.error({ storageKey: doc.key }, "export: a case document is missing from the store");
        continue;
      }
      used.add(name);
      // One document at a time: the next is opened once this one is fully read into the zip.
      await new Promise<void>((resolve, reject) => {
        object.body.once("end", resolve);
        object.body.once("error", reject);
        zip.addReadStream(object.body, name, { size: object.size });
      });
    }
    zip.end();
  })().catch((e) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}
