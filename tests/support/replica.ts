/**
 * A real PostgreSQL streaming replica of the TEST_DATABASE_URL server for the read-replica test
 * (issue 18 §3; server/db/replica.test.ts). Made the way docs/operations.md "Read replica"
 * tells an operator: `pg_basebackup -R -X stream` with a physical replication slot (so the
 * primary keeps the WAL the replica still needs), then `pg_ctl start` on a private Unix socket
 * folder with no TCP listener (listen_addresses=''), so it never meets anything outside this
 * test. Needs root (the commands run as the `postgres` OS user through runuser, and the
 * primary's pg_hba.conf must allow `local replication` for it by peer: Debian's default), and a
 * primary with wal_level replica/logical and max_wal_senders >= 1 (PostgreSQL's defaults).
 */
import { execFile as execFileCb } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const execFile = promisify(execFileCb);

/** Slot names this helper creates; stale ones (a killed run) are dropped at the next start. */
const SLOT_PREFIX = "lexatlas_test_replica_";

/** A running replica: its URL for one database, a control client, and stop (idempotent). */
export interface StreamingReplica {
  /** postgresql:// URL of database `name` on the replica (role of TEST_DATABASE_URL, trusted on the private socket). */
  url(name: string): string;
  /** A connected client to database `name` on the replica (for pausing replay and checks); ended by stop. */
  client(name: string): Promise<pg.Client>;
  /** The replica's server log so far (for a failure message). */
  log(): string;
  /** Stops the replica's server at once (an outage), keeping its folder until stop. */
  halt(): Promise<void>;
  /** Stops the replica, deletes its folder and drops its replication slot on the primary. */
  stop(): Promise<void>;
}

/** Runs a command as the postgres OS user; an error carries the command's stderr. */
async function asPostgres(cmd: string, args: string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await execFile("runuser", ["-u", "postgres", "--", cmd, ...args], {
      timeout: timeoutMs,
    });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${path.basename(cmd)} failed: ${e.stderr?.trim() || e.message}`);
  }
}

/** One value of the primary's settings. */
async function setting(admin: pg.Client, name: string): Promise<string> {
  const { rows } = await admin.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = $1", [
    name,
  ]);
  return rows[0]?.setting ?? "";
}

/**
 * Makes and starts a streaming replica of the server behind `adminUrl` (TEST_DATABASE_URL) and
 * waits until it is a hot standby streaming from the primary. Throws a clear error when the
 * machine cannot (not root, wal_level minimal, no WAL senders, pg_basebackup refused), after
 * removing whatever it had made.
 */
export async function startStreamingReplica(adminUrl: string): Promise<StreamingReplica> {
  if (process.getuid?.() !== 0)
    throw new Error(
      "the replica test runs pg_basebackup and pg_ctl as the postgres user: run it as root (CI does)",
    );
  const primaryUrl = new URL(adminUrl);
  const socketDir = primaryUrl.searchParams.get("host") ?? "/var/run/postgresql";
  const primaryPort = primaryUrl.port || "5432";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const slot = `${SLOT_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-replica-"));
  const data = path.join(dir, "data");
  const sock = path.join(dir, "sock");
  let bin = "";
  let started = false;
  let slotMade = false;
  const clients: pg.Client[] = [];

  const halt = async () => {
    for (const c of clients.splice(0)) await c.end().catch(() => {});
    if (!started) return;
    started = false;
    // Immediate: the copy is thrown away, so nothing needs flushing.
    await asPostgres(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-m",
      "immediate",
      "-w",
      "-t",
      "60",
      "stop",
    ]).catch(() => {});
  };
  const stop = async () => {
    await halt();
    rmSync(dir, { recursive: true, force: true });
    if (slotMade) {
      slotMade = false;
      // The slot keeps WAL on the primary for as long as it exists: never leave it behind.
      await admin
        .query("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1", [
          slot,
        ])
        .catch(() => {});
    }
    await admin.end().catch(() => {});
  };

  try {
    const walLevel = await setting(admin, "wal_level");
    const senders = Number(await setting(admin, "max_wal_senders"));
    const slots = Number(await setting(admin, "max_replication_slots"));
    if (!["replica", "logical"].includes(walLevel) || senders < 1 || slots < 1)
      throw new Error(
        `the PostgreSQL server of TEST_DATABASE_URL cannot feed a streaming replica (wal_level=${walLevel}, max_wal_senders=${senders}, max_replication_slots=${slots}): set wal_level = replica, max_wal_senders >= 1 and max_replication_slots >= 1 (PostgreSQL's defaults) and restart it`,
      );
    const major = Math.floor(Number(await setting(admin, "server_version_num")) / 10_000);
    bin = `/usr/lib/postgresql/${major}/bin`;
    // A replication slot of a run that was killed keeps WAL forever: drop the idle ones first.
    await admin.query(
      "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name LIKE $1 AND NOT active",
      [`${SLOT_PREFIX}%`],
    );
    // Settings a hot standby needs at least as high as its primary's.
    const { rows: minimums } = await admin.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN
       ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );

    chmodSync(dir, 0o755); // the postgres user must reach the folder
    await execFile("chown", ["postgres:postgres", dir]);
    slotMade = true; // from here on stop() drops it, made or not
    await asPostgres(
      path.join(bin, "pg_basebackup"),
      [
        "-h",
        socketDir,
        "-p",
        primaryPort,
        "-U",
        "postgres",
        "-D",
        data,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
        "-C",
        "-S",
        slot,
      ],
      540_000, // the whole server is copied: minutes beside a million-listing database
    );
    // Debian keeps postgresql.conf and pg_hba.conf outside the data folder: give the copy its own.
    writeFileSync(
      path.join(data, "postgresql.conf"),
      `${minimums.map((m) => `${m.name} = ${m.setting}`).join("\n")}\nshared_buffers = 32MB\nhot_standby = on\n`,
    );
    // Trust on a socket only root and postgres can reach (the folder below is postgres' own).
    writeFileSync(path.join(data, "pg_hba.conf"), "local all all trust\n");
    writeFileSync(path.join(data, "pg_ident.conf"), "");
    await execFile("mkdir", ["-p", sock]);
    await execFile("chown", ["-R", "postgres:postgres", dir]);
    chmodSync(sock, 0o700);
    await asPostgres(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-t",
      "120",
      "-o",
      `-p 5432 -k ${sock} -c listen_addresses=''`,
      "start",
    ]);
    started = true;
  } catch (err) {
    const log = readLog(dir);
    await stop();
    throw new Error(`${(err as Error).message}${log ? `\nreplica log:\n${log}` : ""}`);
  }

  const role = decodeURIComponent(primaryUrl.username || "root");
  const url = (name: string) =>
    `postgresql://${encodeURIComponent(role)}@localhost:5432/${name}?host=${encodeURIComponent(sock)}`;
  const client = async (name: string) => {
    const c = new pg.Client({ connectionString: url(name) });
    c.on("error", () => {});
    await c.connect();
    clients.push(c);
    return c;
  };
  try {
    const c = await client("postgres");
    const { rows } = await c.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
    if (!rows[0]?.standby) throw new Error("the new server is not in recovery: not a standby");
  } catch (err) {
    const log = readLog(dir);
    await stop();
    throw new Error(`replica did not come up as a hot standby: ${(err as Error).message}\n${log}`);
  }
  return { url, client, log: () => readLog(dir), halt, stop };
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, "server.log"), "utf8").slice(-4000);
  } catch {
    return "";
  }
}
