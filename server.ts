/**
 * Earlybird's process: database (embedded PostgreSQL unless DATABASE_URL), migrations, demo data on an
 * empty database, the built-in mailbox, the Bree scheduler, and the Remix app on PORT (default 3000).
 */
// First: the route matcher with its caches, before @remix-run/express loads the router (issue 19).
import "./app/web/route-matching.server";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Server } from "node:http";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { ensureDatabase } from "./db/bootstrap";
import { env } from "./app/lib/env.server";
import { logger } from "./app/lib/logger.server";
import { rejectCrossSiteRequests, securityHeaders } from "./app/web/http-security.server";
import { requestLogging } from "./app/web/request-log.server";
import { checkForwardedHeaders, limitRequestBodies } from "./app/web/request-guards.server";
import { runInRequestScope } from "./app/lib/request-scope.server";

const root = path.dirname(fileURLToPath(import.meta.url));
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
  const { seedDemoDataIfEmpty } = await import("./db/seed/index");
  if (await seedDemoDataIfEmpty()) logger.info("Seeded demo data (see README for the demo logins).");
  // Without SMTP_URL, e-mail goes to the built-in mailbox (decisions D7), which stores into the database.
  if (!config.SMTP_URL) {
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
  if (config.ACCOUNTING_EMULATOR && config.APP_ENV !== "production") {
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
const jobWorker = config.JOBS_ENABLED ? await startJobWorker({ databaseUrl: database.url }) : undefined;

const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
// The flags and runtime config stay in memory, emptied by a NOTIFY on every change (issue 19).
const stopSettingsCache = (await import("./app/modules/settings/service.server")).cacheSettingsWhileListening(database.url);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(requestLogging());
app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(securityHeaders);
// HTML, JSON, CSS and JS compressed (brotli at quality 4, else gzip): a list page's 25 rows go out in a few kB (issue 19).
app.use(compression({ threshold: 1024 }));
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
app.use(checkForwardedHeaders, limitRequestBodies);
app.use(rejectCrossSiteRequests);
// What several loaders of one request read (the session) is read once (app/lib/request-scope.server.ts).
app.use((req, _res, next) => runInRequestScope(req.method, next));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      requestId: res.locals.requestId as string,
      cspNonce: res.locals.cspNonce as string,
      ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    }),
  }),
);

const server: Server = app.listen(config.PORT, () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  logger.info(`Earlybird is running on http://localhost:${config.PORT} (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}; ready in ${seconds}s)`);
});

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") logger.fatal(`Port ${config.PORT} is already in use: set PORT to another port.`);
  else logger.fatal({ err: error }, "The server could not listen");
  void shutdown("listen error", 1);
});

let closing = false;
async function shutdown(reason: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  logger.info(`${reason}: shutting down`);
  server.close();
  await stopSettingsCache();
  await jobWorker?.stop();
  accountingEmulator?.unregister();
  await accountingEmulator?.close();
  await mailbox?.stop();
  await sequelize.close();
  await database.stop();
  process.exit(exitCode);
}
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
