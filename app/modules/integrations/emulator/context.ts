import type { IncomingMessage, ServerResponse } from "node:http";
import type { CallLog, RateLimiter } from "./limits";
import type { EmulatorState } from "./state";

/** What every handler of the emulator shares. */
export interface EmulatorContext {
  state: EmulatorState;
  limiter: RateLimiter;
  calls: CallLog;
  /** http://127.0.0.1:PORT (known once listening). */
  baseUrl(): string;
}

export interface RequestInfo {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  /** The path below the provider's base (e.g. "/api.xro/2.0/Invoices"). */
  path: string;
  body: string;
}
