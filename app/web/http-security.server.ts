import type { NextFunction, Request, Response } from "express";
import { firstHeaderValue } from "./request-guards.server";
import { isProduction } from "../lib/env.server";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Protection against cross-site form posts: a state-changing request from a browser must come from our own
 * origin. Browsers send Origin (or at least Sec-Fetch-Site) on every cross-site POST, so a request
 * that carries neither cannot be a browser riding on a user's cookie. SameSite=lax cookies are the
 * second line.
 */
export function isCrossSite(request: { method: string; host: string | undefined; origin?: string; referer?: string; secFetchSite?: string }): boolean {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.secFetchSite && !["same-origin", "none"].includes(request.secFetchSite)) return true;
  const source = request.origin && request.origin !== "null" ? request.origin : request.referer;
  if (request.origin === "null") return true;
  if (!source) return false;
  try {
    return new URL(source).host !== request.host;
  } catch {
    return true;
  }
}

export function rejectCrossSiteRequests(req: Request, res: Response, next: NextFunction) {
  const crossSite = isCrossSite({
    method: req.method,
    // The host the browser addressed: a trusted proxy's X-Forwarded-Host (checkForwardedHeaders dropped an untrusted
    // one), as Remix compares it with Origin; a mismatch is refused here rather than thrown there as a 500.
    host: firstHeaderValue(req.headers["x-forwarded-host"]) ?? req.headers.host,
    origin: req.headers.origin,
    referer: req.headers.referer,
    secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
  });
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site request refused");
    return;
  }
  next();
}

export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = res.locals.cspNonce as string;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("X-Frame-Options", "DENY");
  if (isProduction()) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}
