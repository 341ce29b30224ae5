/**
 * The one answer for a private file download (issue 4 "Safety", issue 15 §2 proofs "kept
 * private, like case documents", issue 17 §3): case documents (case-documents.ts) and
 * verification proofs (verification-proofs.ts) are sent as attachments with their stored type,
 * never rendered by the site, and never cached by a shared cache.
 */
import { Readable } from "node:stream";
import type { Context } from "hono";
import { stripControls } from "../cases/text.ts";
import { NotFoundError } from "../errors.ts";
import { domainErrorResponse } from "../http.ts";

/** A file to send: its name, media type, size in bytes and its bytes as a Node stream. */
export interface DownloadFile {
  fileName: string;
  mediaType: string;
  size: number;
  body: Readable;
}

/**
 * `Content-Disposition: attachment` for `fileName`: an ASCII fallback (non-ASCII, quotes,
 * backslashes and control characters become `_`) and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = stripControls(fileName).replace(/[^\x20-\x7e]|["\\]/g, "_") || "document";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The answer for a download: the bytes as an attachment (attachmentDisposition) with the stored
 * media type and length, `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`
 * and a sandboxing CSP (`default-src 'none'; sandbox`); when `file` is null, 404
 * `{ message: notFound }` (a catalog reference, lib/i18n/message.ts msg) with `Cache-Control: private, no-store` through the one error pipeline
 * (translated by Accept-Language, issue 14 §1).
 */
export function downloadResponse(c: Context, file: DownloadFile | null, notFound: string): Response {
  if (!file) {
    c.header("Cache-Control", "private, no-store");
    return domainErrorResponse(c, new NotFoundError(notFound));
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    status: 200,
    headers: {
      "Content-Type": file.mediaType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
