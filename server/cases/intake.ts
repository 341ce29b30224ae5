/**
 * Reading a case submission's multipart body as a stream (issue 4: "Documents … are really
 * uploaded: the type is checked from the file's content, not its name, and the size limit stops
 * the upload as soon as it is passed (413)"). busboy parses the body while it arrives; each
 * `documents` part is written to a temporary file while its bytes are counted, and its type is
 * then read from its content with `file-type`. Nothing is kept on failure.
 */

import { createWriteStream, type WriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import { CASE_DOCUMENT_MAX_BYTES, CASE_DOCUMENT_MAX_COUNT, CASE_DOCUMENT_TYPES } from "../../lib/cases.ts";
import { msg } from "../../lib/i18n/message.ts";
import {
  fieldNameOf,
  hasInvalidCharacters,
  INVALID_CHARACTERS_MESSAGE,
  nullRecord,
} from "../../lib/input-boundary.ts";
import { type DomainError, PayloadTooLargeError, UnprocessableError, ValidationError } from "../errors.ts";
import { randomKey } from "../storage/index.ts";
import type { StagedDocument } from "./service.ts";
import { stripControls } from "./text.ts";

/** Largest whole multipart body: ten 10 MB files plus 1 MB for fields and part headers (~101 MB). */
export const CASE_BODY_MAX_BYTES = CASE_DOCUMENT_MAX_COUNT * CASE_DOCUMENT_MAX_BYTES + 1024 * 1024;
/** Largest text field of the multipart form, in bytes (the 10,000-character description in UTF-8 fits). */
export const CASE_FIELD_MAX_BYTES = 64 * 1024;

/** The texts of the upload errors (shown by the form; the field is always "documents"). */
export const CASE_UPLOAD_MESSAGES = {
  tooLarge: (name: string) => msg("errors:upload.tooLarge", { name }),
  tooMany: msg("errors:upload.tooMany", { max: CASE_DOCUMENT_MAX_COUNT }),
  bodyTooLarge: msg("errors:upload.bodyTooLarge"),
  fieldTooLarge: (name: string) => msg("errors:upload.fieldTooLarge", { name }),
  badType: (name: string) => msg("errors:upload.badType", { name }),
  empty: (name: string) => msg("errors:upload.empty", { name }),
  unreadable: msg("errors:upload.unreadable"),
  unreadableFileName: msg("errors:upload.unreadableFileName"),
} as const;

/** Human label of the file types, for the OpenAPI description. */
export const ACCEPTED_TYPES_TEXT = "PDF, DOC, DOCX, JPG, JPEG or PNG";

/** The multipart fields read as text, and the staged documents. */
export interface CaseForm {
  fields: Record<string, string>;
  documents: StagedDocument[];
}

/**
 * A file name safe to store and show: the last path segment, without control or bidi-override
 * characters, double quotes as single quotes (browsers send `"` as `%22`, HTML's
 * multipart/form-data encoding, which is decoded first, as are `%0D` and `%0A`), whitespace
 * collapsed, at most 255 characters (keeping the extension), or "document" when nothing is left.
 * Issue 13 §1: a name with a double quote is kept under this safe name, never dropped.
 */
export function cleanFileName(raw: string): string {
  const decoded = raw.replace(/%22/gi, '"').replace(/%0D|%0A/gi, " ");
  const base = (decoded.split(/[\\/]/).pop() ?? "").replaceAll('"', "'");
  const bidi = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  let name = stripControls(base).replace(bidi, "");
  name = name.replace(/\s+/g, " ").trim();
  if (!name) return "document";
  if (name.length > 255) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, 255 - ext.length) + ext;
  }
  return name;
}

/** The extension of a file name, lowercased, without the dot ("" when none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/**
 * The document type of the file at `filePath` named `fileName`, from its content: the name's
 * extension must be one of CASE_DOCUMENT_TYPES and the content must be that type (file-type's
 * magic numbers; a .docx is a ZIP whose parts say it is a Word document; a .doc is an OLE
 * compound file, which file-type calls application/x-cfb, holding a "WordDocument" stream).
 * Answers the canonical extension ("jpg" for .jpeg) or null when refused.
 */
export async function detectDocumentType(filePath: string, fileName: string): Promise<string | null> {
  const ext = extensionOf(fileName);
  if (!(ext in CASE_DOCUMENT_TYPES)) return null;
  const found = await fileTypeFromFile(filePath);
  if (!found) return null;
  switch (ext) {
    case "pdf":
      return found.mime === "application/pdf" ? "pdf" : null;
    case "png":
      return found.mime === "image/png" ? "png" : null;
    case "jpg":
    case "jpeg":
      return found.mime === "image/jpeg" ? "jpg" : null;
    case "docx":
      return found.mime === CASE_DOCUMENT_TYPES.docx ? "docx" : null;
    case "doc": {
      if (found.mime !== "application/x-cfb") return null;
      const bytes = await readFile(filePath);
      return bytes.includes(WORD_STREAM) ? "doc" : null;
    }
    default:
      return null;
  }
}

