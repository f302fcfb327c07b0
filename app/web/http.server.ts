/**
 * The web door's one way to read a request body (GUIDE rule 17; issue 13 parts 9-10). Every action reads its form
 * through `readForm` (or `readMultipartForm` for a file upload), never `request.formData()`: a body that is not a
 * form (JSON, no content type), a body over the limit, a malformed multipart body, an oversized text part or a NUL
 * character becomes a 4xx with a clear message here, once, instead of a 500 in each of the routes. The Express guard
 * (request-guards.server.ts) refuses a declared Content-Length over the same limits before anything is read.
 */
import { json, MaxPartSizeExceededError, redirect, unstable_parseMultipartFormData, type TypedResponse, type UploadHandler } from "@remix-run/node";
import { z } from "zod";
import { AppError, fieldErrorsOf, isAppError, type FieldErrors } from "~/lib/errors";
import type { FormErrorData } from "~/lib/form-errors";
import { logger } from "~/lib/logger.server";
import { redirectWithToast } from "~/web/toast.server";
import { BODY_MESSAGES, FORM_MAX_BYTES, mediaTypeOf, TEXT_PART_MAX_BYTES, UPLOAD_MAX_BYTES } from "./body-limits";
import { isCompanyNotVerified, redirectToGetVerified } from "./get-verified.server";

export { BODY_MESSAGES } from "./body-limits";
export type { FormErrorData } from "~/lib/form-errors";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const isMultipartRequest = (request: Request) => mediaTypeOf(request.headers.get("Content-Type")) === "multipart/form-data";

/** The response an action throws for a body it cannot take: the route's error boundary shows the message. */
export function refuseBody(status: 400 | 413 | 415, message: string): Response {
  return json({ message }, { status });
}

class BodyTooLargeError extends Error {}

/** Reads the body, counting as it goes: refused (413) as soon as it passes `maxBytes`, never held beyond that. */
async function readLimitedBody(request: Request, maxBytes: number, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw refuseBody(413, message);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Not awaited: cancelling one branch of a tee'd body (request.clone()) resolves only when the other is too.
        void reader.cancel().catch(() => undefined);
        throw refuseBody(413, message);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuseBody(400, BODY_MESSAGES.unreadable);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function assertNoNul(form: FormData): FormData {
  for (const [key, value] of form) {
    if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw refuseBody(400, BODY_MESSAGES.nulCharacter);
  }
  return form;
}

function assertFormType(request: Request): string {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.has(mediaTypeOf(contentType))) throw refuseBody(415, BODY_MESSAGES.contentType);
  return contentType;
}

/**
 * The form of a POST without files (url-encoded, or multipart without a file worth keeping): at most 1 MB, read and
 * parsed here. Throws a 4xx Response for anything that is not such a form.
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  const contentType = assertFormType(request);
  const body = await readLimitedBody(request, options.maxBytes ?? FORM_MAX_BYTES, BODY_MESSAGES.tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuseBody(400, BODY_MESSAGES.unreadable);
  }
  return assertNoNul(form);
}

/** The request body as a stream that fails once more than `maxBytes` went through it. */
function limitStream(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    })
  );
}

/**
 * A multipart form with a file, streamed through `uploadHandler` (which keeps or stores the file part) and, for the
 * other parts, small text values (4 KB each). The whole body is limited to UPLOAD_MAX_BYTES. An AppError or Response
 * thrown by the handler passes through; any other failure of the body is a 4xx with a clear message.
 */
