/** The one error type of the product (GUIDE rule 4). Services throw it with the spec's text. */

/** Field name (a dotted path: "items.0.units") -> its first message: the one shape of field errors (GUIDE rule 17). */
export type FieldErrors = Record<string, string>;

/** What a zod failure looks like here (structural, so lib needs no zod import). */
export interface ZodLikeError {
  issues: readonly { path: readonly (string | number)[]; message: string }[];
}

/** A zod failure as field errors: the first message of each field, by dotted path; a failure of the whole input is "form". */
export function zodFieldErrors(error: ZodLikeError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.length === 0 ? "form" : issue.path.join(".")] ??= issue.message;
  return errors;
}

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

  /**
   * The one field error (GUIDE rule 17): status 422, code VALIDATION, `details.fieldErrors` (the first message per
   * field). The error's message is `message`, else the first field's message; its `field` is the first field.
   */
  static validation(errors: ZodLikeError | FieldErrors, message?: string): AppError {
    const fieldErrors = isZodLike(errors) ? zodFieldErrors(errors) : { ...errors };
    const [first] = Object.entries(fieldErrors);
    return new AppError(422, message ?? first?.[1] ?? "Invalid input", { code: "VALIDATION", field: first?.[0], details: { fieldErrors } });
  }
}

function isZodLike(value: unknown): value is ZodLikeError {
  return typeof value === "object" && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

function firstMessage(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return null;
}

/**
 * The field errors an AppError carries, in the one shape: `details.fieldErrors` (AppError.validation), else a details
 * record of message lists (older services: `{ invoiceNumber: ["..."] }`), else `{ [field]: message }`. Empty when the
 * error names no field.
 */
export function fieldErrorsOf(error: AppError): FieldErrors {
  const errors: FieldErrors = {};
  const details = error.details;
  if (details && typeof details === "object" && !Array.isArray(details)) {
    const nested = (details as { fieldErrors?: unknown }).fieldErrors;
    const listsOnly = !(nested && typeof nested === "object" && !Array.isArray(nested));
    for (const [key, value] of Object.entries((listsOnly ? details : nested) as Record<string, unknown>)) {
      // A details record that is not field errors (`{ debugMessage: "..." }`, `{ invoiceId: 7 }`) holds no lists.
      if (listsOnly && !Array.isArray(value)) continue;
      const message = firstMessage(value);
      if (message !== null) errors[key] = message;
    }
  }
  if (Object.keys(errors).length === 0 && error.field) errors[error.field] = error.message;
  return errors;
}

export const GENERIC_ERROR = "Something went wrong";
export const GENERIC_ERROR_LONG = "Something went wrong. Please try again or contact the provider if the issue persists.";

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (what = "Not found") => new AppError(404, what, { code: "NOT_FOUND" });
export const forbidden = (what = "Forbidden") => new AppError(403, what, { code: "FORBIDDEN" });