/**
 * Counts the parts of a multipart body from its delimiter lines ("--" + boundary, RFC 7578 /
 * RFC 2046 §5.1.1) as the body arrives in chunks; a delimiter split across two chunks counts once.
 * A delimiter cannot occur inside a part (that is what makes it the delimiter).
 */
export function multipartPartCounter(boundary: string): {
  push(chunk: Buffer): void;
  readonly parts: number;
} {
  const needle = Buffer.from(`--${boundary}`);
  let carry = Buffer.alloc(0);
  let delimiters = 0;
  return {
    push(chunk: Buffer) {
      // The carried tail is shorter than a delimiter, so no delimiter lies wholly inside it, and
      // one that ended in the previous chunk cannot be found again.
      const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      for (let at = joined.indexOf(needle); at >= 0; at = joined.indexOf(needle, at + needle.length)) {
        delimiters += 1;
      }
      carry = Buffer.from(joined.subarray(Math.max(0, joined.length - needle.length + 1)));
    },
    get parts() {
      return Math.max(0, delimiters - 1);
    },
  };
}

/** The boundary parameter of a multipart Content-Type ("" when it has none). */
function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? "";
}

/**
 * Reads a multipart/form-data case submission from `source` (the Node request) with the
 * Content-Type `contentType`. Text parts become `fields` (the first value of each name); each
 * part named `documents` with a file name is streamed to a temporary file in `tempDir` and
 * checked. A file part with an empty name and no bytes (a browser's empty file input) is ignored.
 *
 * Stops reading at once (unpipes and pauses `source`, deletes every temporary file) and rejects
 * with a DomainError (server/errors.ts):
 * - 413 `tooLarge(name)` when a document passes CASE_DOCUMENT_MAX_BYTES;
 * - 413 `tooMany` on an 11th document; 413 `bodyTooLarge` past CASE_BODY_MAX_BYTES in all;
 * - 413 `fieldTooLarge` for a text field over CASE_FIELD_MAX_BYTES;
 * - 422 `badType(name)` / `empty(name)` for a document of another type or with no bytes;
 * - 400 `unreadable` for a body busboy cannot parse;
 * - 400 `unreadableFileName` when a part's header could not be read, so busboy skipped it
 *   (e.g. `filename="a"b.pdf"`, a quote the client did not escape): nothing is dropped
 *   silently (issue 13 §1). Parts are counted from the body's own delimiters.
 * Every error names the field "documents" (in fieldErrors) except the field and body errors.
 *
 * `fields`, when given, is the record the text parts are written to as they arrive, so that a
 * caller that is refused can still show what was typed before the refused part (the profile's
 * Submit Case form without JavaScript; issue 13 §4). Each part's name is written as an own key
 * (the first part of a name wins), so a part named `__proto__` or `constructor` is an ordinary
 * field (issue 27 §2); without `fields` the record has no prototype.
 *
 * The input boundary (issue 27 §2, lib/input-boundary.ts): a text part whose name or value holds
 * NUL or an unpaired surrogate fails the whole form, once it is read, with a ValidationError
 * naming every such field (INVALID_CHARACTERS_MESSAGE), its documents deleted; the text parts
 * stay in `fields` as typed.
 */