export async function readMultipartForm(request: Request, uploadHandler: UploadHandler, options: { maxBytes?: number } = {}): Promise<FormData> {
  const contentType = assertFormType(request);
  if (mediaTypeOf(contentType) !== "multipart/form-data") throw refuseBody(415, BODY_MESSAGES.contentType);
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw refuseBody(413, BODY_MESSAGES.uploadTooLarge);
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ? limitStream(request.body, maxBytes) : null,
    ...({ duplex: "half" } as object),
  });
  const textParts: UploadHandler = async ({ name, filename, data }) => {
    if (filename !== undefined && filename !== "") {
      for await (const chunk of data) void chunk; // a file the route does not expect: drained, not kept
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > TEXT_PART_MAX_BYTES) throw new MaxPartSizeExceededError(name, TEXT_PART_MAX_BYTES);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(limited, async (part) => (await uploadHandler(part)) ?? textParts(part));
  } catch (error) {
    if (error instanceof Response || isAppError(error)) throw error;
    if (error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError) throw refuseBody(413, BODY_MESSAGES.uploadTooLarge);
    if (error instanceof MaxPartSizeExceededError) {
      // A text part over 4 KB names its field; a file part over the route's own limit is the upload message.
      throw refuseBody(413, error.maxBytes <= TEXT_PART_MAX_BYTES ? BODY_MESSAGES.partTooLarge(error.field) : BODY_MESSAGES.uploadTooLarge);
    }
    throw refuseBody(400, BODY_MESSAGES.unreadable);
  }
  return assertNoNul(form);
}

// ---------------------------------------------------------------------------------------------------------------------
// The web seam (GUIDE rule 17): parse a form or the params with a zod schema, and map every AppError to an answer once.
// ---------------------------------------------------------------------------------------------------------------------

/** The Not Found page's response (thrown by a loader or action; the route's error boundary shows it). */
export const notFoundResponse = () => new Response("Not Found", { status: 404 });
/** The Forbidden page's response. */
export const forbiddenResponse = () => new Response("Forbidden", { status: 403 });

/** A positive database id in a URL or a form ("7"; not "07x", "0" or beyond a 32-bit integer). */
export const IdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((id) => id >= 1 && id <= 2_147_483_647);

/** The object schema under refinements, defaults and optionals, if the schema is one. */
function objectShapeOf(schema: z.ZodTypeAny): z.ZodRawShape | null {
  let current: z.ZodTypeAny = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    if (current instanceof z.ZodObject) return current.shape as z.ZodRawShape;
    const inner = unwrap(current);
    if (!inner) return null;
    current = inner;
  }
  return null;
}

function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny | null {
  if (schema instanceof z.ZodEffects) return schema.innerType();
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return schema.unwrap();
  if (schema instanceof z.ZodDefault) return schema.removeDefault();
  if (schema instanceof z.ZodCatch) return schema.removeCatch();
  if (schema instanceof z.ZodPipeline) return (schema._def as { in: z.ZodTypeAny }).in;
  if (schema instanceof z.ZodBranded) return schema.unwrap();
  return null;
}

function wantsArray(schema: z.ZodTypeAny | undefined): boolean {
  let current = schema;
  for (let depth = 0; current && depth < 10; depth += 1) {
    if (current instanceof z.ZodArray || current instanceof z.ZodSet) return true;
    current = unwrap(current) ?? undefined;
  }
  return false;
}

/**
 * A form as a plain object for a zod schema: a field the schema wants as an array gets every value of its key (an
 * empty array when absent); any other key its last value (as `Object.fromEntries(form)`; a hidden "false" before a
 * ticked box gives "on"). Files stay File objects.
 */
export function formToObject(form: FormData, schema?: z.ZodTypeAny): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const shape = schema ? objectShapeOf(schema) : null;
  const object: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    object[key] = shape && wantsArray(shape[key]) ? form.getAll(key) : (form.getAll(key).at(-1) as FormDataEntryValue);
  }
  if (shape) for (const key of Object.keys(shape)) if (!(key in object) && wantsArray(shape[key])) object[key] = [];
  return object;
}

/** Parses a form already read: the value, or AppError.validation (422, `details.fieldErrors`) thrown. */
export function parseFormData<S extends z.ZodTypeAny>(form: FormData, schema: S): z.output<S> {
  const parsed = schema.safeParse(formToObject(form, schema));
  if (!parsed.success) throw AppError.validation(parsed.error);
  return parsed.data as z.output<S>;
}

