import { unstable_createMemoryUploadHandler } from "@remix-run/node";
import { isMultipartRequest, readForm, readMultipartForm } from "~/web/http.server";

/**
 * A form post that may carry a file (field `file`): multipart parts are read through the web door's one body reader
 * (readMultipartForm) with the file kept in memory up to `maxPartSize` bytes, other posts through readForm. Null when
 * the body or a part is too large (the caller says the file is too large); any other bad body is the reader's 4xx.
 */
export async function readUploadForm(request: Request, maxPartSize: number): Promise<FormData | null> {
  if (!isMultipartRequest(request)) return readForm(request);
  return readMultipartForm(request, unstable_createMemoryUploadHandler({ maxPartSize, filter: ({ name }) => name === "file" })).catch((error: unknown) => {
    if (error instanceof Response && error.status === 413) return null;
    throw error;
  });
}
