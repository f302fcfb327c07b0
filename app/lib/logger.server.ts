/**
 * The one logger (issue 14 part 8): structured JSON lines through pino. A request's lines carry its `requestId`, a
 * job's lines its `jobId`: take a child with `requestLogger(requestId)` or `jobLogger(jobId)`, never console.*. Errors
 * go under `err` (pino's serializer keeps the type, message and stack). LOG_LEVEL (lib/env.server.ts) sets the level:
 * info by default, silent in tests so their output stays readable.
 */
import pino from "pino";
import { z } from "zod";
import { LOG_LEVELS, type LogLevel } from "./env.server";

/**
 * LOG_LEVEL as the env schema reads it, without env(): that caches the whole environment, and a process that sets
 * some of it after importing this (the database URL of an embedded PostgreSQL, a data directory) must not get a stale
 * copy. An invalid value stops the process at env()'s validation with its message; meanwhile it logs at the default.
 */
function level(): LogLevel {
  const parsed = z.enum(LOG_LEVELS).safeParse(process.env.LOG_LEVEL);
  if (parsed.success) return parsed.data;
  return process.env.APP_ENV === "test" ? "silent" : "info";
}

export const logger = pino(
  {
    level: level(),
    base: { pid: process.pid },
    // Secrets never reach a log line, whatever a caller passes.
    redact: { paths: ["password", "*.password", "token", "*.token", "authorization", "*.authorization", "cookie", "*.cookie"], censor: "[redacted]" },
  },
  // Standard error, written at once: the CLI's standard output (tables, --json) stays the command's own, and a line
  // written just before process.exit is not lost.
  pino.destination({ dest: 2, sync: true }),
);

export type Logger = typeof logger;

export const requestLogger = (requestId: string): Logger => logger.child({ requestId });
export const jobLogger = (jobId: number | string): Logger => logger.child({ jobId });
