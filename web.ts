/**
 * One web process (issue 19 part 5): forked by server.ts (node:cluster) for `npm start` and `npm run start:web`. It
 * loads the Remix build and serves it on PORT, which the cluster shares between its web processes. The primary owns
 * the database, the migrations and the job worker; it passes DATABASE_URL (and a pool size) in the environment, and
 * asks for a graceful stop with a message: stop accepting, finish the requests in flight, exit.
 */
// First: the route matcher with its caches, before anything loads @remix-run/router (issue 19).
import "./app/web/route-matching.server";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { env } from "./app/lib/env.server";
import { logger } from "./app/lib/logger.server";
import { createHttpApp } from "./app/web/http-server.server";
import { cacheSettingsWhileListening } from "./app/modules/settings/service.server";
import { WEB_FATAL, WEB_SHUTDOWN, type WebProcessMessage } from "./app/web/web-cluster.server";

const root = path.dirname(fileURLToPath(import.meta.url));
const STOP_TIMEOUT_MS = 10_000;

/** Tells the primary why this process cannot serve (it says so once and stops everything), then exits. */
function fatal(message: string): never {
  const report: WebProcessMessage = { type: WEB_FATAL, message };
  if (process.send) process.send(report, () => process.exit(1));
  else {
    console.error(message);
    process.exit(1);
  }
  // Exit once the message is on its way.
  return undefined as never;
}

const { PORT } = env();
const buildFile = path.join(root, "build/index.js");
let build: ServerBuild;
try {
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
} catch (error) {
  const missing = (error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(buildFile);
  fatal(missing ? `${path.relative(process.cwd(), buildFile)} is missing: run npm run build first.` : `The web process could not load the build: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
}

// The flags and runtime config stay in memory, emptied by a NOTIFY on every change (issue 19).
cacheSettingsWhileListening(process.env.DATABASE_URL);
const server: Server = createHttpApp(build!).listen(PORT);
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") fatal(`Port ${PORT} is already in use: set PORT to another port.`);
  else if (error.code === "EACCES") fatal(`Port ${PORT} needs privileges this user does not have: set PORT to another port.`);
  else fatal(`The server could not listen on port ${PORT}: ${error.message}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Node closes idle keep-alive connections at once; requests in flight finish, then their connections close.
  server.close(() => process.exit(0));
  setTimeout(() => {
    logger.warn("web process: requests still in flight after 10 s; closing their connections");
    server.closeAllConnections();
    process.exit(0);
  }, STOP_TIMEOUT_MS).unref();
}

process.on("message", (message: WebProcessMessage) => {
  if (message?.type === WEB_SHUTDOWN) stop();
});
// Ctrl-C reaches every process of the terminal's group: the primary orders the stop, so a web process waits for it
// (and is not mistaken for one that died). SIGTERM sent to this process alone stops it gracefully; the primary replaces it.
process.on("SIGINT", () => {});
process.on("SIGTERM", stop);
