/**
 * Small helpers of the accounting emulator: seeded randomness (so the demo books are the same on every machine),
 * name-derived GUIDs, the providers' date formats, and reading and answering node:http requests.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A deterministic random source seeded by a text (mulberry32 over a sha256 of the seed). */
export function seededRandom(seed: string): () => number {
  let state = crypto.createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** A GUID derived from a name (the same name gives the same id), shaped like a v5 UUID. */
export function nameGuid(...parts: Array<string | number>): string {
  const hex = crypto.createHash("sha1").update(parts.join("\u0000")).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function randomGuid(): string {
  return crypto.randomUUID();
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Xero's JSON date: "/Date(1700000000000+0000)/". */
export function xeroDate(ms: number): string {
  return `/Date(${ms}+0000)/`;
}

export function parseXeroDate(value: string): number {
  const match = /\/Date\((-?\d+)/.exec(value);
  return match ? Number(match[1]) : Date.parse(value);
}

/** "2026-11-01T00:00:00" for a calendar day (the providers' DateString, UTC midnight). */
export function dayString(day: string): string {
  return `${day}T00:00:00`;
}

export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDaysTo(day: string, days: number): string {
  return new Date(dayMs(day) + days * 86_400_000).toISOString().slice(0, 10);
}

export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** MYOB's timestamps: "2026-11-27T07:31:05.123" (UTC, without a zone, as the API sends them). */
export function myobTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, "");
}

/** Parses a timestamp without a zone as UTC (Xero's If-Modified-Since, MYOB's datetime'...'); an HTTP date too. */
export function parseUtc(value: string): number {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+)?$/.test(text)) return Date.parse(text.includes("T") ? `${text}Z` : `${text}T00:00:00Z`);
  return Date.parse(text);
}

/** Rounds dollars to cents. */
export function money(value: number): number {
  return Math.round(value * 100) / 100;
}

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { error: "request_too_large" });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** An answer thrown from deep inside a handler (a refused token, a 404), sent as JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { "content-type": "application/json; charset=utf-8" } : {}), "cache-control": "no-store", ...headers });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "cache-control": "no-store" });
  res.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
