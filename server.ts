/**
 * Earlybird's primary process: database (embedded PostgreSQL unless DATABASE_URL), migrations, demo data on an
 * empty database, the built-in mailbox, the accounting emulator, the Bree scheduler, then WEB_CONCURRENCY web
 * processes (web.ts, node:cluster) serving the Remix build on PORT (default 3000). `npm start` runs it all;
 * `npm run start:web` (`server.ts --web`) runs the web processes only: no demo seed, mailbox, emulator or job worker.
 */
import path from "node:path";
import { ensureDatabase } from "./db/bootstrap";
import { env } from "./app/lib/env.server";
import { logger } from "./app/lib/logger.server";
import { startWebCluster } from "./app/web/web-cluster.server";

const webOnly = process.argv.includes("--web");
const started = Date.now();
// An invalid environment (e.g. production without APP_URL) stops here with its message, before anything starts.
const config = (() => {
  try {
    return env();
  } catch (error) {
    // Said plainly on stderr: the operator reads it before anything has started.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

const database = await ensureDatabase();
const { sequelize } = await import("./db/index");
// The offers hear of top-ups ending in this process (the seed, the scheduler's in-process work); the Remix bundle
// registers its own copy in app/entry.server.tsx.
(await import("./app/modules/offers/top-up-listeners.server")).registerOfferTopUpListeners();
(await import("./app/modules/integrations/push/listeners.server")).registerAccountingPushListeners();
let mailbox: { url: string; stop(): Promise<void> } | undefined;
// The local Xero and MYOB (decisions D7, decision 054): started before the job worker, whose sync jobs call it.
let accountingEmulator: { url: string; close(): Promise<void>; unregister: () => void } | undefined;
try {
  const { migrate } = await import("./db/migrator");
  const applied = await migrate(sequelize);
  if (applied.length) logger.info({ migrations: applied.length }, `Applied ${applied.length} migration(s).`);
  if (!webOnly) {
    const { seedDemoDataIfEmpty } = await import("./db/seed/index");
    if (await seedDemoDataIfEmpty()) logger.info("Seeded demo data (see README for the demo logins).");
  }
  // Without SMTP_URL, e-mail goes to the built-in mailbox (decisions D7), which stores into the database. The web
  // processes find it (and the emulator) through the address files in EARLYBIRD_DATA_DIR.
  if (!config.SMTP_URL && !webOnly) {
    const { startMailbox } = await import("./app/modules/notifications/mailbox-server.server");
    // Mail to the companies' inbound bill addresses becomes documents (issue 16, decision 042).
    const { inboundBillMail } = await import("./app/modules/documents/email-intake.server");
    mailbox = await startMailbox({ inbound: inboundBillMail });
    if (config.APP_ENV === "production") logger.warn(`SMTP_URL is unset: e-mail stays in the built-in mailbox (${mailbox.url}) and reaches no one.`);
    else {
      const readers = config.MAILBOX_PUBLIC ? "to anyone who can reach this server (MAILBOX_PUBLIC=true)" : "to this machine only (MAILBOX_PUBLIC=true shows it to others)";
      logger.info(`Built-in mailbox on ${mailbox.url}: e-mail and SMS show on /mailbox, ${readers}.`);
    }
  }
  if (config.ACCOUNTING_EMULATOR && config.APP_ENV !== "production" && !webOnly) {
    const { startAccountingEmulator } = await import("./app/modules/integrations/emulator/index");
    const { registerRunningEmulator } = await import("./app/modules/integrations/emulator-address.server");
    const port = config.ACCOUNTING_EMULATOR_PORT ?? config.PORT + 10;
    const started = await startAccountingEmulator({ port, dataDir: path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data") }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") throw new Error(`Port ${port} of the accounting emulator is already in use: set ACCOUNTING_EMULATOR_PORT to another port (0: any free port).`);
      throw error;
    });
    accountingEmulator = { ...started, unregister: registerRunningEmulator(started.url, { publish: true }) };
    logger.info(`Accounting emulator (Xero, MYOB) on ${started.url}`);
  }
} catch (error) {
  // Never leave an embedded PostgreSQL running behind a failed start.
  logger.fatal({ err: error }, "Earlybird could not start");
  accountingEmulator?.unregister();
  await accountingEmulator?.close();
  await mailbox?.stop();
  await sequelize.close().catch(() => {});
  await database.stop();
  process.exit(1);
}

// The job worker runs here too unless JOBS_ENABLED=false (web servers scaled apart from `npm run worker`, README).
const { startJobWorker } = await import("./jobs/start-worker");
const jobWorker = config.JOBS_ENABLED && !webOnly ? await startJobWorker({ databaseUrl: database.url }) : undefined;

// The web processes: each loads build/index.js and listens on PORT (shared by the cluster), on this database.
const web = startWebCluster({ count: config.WEB_CONCURRENCY, databaseUrl: database.url });
web.ready.then(
  () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const processes = `${config.WEB_CONCURRENCY} web process${config.WEB_CONCURRENCY === 1 ? "" : "es"}${jobWorker ? " + job worker" : ""}`;
    logger.info(`Earlybird is running on http://localhost:${config.PORT} (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}; ${processes}; ready in ${seconds}s)`);
  },
  (error: Error) => {
    logger.fatal(error.message);
    void shutdown("start failed", 1);
  },
);

let closing = false;
async function shutdown(reason: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  logger.info(`${reason}: shutting down`);
  await web.stop();
  await jobWorker?.stop();
  accountingEmulator?.unregister();
  await accountingEmulator?.close();
  await mailbox?.stop();
  await sequelize.close();
  await database.stop();
  process.exit(exitCode);
}
// Replaces ensureDatabase's handlers (stop the database and exit at once). process.listeners() leaves out tsx's own
// hidden handler, which tells the tsx parent that this process handles the signal: removeAllListeners dropped it too,
// and tsx then killed this process with SIGKILL 60 ms after Ctrl-C, leaving the embedded PostgreSQL running.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
