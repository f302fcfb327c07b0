import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { RequestIdProvider } from "./components/layout/error-pages";
import { logger, requestLogger } from "./lib/logger.server";
import { NonceProvider } from "./lib/nonce";
import { registerOfferTopUpListeners } from "./modules/offers/top-up-listeners.server";
import { registerAccountingPushListeners } from "./modules/integrations/push/listeners.server";

// The server bundle holds its own copy of the modules: its offers subscribe to its ledger's top-up events.
registerOfferTopUpListeners();
registerAccountingPushListeners();

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const page = (
    <NonceProvider value={nonce}>
      <RequestIdProvider value={loadContext.requestId ?? null}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </RequestIdProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html");
  privateNoStore(responseHeaders);
  // No page defers a slow part today: the whole page is rendered in one go and sent as one string (issue 19: the
  // streaming renderer wrote 2 kB chunks, each through a web stream, a write and a compression flush of its own). An
  // error rejects as the shell's did, and Remix renders the error page. A route that returns defer() gets the
  // streaming render, its shell first (bots wait for all of it).
  const deferred = Object.keys(remixContext.staticHandlerContext.activeDeferreds ?? {}).length > 0;
  if (!deferred) return new Response(`<!DOCTYPE html>${renderToString(page)}`, { headers: responseHeaders, status: responseStatusCode });
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logOf(loadContext).error({ err: error, method: request.method, path: new URL(request.url).pathname }, "rendering failed");
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Pages and `?_data=` responses carry a user's data (issue 13 part 13): no cache, shared or the browser's, may keep them.
 * A route that sets its own Cache-Control keeps it.
 */
function privateNoStore(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
}

type ServerArgs = LoaderFunctionArgs | ActionFunctionArgs;

const logOf = (context: Partial<AppLoadContext> | undefined) => (context?.requestId ? requestLogger(context.requestId) : logger);

/**
 * An unknown error answered to a client-side navigation (X-Remix-Error) carries its request id to the error page, as a
 * server-rendered one has it from <RequestIdProvider>: the "Uh oh :(" page shows the id its log line has (issue 14
 * part 8). It becomes a caught 500 whose data holds the id; the page looks the same.
 */
export async function handleDataRequest(response: Response, { context }: ServerArgs) {
  privateNoStore(response.headers);
  if (response.headers.get("X-Remix-Error") === null || !context.requestId) return response;
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete("X-Remix-Error");
  headers.delete("Content-Length");
  headers.set("X-Remix-Catch", "yes");
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ ...data, requestId: context.requestId }), { status: response.status, headers });
}

/**
 * Every error Remix meets ends here, once (routes rethrow what they do not know: web/http.server.ts): one log line with
 * the request id, which the "Uh oh :(" page shows. A request the client abandoned is not an error.
 */
export function handleError(error: unknown, { request, context }: ServerArgs) {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: new URL(request.url).pathname };
  // The router's own refusals (no route for the URL, a method a route does not take) are not failures of ours.
  if (isRouteErrorResponse(error)) logOf(context).info({ ...where, status: error.status, message: routerErrorMessage(error) }, "refused by the router");
  else logOf(context).error({ ...where, err: error }, "unexpected error");
}

function routerErrorMessage(error: { data?: unknown; statusText?: string } & Record<string, unknown>): string {
  const inner = error.error;
  return inner instanceof Error ? inner.message : typeof error.data === "string" ? error.data : (error.statusText ?? "");
}
