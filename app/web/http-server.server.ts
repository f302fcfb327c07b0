/**
 * The HTTP app every web process serves (issue 19 part 5): the Remix build behind Earlybird's middleware, in this
 * order: request log, CSP nonce, security headers, compression, built assets (immutable) and public files, forwarded
 * header and body limits, cross-site refusal, the per-request memo, then Remix. `npm start` and `npm run start:web`
 * run one of these per web process (web.ts, forked by server.ts with node:cluster).
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { rejectCrossSiteRequests, securityHeaders } from "./http-security.server";
import { requestLogging } from "./request-log.server";
import { checkForwardedHeaders, limitRequestBodies } from "./request-guards.server";
import { runInRequestScope } from "../lib/request-scope.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function createHttpApp(build: ServerBuild): express.Express {
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
  return app;
}
