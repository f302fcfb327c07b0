/**
 * An unknown error is logged once with the request id, and the "Uh oh :(" page shows that same id (issue 14 part 8):
 * a document request renders it on the server; a client-side navigation's data request carries it in the error data.
 * The app's real entry.server and root route, with one child route whose loader fails, behind Remix's request handler.
 */
import { Writable } from "node:stream";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import pino from "pino";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sequelize } from "../../db/index";
import * as entry from "../../app/entry.server";
import * as root from "../../app/root";
import { logger } from "../../app/lib/logger.server";

afterAll(() => sequelize.close());

const lines: Record<string, unknown>[] = [];
const testLogger = pino(
  { level: "info" },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  }),
);

beforeEach(() => {
  lines.length = 0;
  vi.spyOn(logger, "child").mockImplementation((bindings) => testLogger.child(bindings));
});
afterEach(() => vi.restoreAllMocks());

const boom = {
  loader: () => {
    throw new Error("kaboom: a bug nobody expected");
  },
  default: () => null,
};

const routeAssets = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [], css: [] };
const build = {
  mode: "production",
  entry: { module: entry },
  routes: {
    root: { id: "root", path: "", module: root },
    "routes/boom": { id: "routes/boom", parentId: "root", path: "boom", module: boom },
  },
  assets: {
    entry: { imports: [], module: "/build/entry.client.js" },
    routes: {
      root: { ...routeAssets, id: "root", path: "", module: "/build/root.js", hasLoader: true, hasErrorBoundary: true },
      "routes/boom": { ...routeAssets, id: "routes/boom", parentId: "root", path: "boom", module: "/build/routes/boom.js", hasLoader: true },
    },
    url: "/build/manifest.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
  isSpaMode: false,
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");
const get = (path: string, requestId: string) => handle(new Request(`http://localhost${path}`), { requestId, cspNonce: "nonce", ip: "127.0.0.1" });

const errorLine = (requestId: string) => lines.find((line) => line.requestId === requestId && line.level === 50);

describe("an unknown error", () => {
  it("on a page: logged with the request id the 'Uh oh :(' page shows", async () => {
    const response = await get("/boom", "req-document-1");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Uh oh :(");
    expect(html).not.toContain("kaboom");
    const shown = /data-request-id="([^"]+)"/.exec(html)?.[1];
    expect(shown).toBe("req-document-1");
    expect(errorLine("req-document-1")).toMatchObject({ msg: "unexpected error", path: "/boom", err: { message: "kaboom: a bug nobody expected" } });
  });

  it("on a client-side navigation: the error's data carries the id its log line has", async () => {
    const response = await get("/boom?_data=routes%2Fboom", "req-data-1");
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Remix-Catch")).toBe("yes");
    expect(response.headers.get("X-Remix-Error")).toBeNull();
    const data = (await response.json()) as { requestId?: string; message?: string };
    expect(data).toEqual({ message: "Unexpected Server Error", requestId: "req-data-1" });
    expect(errorLine("req-data-1")).toMatchObject({ msg: "unexpected error", path: "/boom" });
  });

  it("a URL no route matches is not logged as an error", async () => {
    const response = await get("/no-such-page", "req-404");
    expect(response.status).toBe(404);
    expect(errorLine("req-404")).toBeUndefined();
  });
});
