/**
 * `npm run worker`: the job worker alone (issue 14 part 6): the Bree scheduler, the queue of on-demand jobs and its
 * reaper, against the same PostgreSQL as the web servers (DATABASE_URL; without it, the embedded one `npm start` runs
 * on this machine, or a new one). Run as many as you like on as many machines: each claims queued jobs with
 * FOR UPDATE SKIP LOCKED and holds them by a lease, so a job runs once and a dead worker's job is resumed by another.
 * No web server, no mailbox, no demo seed here.
 */
import { ensureDatabase } from "./db/bootstrap";
import { env } from "./app/lib/env.server";
import { logger } from "./app/lib/logger.server";

try {
  env();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const database = await ensureDatabase();
const { sequelize } = await import("./db/index");
try {
  const { migrate } = await import("./db/migrator");
  const applied = await migrate(sequelize);
  if (applied.length) logger.info({ applied: applied.length }, "applied migrations");
} catch (error) {
  console.error(error);
  await sequelize.close().catch(() => {});
  await database.stop();
  process.exit(1);
}

const { startJobWorker } = await import("./jobs/start-worker");
const worker = await startJobWorker({ databaseUrl: database.url });
console.log(`Earlybird job worker is running (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}; pid ${process.pid})`);

let closing = false;
async function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  console.log(`${reason}: stopping the job worker`);
  await worker.stop();
  await sequelize.close();
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
