/**
 * Process entry: reads configuration, opens the database (migrating it), loads the demo data
 * when the database is empty, serves the product on PORT, and closes the server and the
 * database cleanly on SIGTERM/SIGINT (issue 2 §1), draining in-flight requests first (issue 18 §3,
 * server/ops/shutdown.ts).
 */
// Issue 29: first, before anything imports React: NODE_ENV=production by default (React's
// production build) without making the configuration strict (server/runtime-env.ts).
import "./runtime-defaults.ts";
import type { Server } from "node:http";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { hashPassword } from "./accounts/passwords.ts";
import { createApp } from "./app.ts";
import { startBackupControl } from "./backup/control.ts";
import { createBackup } from "./backup/create.ts";
import { systemClock } from "./clock.ts";
import { runDailyOnce, withJobLock } from "./cluster/jobs.ts";
import { startListingNotifications } from "./cluster/notifications.ts";
import { perMachineState } from "./cluster/state.ts";
import { ConfigError, loadConfig, localOrigin, retentionPolicy, strictConfiguration } from "./config.ts";
import { runDailyJobs } from "./daily-jobs.ts";
import { DataDirLockedError, openDatabase } from "./db/client.ts";
import { guardStdio } from "./log-destination.ts";
import { createLogger, setProcessLogger } from "./logger.ts";
import { warmMatchStore } from "./matching/candidates.ts";
import { createReadiness } from "./ops/health.ts";
import { observedJob, recordJobRun } from "./ops/metrics.ts";
import { createShutdown } from "./ops/shutdown.ts";
import { runResponseSweep, startResponseSweepTimer } from "./responses/sweep.ts";
import { reactBuild } from "./runtime-env.ts";
import {
  configureDictionaries,
  DICTIONARY_LOCALES,
  dictionary,
  prepareDictionaries,
} from "./search/dictionaries.ts";
import { getFacts, warmSearchFacts } from "./search/facts.ts";
import { readySearchMemory } from "./search/warm-up.ts";
import { seedIfEmpty } from "./seed/index.ts";
import { createServices } from "./services.ts";
import { assertProductionContact } from "./site/company.ts";
import { startKeyRotationTimer } from "./storage/rotate.ts";
import { startDailyJobTimer } from "./verification/daily.ts";
import { recomputeOverdueVerifications } from "./verification/index.ts";

