/**
 * The accounting emulator's HTTP server (node:http, no Remix): one port serving Xero's login, identity and API bases,
 * MYOB's secure and API bases, and the admin API, at exactly the paths of config.server.ts's accountingEndpoints().
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { adminApi } from "./admin";
import type { EmulatorContext, RequestInfo } from "./context";
import { CallLog, type EmulatorLimits, RateLimiter } from "./limits";
import { myobApi } from "./myob-api";
import { authorize, connections, revoke, token } from "./oauth";
import { EmulatorState } from "./state";
import { HttpError, readBody, sendJson } from "./util";
import { xeroApi } from "./xero-api";

export interface AccountingEmulatorOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where state.json lives (<dataDir>/accounting-emulator/); null keeps everything in memory. */
  dataDir: string | null;
  limits?: Partial<EmulatorLimits>;
}

export interface AccountingEmulatorHandle {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startAccountingEmulator(options: AccountingEmulatorOptions): Promise<AccountingEmulatorHandle> {
  const host = options.host ?? "127.0.0.1";
  const state = EmulatorState.open(EmulatorState.stateFile(options.dataDir));
  let url = "";
  const context: EmulatorContext = { state, limiter: new RateLimiter(options.limits), calls: new CallLog(), baseUrl: () => url };
  const server = http.createServer((req, res) => {
    void handle(context, req, res);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let closed: Promise<void> | null = null;
  return {
    url,
    port,
    close: () => {
      closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await state.save();
      })();
      return closed;
    },
  };
}

async function handle(context: EmulatorContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? "/", context.baseUrl() || "http://127.0.0.1");
    const method = (req.method ?? "GET").toUpperCase();
    const body = method === "GET" || method === "HEAD" ? "" : await readBody(req);
    const info = (path: string): RequestInfo => ({ req, res, method, url, path, body });
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if (path === "/xero/login/identity/connect/authorize" && (method === "GET" || method === "POST")) return authorize(context, info(path), "xero");
    if (path === "/xero/identity/connect/token") return token(context, info(path), "xero");
    if (path === "/xero/identity/connect/revocation" && method === "POST") return revoke(context, info(path));
    if ((match = /^\/xero\/api\/connections(?:\/([^/]+))?\/?$/.exec(path))) return connections(context, info(path), match[1] ?? null);
    if ((match = /^\/xero\/api\/api\.xro\/2\.0(\/.*)?$/i.exec(path))) return await xeroApi(context, info(path), match[1] ?? "/");
    if (path === "/myob/secure/oauth2/account/authorize" && (method === "GET" || method === "POST")) return authorize(context, info(path), "myob");
    if (path === "/myob/secure/oauth2/v1/authorize") return token(context, info(path), "myob");
    if ((match = /^\/myob\/api\/accountright(\/.*)?$/i.exec(path))) return await myobApi(context, info(path), match[1] ?? "/");
    if ((match = /^\/admin(\/.*)?$/.exec(path))) return await adminApi(context, info(path), match[1] ?? "/");
    if (path === "/" && method === "GET") return sendJson(res, 200, { name: "Earlybird accounting emulator (Xero, MYOB)", xero: `${context.baseUrl()}/xero`, myob: `${context.baseUrl()}/myob`, admin: `${context.baseUrl()}/admin` });
    throw new HttpError(404, { Title: "Not Found", Status: 404, Detail: `No emulator route for ${method} ${path}` });
  } catch (error) {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
    console.error("Accounting emulator: unexpected error", error);
    sendJson(res, 500, { Title: "Internal Server Error", Status: 500, Detail: (error as Error).message });
  }
}
