/**
 * The Express guards of issue 13 parts 9-10, in front of a handler that would read the whole body: an oversized
 * declared body is refused before it is sent, and forwarded host headers that would break the request's URL, or that
 * do not match Origin, are refused with a 4xx instead of the Remix adapter's or runtime's 500.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectCrossSiteRequests } from "./http-security.server";
import { BODY_MESSAGES, FORM_MAX_BYTES } from "./body-limits";
import { checkForwardedHeaders, HOST_MESSAGES, isValidHost, limitRequestBodies } from "./request-guards.server";

let server: http.Server;
let port = 0;
let bodiesRead = 0;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(checkForwardedHeaders, limitRequestBodies, rejectCrossSiteRequests);
  app.all("*", (req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => {
      bodiesRead += 1;
      res.json({ size, hostname: req.hostname });
    });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (fetch would refuse to send a forged Host or a length it does not send). */
function send(options: { method?: string; headers: Record<string, string | number>; body?: string; endBody?: boolean }): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: options.method ?? "POST", path: "/login", headers: options.headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text, ms: Date.now() - started }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error)));
    request.flushHeaders();
    if (options.body) request.write(options.body);
    if (options.endBody !== false) request.end();
  });
}

describe("limitRequestBodies", () => {
  it("refuses a 50 MB login at once, before a byte of it is sent or read", async () => {
    const before = bodiesRead;
    // Only the headers go out: a server that waited for the body would never answer.
    const result = await send({
      headers: { Host: `127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 50 * 1024 * 1024 },
      body: "email=a",
      endBody: false,
    });
    expect(result).toMatchObject({ status: 413, text: BODY_MESSAGES.tooLarge });
    expect(bodiesRead).toBe(before);
  });

  it("refuses an upload over the file limit with the spec's 10 MB message, and lets a normal form through", async () => {
    const upload = await send({
      headers: { Host: `127.0.0.1:${port}`, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": 11 * 1024 * 1024 + 1 },
      endBody: false,
    });
    expect(upload).toMatchObject({ status: 413, text: BODY_MESSAGES.uploadTooLarge });
    const body = `email=${"a".repeat(FORM_MAX_BYTES - 10)}`;
    const ok = await send({ headers: { Host: `127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length }, body });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ size: body.length });
  });
});

describe("checkForwardedHeaders and the Origin check", () => {
  const host = () => `127.0.0.1:${port}`;

  it("refuses a forwarded host that does not match Origin (403), not Remix's 500", async () => {
    const result = await send({
      headers: { Host: host(), "X-Forwarded-Host": "evil.example", Origin: `http://${host()}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 3 },
      body: "a=1",
    });
    expect(result).toMatchObject({ status: 403, text: "Cross-site request refused" });
  });

  it("takes a post whose Origin is the forwarded host (behind a proxy that rewrites Host)", async () => {
    const result = await send({
      headers: { Host: "internal:3000", "X-Forwarded-Host": "app.earlybird.test", Origin: "https://app.earlybird.test", "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 3 },
      body: "a=1",
    });
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toMatchObject({ hostname: "app.earlybird.test" });
  });

  it.each(["evil.example:99999", "a b", "[::1", "evil.example:abc", ","])("refuses X-Forwarded-Host %j with 400", async (value) => {
    const result = await send({ method: "GET", headers: { Host: host(), "X-Forwarded-Host": value } });
    expect(result).toMatchObject({ status: 400, text: HOST_MESSAGES.forwardedHost });
  });

  it("refuses a malformed Host or X-Forwarded-Proto with 400", async () => {
    expect(await send({ method: "GET", headers: { Host: "a b" } })).toMatchObject({ status: 400, text: HOST_MESSAGES.host });
    expect(await send({ method: "GET", headers: { Host: host(), "X-Forwarded-Proto": "a b" } })).toMatchObject({ status: 400, text: HOST_MESSAGES.forwardedProto });
  });

  it("accepts well-formed hosts", () => {
    for (const value of ["localhost", "localhost:3000", "app.earlybird.nz", "127.0.0.1:8080", "[::1]:3000", "earlybird_web:3000"]) expect(isValidHost(value)).toBe(true);
    for (const value of ["", "evil.example:0", "evil.example:65536", "a/b", "a@b", "-a.example"]) expect(isValidHost(value)).toBe(false);
  });
});
