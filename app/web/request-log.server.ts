/**
 * The first Express middleware (issue 14 part 8): gives each request its id (res.locals.requestId, which the Remix load
 * context, every log line of the request and the "Uh oh :(" page carry; also the X-Request-Id response header), and logs
 * one structured line once the response is sent or the client went away: method, path, status, duration, request id.
 * The path only: query strings can hold tokens (invite, landing and password-reset links), and bodies are never logged.
 */
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { logger as defaultLogger, type Logger } from "../lib/logger.server";

export function requestLogging(logger: Logger = defaultLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = crypto.randomUUID();
    const start = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const line = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - start) / 10_000) / 100,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const log = logger.child({ requestId });
      if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
