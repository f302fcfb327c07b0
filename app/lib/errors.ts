/** The one error type of the product (GUIDE rule 4). Services throw it with the spec's text. */
export interface AppErrorOptions {
  code?: string;
  field?: string;
  details?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly field?: string;
  readonly details?: unknown;

  constructor(status: number, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = options.code;
    this.field = options.field;
    this.details = options.details;
  }
}

export const GENERIC_ERROR = "Something went wrong";
export const GENERIC_ERROR_LONG = "Something went wrong. Please try again or contact the provider if the issue persists.";

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (what = "Not found") => new AppError(404, what, { code: "NOT_FOUND" });
export const forbidden = (what = "Forbidden") => new AppError(403, what, { code: "FORBIDDEN" });
