/**
 * What an instance keeps on its own disk (issue 18 §2 "Everything that matters lives in
 * PostgreSQL or the object store"). With PGlite there is one process and DATA_DIR is the
 * database's home, so everything below is fine. With DATABASE_URL several instances may share
 * the database, and then three things in DATA_DIR would differ per machine:
 * - the development document master key (DATA_DIR/keys/master-keys.json): an instance with
 *   another key cannot unwrap the data keys the first one wrote, so documents uploaded through
 *   one instance would not open through the other (issue 17 §3);
 * - the staff secret key file (DATA_DIR/staff-secret.key): staff TOTP secrets enrolled through
 *   one instance would not decrypt on another (issue 15 §1);
 * - the local document store (DATA_DIR/uploads): a document stored by one instance is not on the
 *   other's disk.
 * The server does not refuse to start for these (one instance on PostgreSQL is a supported set-up,
 * and NODE_ENV=production already requires DOCUMENT_MASTER_KEY); it logs one warning per item at
 * start (server/main.ts) naming the variable to set. docs/operations.md "Several instances".
 */
import type { Config } from "../config.ts";

/** One per-machine item: the variable that moves it off the machine and why it matters. */
export interface PerMachineState {
  variable: "DOCUMENT_MASTER_KEY" | "STAFF_SECRET_KEY" | "S3_BUCKET";
  message: string;
}

/**
 * The per-machine state of a configuration that uses PostgreSQL (DATABASE_URL); empty for PGlite
 * (one process by construction) and for a configuration where every item is shared.
 */
export function perMachineState(
  config: Pick<Config, "DATABASE_URL" | "DOCUMENT_MASTER_KEY" | "STAFF_SECRET_KEY" | "S3_BUCKET">,
): PerMachineState[] {
  if (!config.DATABASE_URL) return [];
  const out: PerMachineState[] = [];
  if (!config.DOCUMENT_MASTER_KEY)
    out.push({
      variable: "DOCUMENT_MASTER_KEY",
      message:
        "documents are encrypted with a key file in DATA_DIR: another instance cannot open them. Set DOCUMENT_MASTER_KEY (the same on every instance) before running several.",
    });
  if (!config.STAFF_SECRET_KEY)
    out.push({
      variable: "STAFF_SECRET_KEY",
      message:
        "staff sign-in secrets are encrypted with a key file in DATA_DIR: another instance cannot read them. Set STAFF_SECRET_KEY (the same on every instance) before running several.",
    });
  if (!config.S3_BUCKET)
    out.push({
      variable: "S3_BUCKET",
      message:
        "documents are stored on this machine's disk (DATA_DIR/uploads): another instance cannot serve them. Configure the S3-compatible store before running several.",
    });
  return out;
}