export interface ParseFormOptions {
  /** A multipart form with a file: read through readMultipartForm with this handler (readForm otherwise). */
  upload?: UploadHandler;
  maxBytes?: number;
}

/**
 * Reads the body once (readForm, or readMultipartForm with `options.upload`) and parses it with the schema. A bad body is
 * the reader's 4xx Response; a value the schema refuses throws AppError.validation, which handleError answers as 422.
 */
export async function parseForm<S extends z.ZodTypeAny>(request: Request, schema: S, options: ParseFormOptions = {}): Promise<z.output<S>> {
  const form = options.upload ? await readMultipartForm(request, options.upload, options) : await readForm(request, options);
  return parseFormData(form, schema);
}

/** Route params parsed with the schema; anything it refuses (a bad or missing id) is the Not Found page. */
export function parseParams<S extends z.ZodTypeAny>(params: Record<string, string | undefined>, schema: S): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFoundResponse();
  return parsed.data as z.output<S>;
}

export interface HandleErrorOptions<Data extends object = Record<never, never>> {
  /**
   * The list URL the route's dialog closes to. With it, an error the user can act on closes the dialog with an error
   * toast there, and the 403 "company not verified" opens the get-verified dialog over it (p1 §8, p2 §8).
   */
  closeTo?: string;
  /** How an error that is not a field error is shown: a toast at `closeTo` (default with closeTo) or inline (`formError`). */
  show?: "toast" | "inline";
  /** The form's values, echoed with the errors so the form shows what was typed. */
  values?: Record<string, string>;
  /** More keys of the inline answer (a multi-step dialog's step, say), or a function of the error giving them. */
  data?: Data | ((error: AppError) => Data);
  /** A 404: the Not Found page (default), or shown like any other error. */
  notFound?: "page" | "show";
  /** A 403: the Forbidden page (default without closeTo), shown like any other error (default with it), or a toast. */
  forbidden?: "page" | "show" | "toast";
  /** The 403 "company not verified" with closeTo: the get-verified dialog (default), the dialog just closes, or shown. */
  notVerified?: "dialog" | "close" | "show";
  /**
   * Which AppErrors are field errors: "validation" (default: a 422 or code VALIDATION naming its fields), or "named"
   * (any AppError below 500 that names a field, such as a form's 404 "Company not found" on its counterparty field), or
   * "none" (a route without fields, or a form the user cannot correct in place such as a list row's hidden field:
   * every error is shown as a toast at `closeTo`, or as formError).
   */
  fields?: "validation" | "named" | "none";
  /** The toast's message (default: the error's message). */
  message?: (error: AppError) => string;
  /** Codes of 5xx AppErrors the user is told of like any other error (a mail server that took nothing: MAIL_NOT_SENT). */
  exposeCodes?: readonly string[];
  /**
   * For an action that never shows the error page (a list's bulk action): an error that is not an AppError the user
   * may be told of (a bug, a 5xx) is logged and shown as this message (a toast at `closeTo`, or formError with 500)
   * instead of being re-thrown. A Response still passes through.
   */
  unexpected?: string;
}

/** An AppError carrying field errors, by the rule of `fields`. */
export function isFieldError(error: AppError, fields: "validation" | "named" | "none" = "validation"): boolean {
  if (fields === "none") return false;
  if (fields === "validation" && error.status !== 422 && error.code !== "VALIDATION") return false;
  if (error.status >= 500) return false;
  return Object.keys(fieldErrorsOf(error)).length > 0;
}

/** The AppError the user is told of; anything else re-thrown (or, with `unexpected`, logged and told as that message). */
function toldError(error: unknown, options: Pick<HandleErrorOptions, "exposeCodes" | "unexpected">): AppError {
  if (isAppError(error) && (error.status < 500 || (error.code !== undefined && options.exposeCodes?.includes(error.code)))) return error;
  if (options.unexpected === undefined || error instanceof Response) throw error;
  logger.error({ err: error }, "unexpected error, shown as a message");
  return new AppError(500, options.unexpected);
}

