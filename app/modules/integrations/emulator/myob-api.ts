import type { EmulatorContext, RequestInfo } from "./context";
import { HttpError } from "./util";

export async function myobApi(_context: EmulatorContext, _info: RequestInfo, _rest: string): Promise<void> {
  throw new HttpError(501, { Errors: [{ Name: "NotImplemented" }] });
}