export function readCaseForm(
  source: Readable,
  contentType: string,
  tempDir: string,
  fields: Record<string, string> = nullRecord(),
): Promise<CaseForm> {
  return new Promise((resolve, reject) => {
    const documents: StagedDocument[] = [];
    const invalid = nullRecord<string>();
    const tempFiles = new Set<string>();
    const outputs = new Set<WriteStream>();
    const pending: Promise<void>[] = [];
    let settled = false;
    let received = 0;
    const partCounter = multipartPartCounter(boundaryOf(contentType));
    let partsRead = 0;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: {
          fileSize: CASE_DOCUMENT_MAX_BYTES,
          files: CASE_DOCUMENT_MAX_COUNT,
          fields: 30,
          fieldSize: CASE_FIELD_MAX_BYTES,
          parts: 60,
        },
      });
    } catch {
      reject(new ValidationError(CASE_UPLOAD_MESSAGES.unreadable));
      return;
    }

    // Waits until every temporary file is closed before deleting it: a write stream still
    // opening its file would otherwise create it after the delete and leave it behind.
    const cleanUp = async () => {
      await Promise.all(
        [...outputs].map(
          (out) =>
            new Promise<void>((closed) => {
              if (out.closed) return closed();
              out.once("close", () => closed());
              out.destroy();
            }),
        ),
      );
      await Promise.all([...tempFiles].map((f) => rm(f, { force: true })));
    };
    const fail = (error: DomainError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.off("data", count);
      source.pause();
      parser.removeAllListeners();
      parser.on("error", () => {});
      void cleanUp().then(() => reject(error));
    };
    const count = (chunk: Buffer) => {
      partCounter.push(chunk);
      received += chunk.byteLength;
      if (received > CASE_BODY_MAX_BYTES)
        fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.bodyTooLarge, "documents"));
    };

    parser.on("field", (name, value, info) => {
      partsRead += 1;
      if (info.valueTruncated) {
        fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.fieldTooLarge(name), name));
        return;
      }
      if (hasInvalidCharacters(name) || hasInvalidCharacters(value))
        invalid[fieldNameOf(name)] = INVALID_CHARACTERS_MESSAGE;
      if (!Object.hasOwn(fields, name))
        Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
    });
    parser.on("filesLimit", () => fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.tooMany, "documents")));
    parser.on("fieldsLimit", () => fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.unreadable)));
    parser.on("partsLimit", () => fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.unreadable)));
    parser.on("file", (name, stream, info) => {
      partsRead += 1;
      // busboy destroys a file part that the body ends inside ("Unexpected end of form") after the
      // parser's own error: without a listener that is an uncaught exception that ends the process
      // (found by the fuzzer, issue 27). Every part, skipped or kept, gets one.
      stream.on("error", () => fail(new ValidationError(CASE_UPLOAD_MESSAGES.unreadable)));
      if (settled || name !== "documents") {
        stream.resume();
        return;
      }
      const fileName = cleanFileName(info.filename ?? "");
      if (!info.filename) {
        // An empty file input of a browser form: skip its (empty) content.
        stream.resume();
        return;
      }
      const tempPath = path.join(tempDir, `${randomKey()}.part`);
      tempFiles.add(tempPath);
      const out = createWriteStream(tempPath, { mode: 0o600 });
      outputs.add(out);
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
      });
      stream.on("limit", () => {
        out.destroy();
        fail(new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.tooLarge(fileName), "documents"));
      });
      pending.push(
        new Promise<void>((done) => {
          out.on("error", () => {
            fail(new ValidationError(CASE_UPLOAD_MESSAGES.unreadable));
            done();
          });
          out.on("finish", async () => {
            if (settled) return done();
            if (size === 0) {
              fail(new UnprocessableError(CASE_UPLOAD_MESSAGES.empty(fileName), "documents"));
              return done();
            }
            try {
              const fileType = await detectDocumentType(tempPath, fileName);
              if (!fileType)
                fail(new UnprocessableError(CASE_UPLOAD_MESSAGES.badType(fileName), "documents"));
              else
                documents.push({
                  fileName,
                  tempPath,
                  size,
                  fileType,
                  mediaType: CASE_DOCUMENT_TYPES[fileType as keyof typeof CASE_DOCUMENT_TYPES],
                });
            } catch {
              fail(new UnprocessableError(CASE_UPLOAD_MESSAGES.badType(fileName), "documents"));
            }
            done();
          });
        }),
      );
      stream.pipe(out);
    });
    parser.on("error", () => fail(new ValidationError(CASE_UPLOAD_MESSAGES.unreadable)));
    parser.on("close", () => {
      if (partCounter.parts > partsRead) {
        // busboy skips a part whose header it cannot parse, without an event: refuse instead
        fail(new ValidationError(CASE_UPLOAD_MESSAGES.unreadableFileName, "documents"));
        return;
      }
      if (Object.keys(invalid).length > 0) {
        fail(new ValidationError(INVALID_CHARACTERS_MESSAGE, invalid));
        return;
      }
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, documents });
      });
    });
    source.on("data", count);
    source.on("error", () => fail(new ValidationError(CASE_UPLOAD_MESSAGES.unreadable)));
    source.pipe(parser);
  });
}

/**
 * Reads a case form posted to a page (the profile's Submit Case form, issue 13 §4) with
 * readCaseForm, writing its text parts to `fields` as they arrive. A declared body over
 * CASE_BODY_MAX_BYTES is refused (413 `bodyTooLarge`) before reading. When a part is refused, the
 * rest of the body is read and thrown away (up to CASE_BODY_MAX_BYTES in all) before the
 * DomainError is rethrown, so the browser, still sending, gets the page with the errors instead of
 * a reset connection. Nothing refused stays on disk.
 */
export async function readCaseRequest(
  request: Request,
  tempDir: string,
  fields: Record<string, string>,
): Promise<CaseForm> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > CASE_BODY_MAX_BYTES)
    throw new PayloadTooLargeError(CASE_UPLOAD_MESSAGES.bodyTooLarge, "documents");
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body) return readCaseForm(Readable.from([]), contentType, tempDir, fields);
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  let received = 0;
  source.on("data", (chunk: Buffer) => {
    received += chunk.byteLength;
  });
  try {
    return await readCaseForm(source, contentType, tempDir, fields);
  } catch (error) {
    await new Promise<void>((done) => {
      if (source.readableEnded || source.destroyed) return done();
      source.on("data", () => {
        if (received > CASE_BODY_MAX_BYTES) source.destroy();
      });
      source.once("end", () => done());
      source.once("close", () => done());
      source.once("error", () => done());
      source.resume();
    });
    throw error;
  }
}

/** Deletes the temporary files of staged documents (never throws). */
export async function discardStaged(documents: StagedDocument[]): Promise<void> {
  await Promise.all(documents.map((d) => rm(d.tempPath, { force: true }).catch(() => {})));
}
