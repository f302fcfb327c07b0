/**
 * The web processes of `npm start` and `npm run start:web` (issue 19 part 5, docs/decisions/059): the primary forks
 * `count` processes running web.ts with node:cluster, which share PORT. It reports ready once all of them listen;
 * a web process that dies later is replaced after a back-off; one that cannot start (port in use, no build) stops the
 * whole start with its reason, said once. stop() asks each to finish its requests in flight and waits for them.
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { logger } from "../lib/logger.server";

export const WEB_FATAL = "earlybird:web-fatal";
export const WEB_SHUTDOWN = "earlybird:web-shutdown";
export type WebProcessMessage = { type: typeof WEB_FATAL; message: string } | { type: typeof WEB_SHUTDOWN };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STOP_TIMEOUT_MS = 15_000;
const FIRST_RESPAWN_MS = 1_000;
const MAX_RESPAWN_MS = 30_000;
/** A web process that lived this long resets the back-off. */
const STABLE_MS = 60_000;

/**
 * Connections each web process may hold: DATABASE_POOL_MAX when set, else 10 shared out so that the web processes
 * together hold about 60 (PostgreSQL's default max_connections is 100; the job worker and its threads need some too).
 */
export function webPoolSize(count: number, configured = process.env.DATABASE_POOL_MAX): number {
  const explicit = Number(configured);
  if (configured && Number.isInteger(explicit) && explicit > 0) return explicit;
  return Math.max(2, Math.min(10, Math.floor(60 / count)));
}

export interface WebCluster {
  /** Resolves once every web process listens; rejects with the reason one of them could not start. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startWebCluster(options: { count: number; databaseUrl: string }): WebCluster {
  const { count, databaseUrl } = options;
  cluster.setupPrimary({ exec: path.join(root, "web.ts") });
  const forkEnv = { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: String(webPoolSize(count)), EARLYBIRD_WEB_PROCESS: "1" };
  const bornAt = new Map<Worker, number>();
  let listening = 0;
  let started = false;
  let stopping = false;
  let failures = 0;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const fail = (message: string) => {
    if (started || stopping) return;
    stopping = true;
    rejectReady(new Error(message));
  };

  const fork = () => {
    const worker = cluster.fork(forkEnv);
    bornAt.set(worker, Date.now());
    worker.on("message", (message: WebProcessMessage) => {
      if (message?.type !== WEB_FATAL) return;
      if (!started) fail(message.message);
      else logger.error(`web process ${worker.process.pid}: ${message.message}`);
    });
    worker.once("listening", () => {
      if (started) {
        logger.info(`web process ${worker.process.pid} replaced the one that died`);
        return;
      }
      listening += 1;
      if (listening === count) {
        started = true;
        resolveReady();
      }
    });
    worker.once("exit", (code, signal) => {
      const lived = Date.now() - (bornAt.get(worker) ?? Date.now());
      bornAt.delete(worker);
      if (stopping) return;
      if (!started) {
        fail(`A web process exited before it could serve (${signal ?? `exit code ${code}`}).`);
        return;
      }
      failures = lived >= STABLE_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_RESPAWN_MS, FIRST_RESPAWN_MS * 2 ** (failures - 1));
      logger.error({ webPid: worker.process.pid, code, signal }, `web process ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another in ${delay / 1000} s`);
      setTimeout(() => {
        if (!stopping) fork();
      }, delay).unref();
    });
  };
  for (let i = 0; i < count; i += 1) fork();

  return {
    ready,
    async stop() {
      stopping = true;
      const workers = [...bornAt.keys()];
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => {
                logger.warn(`web process ${worker.process.pid} did not stop in ${STOP_TIMEOUT_MS / 1000} s; killing it`);
                worker.process.kill("SIGKILL");
              }, STOP_TIMEOUT_MS);
              worker.once("exit", () => {
                clearTimeout(timer);
                resolve();
              });
              try {
                worker.send({ type: WEB_SHUTDOWN } satisfies WebProcessMessage);
              } catch {
                worker.process.kill("SIGTERM");
              }
            }),
        ),
      );
    },
  };
}