/**
 * The one place an error becomes an HTTP answer (GUIDE rule 17). Anything that is not an AppError (a Response, a bug)
 * and any AppError of 500 and above (but `exposeCodes`) is re-thrown untouched, for the route's boundary and the server's
 * error log (with `unexpected`: logged, and shown as that message). Then:
 * - 404: the Not Found page is thrown (`notFound: "show"` shows it instead);
 * - 403 "company not verified" with `closeTo`: redirect to the get-verified dialog over that list (or just close it);
 * - other 403: the Forbidden page without `closeTo`, else shown (`forbidden` overrides);
 * - a field error: `json({ fieldErrors, formError?, values?, ...data }, 422)`;
 * - anything else: an error toast at `closeTo`, or `json({ fieldErrors: {}, formError, values?, ...data }, status)`.
 */
export async function handleError<Data extends object = Record<never, never>>(
  thrown: unknown,
  options: HandleErrorOptions<Data> = {}
): Promise<TypedResponse<FormErrorData & Data>> {
  const error = toldError(thrown, options);
  const { closeTo, values } = options;
  const show = options.show ?? (closeTo !== undefined ? "toast" : "inline");
  if (error.status === 404 && (options.notFound ?? "page") === "page") throw notFoundResponse();
  const notVerified = options.notVerified ?? "dialog";
  if (closeTo !== undefined && isCompanyNotVerified(error) && notVerified !== "show") {
    return notVerified === "dialog" ? redirectToGetVerified(closeTo) : redirect(closeTo);
  }
  if (error.status === 403 && (options.forbidden ?? (closeTo !== undefined ? "show" : "page")) === "page") throw forbiddenResponse();
  const data = typeof options.data === "function" ? options.data(error) : options.data;
  const extra = { ...(data ?? {}), ...(values ? { values } : {}) } as Data & { values?: Record<string, string> };
  if (isFieldError(error, options.fields)) {
    const fieldErrors: FieldErrors = fieldErrorsOf(error);
    const formError = fieldErrors.form;
    return json({ ...extra, fieldErrors, ...(formError ? { formError } : {}) }, { status: 422 });
  }
  const message = options.message ? options.message(error) : error.message;
  if ((show === "toast" || (error.status === 403 && options.forbidden === "toast")) && closeTo !== undefined) return redirectWithToast(closeTo, { type: "error", message });
  return json({ ...extra, fieldErrors: {}, formError: message }, { status: error.status });
}

/**
 * For `.catch()` where a refusal is a state of the page rather than an error (a dialog's "offer expired", a poll that
 * failed, a job that is gone): an AppError below 500 for which `when` holds (default: any) becomes `as(error)`; anything
 * else (a bug, a 5xx, a Response) is re-thrown untouched.
 */
export function recoverAs<T>(as: (error: AppError) => T, when: (error: AppError) => boolean = () => true) {
  return (error: unknown): T => {
    if (isAppError(error) && error.status < 500 && when(error)) return as(error);
    throw error;
  };
}

/** `recoverAs` giving null for an AppError of one of these statuses (`.catch(nullOn(404))`: the record is gone). */
export const nullOn = (...statuses: number[]) => recoverAs(() => null, (error) => statuses.includes(error.status));

/**
 * For `.catch()` around a service whose every refusal belongs to one field (an upload's format or size, on the file
 * field): an AppError below 500 is re-thrown as that field's validation error (422, the one shape); anything else untouched.
 */
export function asFieldError(field: string) {
  return (error: unknown): never => {
    throw isAppError(error) && error.status < 500 ? AppError.validation({ [field]: error.message }) : error;
  };
}

/**
 * handleError for a loader or an action with no form to answer: a 404 is the Not Found page, a 403 the Forbidden page, and
 * anything else is re-thrown untouched. `await load().catch(pageError)`.
 */
export function pageError(error: unknown): never {
  if (isAppError(error) && error.status === 404) throw notFoundResponse();
  if (isAppError(error) && error.status === 403) throw forbiddenResponse();
  throw error;
}
