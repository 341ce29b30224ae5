/**
 * Liveness and readiness (issue 18 §3 "/healthz (process up) and /readyz (database and store
 * reachable, migrations applied)").
 *
 * - `/healthz` answers 200 while the process runs its event loop; it touches nothing else, so a
 *   database outage never makes an orchestrator restart healthy processes.
 * - `/readyz` runs three checks: `database` (a `SELECT 1`), `store` (the document store: the
 *   uploads folder exists and is writable, or a HEAD of the S3 bucket) and `migrations` (drizzle's
 *   `drizzle.__drizzle_migrations` holds the newest migration of this version's journal,
 *   server/db/migrations/meta/_journal.json, compared the way drizzle's migrator compares them).
 *   Each check has a time limit (a hung database is a failed check, not a hung probe); results
 *   are shared by concurrent probes and kept for a second, so a load balancer polling every few
 *   seconds from several places costs at most one round of checks per second.
 * - Once shutdown starts (server/ops/shutdown.ts), `/readyz` answers 503 `shutting_down` at once
 *   so the load balancer stops sending new requests before the server stops listening.
 *
 * A failed check is named in the answer and logged with its reason; the answer never carries a
 * stack trace or an error message from a driver.
 */
import { constants, readFileSync } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import path from "node:path";
import { HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import { type Db, MIGRATIONS_DIR } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** The readiness checks by name, in the order they are reported. */
export const READY_CHECKS = ["database", "store", "migrations"] as const;
/** The name of one readiness check. */
export type ReadyCheckName = (typeof READY_CHECKS)[number];

/** One check: resolves when it passes, throws (with a reason for the log) when it fails. */
export interface ReadyCheck {
  name: ReadyCheckName;
  run(): Promise<void>;
}

/** What /readyz answers: `ready` decides 200 or 503; `failing` names the failed checks. */
export interface ReadyReport {
  ready: boolean;
  status: "ok" | "unavailable" | "shutting_down";
  checks: Partial<Record<ReadyCheckName, "ok" | "failed" | "timeout">>;
  failing: string[];
}

/**
 * The process's serving state, shared by /readyz and the shutdown: `shutDown()` flips it once;
 * from then on /readyz answers 503 and responses carry `Connection: close`.
 */
export interface Readiness {
  readonly shuttingDown: boolean;
  shutDown(): void;
}

/** A fresh Readiness, serving until shutDown() is called. */
export function createReadiness(): Readiness {
  let down = false;
  return {
    get shuttingDown() {
      return down;
    },
    shutDown() {
      down = true;
    },
  };
}

/** The `when` (ms) of the newest migration in this version's journal (drizzle's folderMillis). */
export function newestMigrationMillis(migrationsDir: string = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** A migration level below this version's newest migration (or no migrations table at all). */
export class MigrationsBehindError extends Error {}

/**
 * The three checks of this process's configuration: the database `db`, the document store the
 * configuration names (the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads), and the
 * migration level against `migrationsDir`'s journal.
 */
export function readinessChecks(deps: {
  db: Db;
  config: Pick<
    Config,
    "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
  >;
  migrationsDir?: string;
}): ReadyCheck[] {
  const { db, config } = deps;
  const expected = newestMigrationMillis(deps.migrationsDir);
  return [
    {
      name: "database",
      async run() {
        await db.execute(sql`SELECT 1`);
      },
    },
    { name: "store", run: storeCheck(config) },
    {
      name: "migrations",
      async run() {
        const { rows } = await db.execute<{ latest: string | number | null }>(
          sql`SELECT max(created_at) AS latest FROM drizzle.__drizzle_migrations`,
        );
        const latest = Number(rows[0]?.latest ?? 0);
        if (latest < expected)
          throw new MigrationsBehindError(
            `newest applied migration ${latest}, this version needs ${expected}`,
          );
      },
    },
  ];
}

/** The store check: HEAD of the bucket, or the uploads folder created if missing and writable. */
function storeCheck(config: Parameters<typeof readinessChecks>[0]["config"]): () => Promise<void> {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    const client = new S3Client({
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      forcePathStyle: true,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      maxAttempts: 1,
    });
    const bucket = config.S3_BUCKET;
    return async () => {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    };
  }
  const uploads = path.resolve(config.DATA_DIR, "uploads");
  return async () => {
    await mkdir(uploads, { recursive: true, mode: 0o700 });
    await access(uploads, constants.W_OK);
  };
}

/** Options of createReadyProbe. */
export interface ReadyProbeOptions {
  checks: ReadyCheck[];
  readiness: Readiness;
  logger?: Pick<Logger, "warn">;
  /** How long one result is reused (ms, default 1000). */
  cacheMs?: number;
  /** Time limit of each check (ms, default 2000). */
  timeoutMs?: number;
}

class CheckTimeout extends Error {}

/**
 * The /readyz probe: answers the ReadyReport, running the checks at most once per `cacheMs`
 * (concurrent callers share one run) and each within `timeoutMs`. While shutting down it answers
 * `shutting_down` without running anything.
 */
export function createReadyProbe(options: ReadyProbeOptions): () => Promise<ReadyReport> {
  const cacheMs = options.cacheMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 2000;
  let last: { at: number; report: ReadyReport } | null = null;
  let running: Promise<ReadyReport> | null = null;

  const withTimeout = (check: ReadyCheck): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckTimeout(`over ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
    });
    return Promise.race([check.run(), limit]).finally(() => clearTimeout(timer));
  };

  const runAll = async (): Promise<ReadyReport> => {
    const results = await Promise.allSettled(options.checks.map(withTimeout));
    const checks: ReadyReport["checks"] = {};
    const failing: string[] = [];
    results.forEach((result, i) => {
      const name = options.checks[i]?.name as ReadyCheckName;
      if (result.status === "fulfilled") {
        checks[name] = "ok";
        return;
      }
      checks[name] = result.reason instanceof CheckTimeout ? "timeout" : "failed";
      failing.push(name);
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      options.logger?.warn({ check: name, reason }, "readiness check failed");
    });
    return {
      ready: failing.length === 0,
      status: failing.length === 0 ? "ok" : "unavailable",
      checks,
      failing,
    };
  };

  return async () => {
    if (options.readiness.shuttingDown)
      return { ready: false, status: "shutting_down", checks: {}, failing: ["shutdown"] };
    const now = performance.now();
    if (last && now - last.at < cacheMs) return last.report;
    running ??= runAll().then((report) => {
      last = { at: performance.now(), report };
      running = null;
      return report;
    });
    return running;
  };
}
