/**
 * Small valid documents for the cases tests (issue 4 "Tests"): a PDF, a PNG, a JPEG, a DOCX (a
 * stored ZIP with the parts that make it a Word document), a DOC (an OLE compound file header with
 * a "WordDocument" stream name), an executable (MZ header) and a case payload.
 */
import { crc32 } from "node:zlib";
import type { CaseSubmissionInput } from "../../lib/cases.ts";

/** A tiny PDF. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** The start of a JPEG (SOI + JFIF APP0). */
export const JPEG = Buffer.concat([
  Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
  Buffer.alloc(64),
  Buffer.from("ffd9", "hex"),
]);
/** A Windows executable's first bytes (what a renamed .exe starts with). */
export const EXE = Buffer.concat([Buffer.from("4d5a90000300000004000000ffff0000", "hex"), Buffer.alloc(256)]);

/** A ZIP archive of `entries` (stored, no compression). */
export function zip(entries: [string, string][]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(data.length, 18);
    h.writeUInt32LE(data.length, 22);
    h.writeUInt16LE(n.length, 26);
    parts.push(h, n, data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

/** A minimal .docx. */
export const DOCX = zip([
  [
    "[Content_Types].xml",
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ["word/document.xml", "<w:document/>"],
]);
/** A plain ZIP (not a Word document). */
export const ZIP = zip([["notes.txt", "hello"]]);

/** An OLE compound file; with a "WordDocument" stream name unless `word` is false. */
export function cfb(word = true): Buffer {
  const bytes = Buffer.alloc(4096);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(bytes);
  if (word) Buffer.from("WordDocument", "utf16le").copy(bytes, 1024);
  return bytes;
}

/**
 * A valid case payload for listing `lawyerId`, with `over` on top: with the health-data consent
 * (issue 17 §1) and the conflict-check facts (issue 17 §2).
 */
export function casePayload(
  lawyerId: number,
  over: Partial<CaseSubmissionInput> = {},
): Record<string, unknown> {
  return {
    caseTitle: "Rear-ended on Queen Street",
    caseType: "Car Accident",
    description: "A driver hit my car from behind at a red light. <script>alert(1)</script>",
    priority: "high",
    dateNeeded: "2026-01-31",
    clientName: "Dana Visitor",
    clientEmail: "dana.visitor@example.org",
    clientPhone: "+1 416 555 0199",
    preferredCommunication: "email",
    budget: "$5,000 - $10,000",
    lawyerId,
    otherParty: "Northwind Haulage Ltd",
    incidentPlace: "Toronto, Canada",
    incidentDate: "2025-11-02",
    healthDataConsent: true,
    ...over,
  };
}

/** The payload as multipart form data with `files` as `documents` parts ([name, bytes, type]). */
export function caseForm(
  payload: Record<string, unknown>,
  files: [string, Buffer, string?][] = [],
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) if (value !== undefined) form.set(key, String(value));
  for (const [name, bytes, type] of files)
    form.append(
      "documents",
      new Blob([new Uint8Array(bytes)], { type: type ?? "application/octet-stream" }),
      name,
    );
  return form;
}
