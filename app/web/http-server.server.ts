/**
 * The HTTP app every web process serves (issue 19 part 5): the Remix build behind Earlybird's middleware, in this
 * order: request log, CSP nonce, security headers, compression, built assets (immutable) and public files, forwarded
 * header and body limits, cross-site refusal, the per-request memo, then Remix. `npm start` and `npm run start:web`
 * run one of these per web process (web.ts, forked by server.ts with node:cluster).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
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
  // HTML, JSON, CSS and JS compressed: brotli at quality 1 (a quarter of quality 4's CPU for 10-15 % more bytes; the
  // 117 kB /invoices page goes out in 12 kB), else gzip (issue 19, docs/decisions/061).
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));
  // Built assets have content hashes in their names: cached for a year, never revalidated.
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // The other public files (favicon.ico) all have an extension: pages (no dot in the last segment) skip the disk lookup.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
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
