/**
 * Express guards in front of the Remix handler (issue 13 parts 9-10): what must be refused before a route runs.
 * - A body whose declared Content-Length is over the limit (1 MB for forms, the upload limit for multipart) gets 413
 *   at once, without reading it: /login is not a place to upload 50 MB. Bodies without a declared length are counted
 *   by the form readers (http.server.ts) as they arrive.
 * - Host, X-Forwarded-Host and X-Forwarded-Proto must be well-formed: the Remix adapter builds the request's URL from
 *   them, and a malformed one was an "Invalid URL" 500. X-Forwarded-* from a client that is not a trusted proxy is
 *   dropped (Express ignores it for req.hostname, but the adapter read its port regardless).
 */
import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor } from "./body-limits";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Labels of letters, digits, hyphens and (container and service names) underscores; or a bracketed IPv6 address.
const HOST_PATTERN = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export const HOST_MESSAGES = {
  host: "Invalid Host header",
  forwardedHost: "Invalid X-Forwarded-Host header",
  forwardedProto: "Invalid X-Forwarded-Proto header",
} as const;

/** A host[:port] as a URL could hold it (port 1-65535). */
export function isValidHost(value: string): boolean {
  const match = HOST_PATTERN.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65_535)) return false;
  try {
    return new URL(`http://${value}`).host !== "";
  } catch {
    return false;
  }
}

/** The first value of a list header ("a.example, b.example" -> "a.example"), trimmed; null when absent or empty. */
export function firstHeaderValue(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  const first = text?.split(",")[0]?.trim();
  return first ? first : null;
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).set("Connection", "close").type("text/plain").send(message);
}

export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (!UNSAFE_METHODS.has(req.method.toUpperCase())) return next();
  const declared = Number(req.headers["content-length"] ?? "");
  const { maxBytes, message } = bodyLimitFor(req.headers["content-type"], req.path);
  if (Number.isFinite(declared) && declared > maxBytes) return refuse(res, 413, message);
  next();
}

export function checkForwardedHeaders(req: Request, res: Response, next: NextFunction) {
  const trustProxy = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  const trusted = Boolean(trustProxy?.(req.socket.remoteAddress ?? "", 0));
  if (!trusted) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
  }
  const host = req.headers.host;
  if (!host || !isValidHost(host)) return refuse(res, 400, HOST_MESSAGES.host);
  const forwardedHost = req.headers["x-forwarded-host"];
  if (forwardedHost !== undefined) {
    const first = firstHeaderValue(forwardedHost);
    if (!first || !isValidHost(first)) return refuse(res, 400, HOST_MESSAGES.forwardedHost);
  }
  const forwardedProto = req.headers["x-forwarded-proto"];
  if (forwardedProto !== undefined) {
    const first = firstHeaderValue(forwardedProto);
    if (first !== "http" && first !== "https") return refuse(res, 400, HOST_MESSAGES.forwardedProto);
  }
  next();
}
