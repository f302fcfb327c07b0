/**
 * The public password forms' one error answer (/forgot-password and /resetpassword, p1 §8 "Password reset"):
 * handleError's, and for anything unexpected (a bug, a database down, a 5xx AppError) the spec's fallback "Something
 * went wrong, please try after sometime." as the form's error (500), logged with the request id, instead of the error
 * page.
 */
import { json } from "@remix-run/node";
import type { Logger } from "~/lib/logger.server";
import { RESET_FAILED } from "~/modules/password/schema";
import { handleError, type FormErrorData, type HandleErrorOptions } from "./http.server";

export async function passwordFormError<Data extends object>(error: unknown, log: Logger, options: HandleErrorOptions<Data> & { headers?: HeadersInit } = {}) {
  const { headers, ...handleOptions } = options;
  let response: Response;
  try {
    response = await handleError(error, handleOptions);
  } catch (unexpected) {
    if (unexpected instanceof Response) throw unexpected;
    log.error({ err: unexpected }, "password form failed");
    const values = options.values ? { values: options.values } : {};
    return json<FormErrorData & Partial<Data>>({ fieldErrors: {}, formError: RESET_FAILED, ...values } as FormErrorData & Partial<Data>, { status: 500, headers });
  }
  for (const [name, value] of new Headers(headers)) response.headers.set(name, value);
  return response as Awaited<ReturnType<typeof handleError<Data>>>;
}
