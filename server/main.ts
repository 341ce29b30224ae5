/**
 * Process entry: reads configuration, opens the database (migrating it), loads the demo data
 * when the database is empty, serves the product on PORT, and closes the server and the
 * database cleanly on SIGTERM/SIGINT (issue 2 §1).
 */
import { serve } from "@hono/node-server";
import { hashPassword } from "./accounts/passwords.ts";
import { createApp } from "./app.ts";
import { startBackupControl } from "./backup/control.ts";
import { createBackup } from "./backup/create.ts";
import { ConfigError, loadConfig, localOrigin, retentionPolicy } from "./config.ts";
import { runDailyJobs } from "./daily-jobs.ts";
import { DataDirLockedError, openDatabase } from "./db/client.ts";
import { createLogger } from "./logger.ts";
import { runResponseSweep, startResponseSweepTimer } from "./responses/sweep.ts";
import { startFactsBuild } from "./search/facts.ts";
import { getGazetteer } from "./search/gazetteer.ts";
import { seedIfEmpty } from "./seed/index.ts";
import { createServices } from "./services.ts";
import { startKeyRotationTimer } from "./storage/rotate.ts";
import { startDailyJobTimer } from "./verification/daily.ts";
import { recomputeOverdueVerifications } from "./verification/index.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75); // EX_TEMPFAIL
    }
    throw err;
  }
  logger.info({ engine: database.kind }, "database ready");
  await seedIfEmpty(database.db, { count: config.SEED_LAWYERS, logger, hashPassword });
  // Issue 15 §2: a tick whose licence check passed its due date while the server was stopped goes
  // now (the daily monitoring job repeats this while it runs).
  await recomputeOverdueVerifications(database.db);

  const services = createServices({ db: database.db, config, logger });
  const app = await createApp({ services });
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
    run: async () => {
      const { responses } = await runDailyJobs({
        db: services.db,
        clock: services.clock,
        mailer: services.mailer,
        emailLinkOrigin: services.emailLinkOrigin,
        // Issue 17 §4/§5: erasure, expired exports and retention delete stored files through the
        // encrypting store, which also deletes each file's wrapped data key (§3).
        store: services.documents.store,
        logger,
        retention: retentionPolicy(config),
      });
      logger.info(responses, "response figures refreshed");
    },
  });
  // Issue 17 §3: legacy plaintext documents are encrypted at start; data keys are re-wrapped
  // when the keyring's current master key changed (every minute; docs/operations.md "Key rotation").
  const keyRotation = startKeyRotationTimer({
    db: services.db,
    raw: services.documents.raw,
    keyring: services.documents.keyring,
    logger,
    clock: services.clock,
  });
  // Issue 16 §3: reminders to lawyers at 12 h and notices to clients at 24 h without a response.
  const responseSweep = startResponseSweepTimer({
    logger,
    run: () =>
      runResponseSweep({
        db: services.db,
        clock: services.clock,
        mailer: services.mailer,
        emailLinkOrigin: services.emailLinkOrigin,
        logger,
      }),
  });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = config.PUBLIC_URL ?? localOrigin({ HOST: config.HOST, PORT: info.port });
    logger.info({ url }, "LexAtlas is serving");
    console.log(`LexAtlas is running at ${url}`);
    // The world's place names (about 1.5 s, docs/search.md "Place names") are built now rather
    // than on the first search that needs them, so no visitor waits for them.
    setImmediate(() => {
      const t = performance.now();
      getGazetteer();
      logger.info({ ms: Math.round(performance.now() - t) }, "place names ready");
    });
    // Issue 18 §1: the search facts (75 s at 1,000,000 listings before, docs/search.md) are built
    // in the background; until they are ready the database answers every search.
    const factsStarted = performance.now();
    void startFactsBuild(services.db).then((f) => {
      if (f)
        logger.info({ ms: Math.round(performance.now() - factsStarted), lawyers: f.n }, "search facts ready");
    });
  });

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    dailyJob.stop();
    responseSweep.stop();
    keyRotation.stop();
    server.close(async () => {
      await backupControl?.close();
      await services.mailer.close(); // lets emails already handed over finish sending
      await database.close();
      logger.info("closed cleanly");
      process.exit(0);
    });
    // close idle keep-alive sockets so close() completes promptly
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("unhandledRejection", (reason) => logger.error({ reason }, "unhandled rejection"));
}

await main();
