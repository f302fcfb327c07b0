/**
 * The one logger (issue 14 part 8): structured JSON lines through pino. A request's lines carry its `requestId`, a
 * job's lines its `jobId`: take a child with `requestLogger(requestId)` or `jobLogger(jobId)`, never console.*. Errors
 * go under `err` (pino's serializer keeps the type, message and stack). LOG_LEVEL (lib/env.server.ts) sets the level:
 * info by default, silent in tests so their output stays readable.
 */
import pino from "pino";
import { env, LOG_LEVELS, type LogLevel } from "./env.server";

/** The validated LOG_LEVEL; an environment that does not validate stops its process elsewhere with its message. */
function level(): LogLevel {
  try {
    return env().LOG_LEVEL;
  } catch {
    const raw = process.env.LOG_LEVEL as LogLevel | undefined;
    return raw && LOG_LEVELS.includes(raw) ? raw : "info";
  }
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
