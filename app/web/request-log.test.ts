/** One structured line per request, with its request id and no query string (issue 14 part 8). */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLogging } from "./request-log.server";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let server: http.Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(requestLogging(pino({ level: "info" }, sink)));
  app.get("/fine", (_req, res) => {
    res.send(`id ${res.locals.requestId as string}`);
  });
  app.get("/broken", (_req, res) => {
    res.status(500).send("no");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("request logging", () => {
  it("logs method, path, status, duration and the request id the response carries", async () => {
    const response = await fetch(`${base}/fine?token=secret-landing-token`);
    const requestId = response.headers.get("X-Request-Id");
    expect(await response.text()).toBe(`id ${requestId}`);
    await settle();
    const line = lines.find((entry) => entry.requestId === requestId);
    expect(line).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/fine", status: 200 });
    expect(typeof line?.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret-landing-token");
  });

  it("logs a server error's line at error level, with its request id", async () => {
    const response = await fetch(`${base}/broken`);
    const requestId = response.headers.get("X-Request-Id");
    await settle();
    expect(lines.find((entry) => entry.requestId === requestId)).toMatchObject({ level: 50, path: "/broken", status: 500 });
  });
});
