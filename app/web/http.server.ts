/**
 * The web door's one way to read a request body (GUIDE rule 17; issue 13 parts 9-10). Every action reads its form
 * through `readForm` (or `readMultipartForm` for a file upload), never `request.formData()`: a body that is not a
 * form (JSON, no content type), a body over the limit, a malformed multipart body, an oversized text part or a NUL
 * character becomes a 4xx with a clear message here, once, instead of a 500 in each of the routes. The Express guard
 * (request-guards.server.ts) refuses a declared Content-Length over the same limits before anything is read.
 */
import { json, MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { isAppError } from "~/lib/errors";
import { BODY_MESSAGES, FORM_MAX_BYTES, mediaTypeOf, TEXT_PART_MAX_BYTES, UPLOAD_MAX_BYTES } from "./body-limits";

export { BODY_MESSAGES } from "./body-limits";

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
        await reader.cancel().catch(() => undefined);
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