/** How long an idle keep-alive connection stays open, ms (above common proxies' 60 s idle timeout). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main() {
  // Issue 27 §3: a pipe whose reader exited (EPIPE) never crashes, blocks or holds the process.
  guardStdio();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    // Issue 19 §5: a production start refuses placeholder contact details (555 numbers…).
    assertProductionContact(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  setProcessLogger(logger);
  // Issue 29: which React build renders the pages and how strict the configuration is.
  logger.info(
    {
      reactBuild: reactBuild(),
      nodeEnv: config.NODE_ENV,
      deployment: strictConfiguration(config) ? "production" : "local",
    },
    "runtime",
  );
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      // Issue 18 §3: searches, profiles, facets and matching reads go to the replica.
      readUrl: config.DATABASE_READ_URL,
      logger,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75); // EX_TEMPFAIL
    }
    throw err;
  }
  logger.info({ engine: database.kind, readReplica: database.readDb !== database.db }, "database ready");
  // Issue 18 §2: what would stay on this machine's disk although the database is shared.
  for (const item of perMachineState(config)) logger.warn({ variable: item.variable }, item.message);
  await seedIfEmpty(database.db, { count: config.SEED_LAWYERS, logger, hashPassword });
  // Issue 15 §2: a tick whose licence check passed its due date while the server was stopped goes
  // now (the daily monitoring job repeats this while it runs).
  await recomputeOverdueVerifications(database.db);

  // The process's one clock (issue 30): every service gets time from it, none falls back on its own.
  const services = createServices({
    db: database.db,
    readDb: database.readDb,
    config,
    logger,
    clock: systemClock,
  });
  configureDictionaries({ cacheDir: join(config.DATA_DIR, "dictionaries") });
  // Issue 18 §1: the matching store is loaded from its file copy in DATA_DIR or built now, in the
  // background, so the first match request waits at most for what remains (docs/matching.md "Cold
  // start"); on the handle matching ranks on (the read replica when configured, §3).
  const matchStoreStarted = performance.now();
  void warmMatchStore(services.readDb, { snapshotDir: config.DATA_DIR }).then(() =>
    logger.info({ ms: Math.round(performance.now() - matchStoreStarted) }, "matching store ready"),
  );
  // Issue 29: the search facts of the current data version are loaded from their file copy in
  // DATA_DIR before the first request (about a second at 1,000,000 listings instead of a
  // two-minute build); without a current copy they are built in the background (below, the
  // database answers meanwhile) and saved for the next start.
  const factsStarted = performance.now();
  const factsLoaded = await warmSearchFacts(services.readDb, { snapshotDir: config.DATA_DIR });
  if (factsLoaded)
    logger.info({ ms: Math.round(performance.now() - factsStarted), from: "snapshot" }, "search facts ready");
  // Issue 29 "no request over 1 s during warm-up": place names, vocabulary and the description
  // classifier are readied before the server listens (server/search/warm-up.ts).
  await readySearchMemory(services.readDb, logger);
  // Issue 18 §3: one serving state for /readyz and the shutdown below.
  const readiness = createReadiness();
  const app = await createApp({ services, readiness });
  // Issue 18 §2: another instance's listing writes drop this instance's search and matching
  // copies at once (LISTEN/NOTIFY; the once-a-second version poll stays as the fallback).
  const notifications = await startListingNotifications({
    dbs: [services.db],
    kind: database.kind,
    databaseUrl: config.DATABASE_URL,
    logger,
  });
  // Issue 17 §6: PGlite lives in this process, so `npm run backup` asks this server over a
  // Unix socket in DATA_DIR (server/backup/control.ts); the backup reads the RAW store.
  const backupControl =
    database.kind === "pglite"
      ? await startBackupControl({
          dataDir: config.DATA_DIR,
          logger,
          backup: (dir) =>
            createBackup({ db: database.db, engine: database.kind, store: services.documents.raw }, dir),
        })
      : null;
  // Issue 15 §2 "Ongoing monitoring": lapses, reminders and the re-check queue, once per day of
  // the clock (at start, then checked hourly); `npm run jobs:daily` runs the same job by hand.
  const dailyJob = startDailyJobTimer({
    clock: services.clock,
    logger,
    // Issue 18 §2: exactly one instance runs the day's job (advisory lock + job_runs).
    run: observedJob("daily_jobs", async () => {
      const daily = await runDailyOnce(services.db, services.clock, () =>
        runDailyJobs({
          db: services.db,
          clock: services.clock,
          mailer: services.mailer,
          emailLinkOrigin: services.emailLinkOrigin,
          // Issue 17 §4/§5: erasure, expired exports and retention delete stored files through the
          // encrypting store, which also deletes each file's wrapped data key (§3).
          store: services.documents.store,
          logger,
          retention: retentionPolicy(config),
        }),
      );
      if (daily.status === "ran") logger.info(daily.value.responses, "response figures refreshed");
      else logger.info({ day: daily.day, status: daily.status }, "daily job left to another instance");
    }),
  });
  // Issue 17 §3: legacy plaintext documents are encrypted at start; data keys are re-wrapped
  // when the keyring's current master key changed (every minute; docs/operations.md "Key rotation").
  const keyRotation = startKeyRotationTimer({
    db: services.db,
    raw: services.documents.raw,
    keyring: services.documents.keyring,
    logger,
    clock: services.clock,
    onOutcome: (outcome, seconds) => recordJobRun("key_rotation", outcome, seconds),
    exclusive: (step) => withJobLock(services.db, "keyRotation", step),
  });
  // Issue 16 §3: reminders to lawyers at 12 h and notices to clients at 24 h without a response.
  const responseSweep = startResponseSweepTimer({
    logger,
    run: observedJob("response_sweep", () =>
      withJobLock(services.db, "responseSweep", () =>
        runResponseSweep({
          db: services.db,
          clock: services.clock,
          mailer: services.mailer,
          emailLinkOrigin: services.emailLinkOrigin,
          logger,
        }),
      ),
    ),
  });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = config.PUBLIC_URL ?? localOrigin({ HOST: config.HOST, PORT: info.port });
    logger.info({ url }, "LexAtlas is serving");
    console.log(`LexAtlas is running at ${url}`);
    // Issue 18 §1: without a current file copy the search facts build in the background, on the
    // handle searches read (the read replica when configured, §3); until they are ready the
    // database answers every search.
    if (!factsLoaded)
      void getFacts(services.readDb)
        .then((f) =>
          logger.info(
            { ms: Math.round(performance.now() - factsStarted), lawyers: f.n, from: "database" },
            "search facts ready",
          ),
        )
        .catch(() => undefined);
    // Issue 29: the about page's figures are counted now (seconds at 1,000,000 listings), not
    // when its first visitor comes; the page waits for them at most ABOUT_STATS_WAIT_MS.
    void services.directory.getDirectoryStats().catch(() => undefined);
    // Issue 28 §1: the word lists that keep real words from typo correction, derived once into
    // DATA_DIR/dictionaries by a child process (docs/search.md); loaded per locale on first use.
    const dictionariesStarted = performance.now();
    // Issue 29: then loaded into memory one after another (from their files: tens of ms each, 18.5 MB
    // for all six), so the first search of a locale does not read its word list.
    void prepareDictionaries().then(async () => {
      for (const locale of DICTIONARY_LOCALES) await dictionary(locale).catch(() => undefined);
      logger.info({ ms: Math.round(performance.now() - dictionariesStarted) }, "search dictionaries ready");
    });
  });

  // An idle keep-alive connection is kept KEEP_ALIVE_TIMEOUT_MS, longer than clients keep theirs
  // (browsers, undici and Node's agent: 4-5 s; proxies: 60 s), so that the client, not the server,
  // closes it: with Node's 5 s default a request sent on a connection the server was closing at
  // that moment failed with ECONNRESET (seen in a browser journey). headersTimeout must exceed it.
  (server as Server).keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  (server as Server).headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

  server.on("error", async (err: NodeJS.ErrnoException) => {
    const reason =
      err.code === "EADDRINUSE"
        ? `port ${config.PORT} is already in use on ${config.HOST}. Stop the other process, or set PORT to a free port.`
        : err.code === "EACCES"
          ? `no permission to listen on port ${config.PORT}. Use a port above 1023, or set PORT.`
          : err.message;
    console.error(`LexAtlas cannot start: ${reason}`);
    await database.close();
    process.exit(err.code === "EADDRINUSE" || err.code === "EACCES" ? 78 : 1);
  });

  // Issue 18 §3: /readyz 503, drain SHUTDOWN_DRAIN_MS, stop listening, finish in-flight requests,
  // then timers, backup control, mailer and database; exit 1 after SHUTDOWN_TIMEOUT_MS.
  const shutdown = createShutdown({
    server: server as Server, // serve() without createServer is node:http's
    readiness,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
    stopTimers() {
      dailyJob.stop();
      responseSweep.stop();
      keyRotation.stop();
    },
    async close() {
      await notifications.stop();
      await backupControl?.close();
      await services.mailer.close(); // lets emails already handed over finish sending
      await database.close();
    },
    exit: (code) => process.exit(code),
  });
  process.on("SIGTERM", () => void shutdown.begin("SIGTERM"));
  process.on("SIGINT", () => void shutdown.begin("SIGINT"));
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
  // An exception nobody caught still ends the process (Node's default: its state is unknown), but
  // its cause is written through the one error serializer first, not only as Node's raw stack.
  process.on("uncaughtExceptionMonitor", (err) => logger.fatal({ err }, "uncaught exception"));
}

await main();
