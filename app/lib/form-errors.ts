/**
 * The client half of the web seam's field errors (GUIDE rule 17): every action answers a form's errors as
 * `{ fieldErrors, formError?, values? }` (422 for field errors). Components read action data through `formErrorsOf`,
 * so they never guess at a route's own shape.
 */
import type { FieldErrors } from "./errors";

export type { FieldErrors } from "./errors";

/** What an action answers when a form has errors (app/web/http.server.ts `handleError`). */
export interface FormErrorData {
  fieldErrors: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

const EMPTY: FieldErrors = Object.freeze({}) as FieldErrors;

/** The field errors and the form's own error in action data (any shape; nothing when it holds none). */
export function formErrorsOf(data: unknown): { fieldErrors: FieldErrors; formError: string | null; values: Record<string, string> | null } {
  if (!data || typeof data !== "object") return { fieldErrors: EMPTY, formError: null, values: null };
  const { fieldErrors, formError, values } = data as Partial<Record<keyof FormErrorData, unknown>>;
  return {
    fieldErrors: fieldErrors && typeof fieldErrors === "object" ? (fieldErrors as FieldErrors) : EMPTY,
    formError: typeof formError === "string" ? formError : null,
    values: values && typeof values === "object" ? (values as Record<string, string>) : null,
  };
}
