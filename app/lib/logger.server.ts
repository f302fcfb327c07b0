/**
 * The one logger (issue 14 part 8): structured JSON lines through pino. A request's lines carry its `requestId`, a
 * job's lines its `jobId`: take a child with `logger.child({ requestId })` or `jobLogger(jobId)`, never console.*.
 * LOG_LEVEL sets the level (tests default to "silent" so their output stays readable).
 */
import pino from "pino";

const defaultLevel = process.env.APP_ENV === "test" ? "silent" : "info";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? defaultLevel,
  base: { pid: process.pid },
  // Secrets never reach a log line, whatever a caller passes.
  redact: { paths: ["password", "*.password", "token", "*.token", "authorization", "*.authorization", "cookie", "*.cookie"], censor: "[redacted]" },
});

export type Logger = typeof logger;

export const requestLogger = (requestId: string): Logger => logger.child({ requestId });
export const jobLogger = (jobId: number | string): Logger => logger.child({ jobId });
