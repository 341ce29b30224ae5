/**
 * The few numbers `npm run backup` prints and the control socket answers (issue 17 §6).
 */
import type { BackupManifest } from "./format.ts";

/** Counts of one backup, no personal data. */
export interface BackupSummary {
  dir: string;
  createdAt: string;
  engine: BackupManifest["engine"];
  tables: number;
  rows: number;
  documents: number;
  documentBytes: number;
  /** Objects deleted after the snapshot (restore deletes their rows). */
  skipped: number;
}

/** The summary of `manifest`, written into `dir`. */
export function summarize(manifest: BackupManifest, dir: string): BackupSummary {
  return {
    dir,
    createdAt: manifest.createdAt,
    engine: manifest.engine,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    documents: manifest.documents.length,
    documentBytes: manifest.documents.reduce((n, d) => n + d.bytes, 0),
    skipped: manifest.skippedDocuments.length,
  };
}

/** One line in words for the terminal. */
export function describeSummary(s: BackupSummary): string {
  const mb = (s.documentBytes / 1024 / 1024).toFixed(1);
  const skipped =
    s.skipped > 0
      ? ` ${s.skipped} document(s) deleted after the snapshot are not included; restore deletes their rows too.`
      : "";
  return `Backup written to ${s.dir}: ${s.tables} tables (${s.rows} rows, ${s.engine} snapshot at ${s.createdAt}) and ${s.documents} documents (${mb} MB).${skipped}`;
}
