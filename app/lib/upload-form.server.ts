import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

/**
 * A form post that may carry a file: multipart parts are read into memory up to `maxPartSize` bytes, other posts as
 * plain form data. Null when a part is larger than that (the caller says the file is too large).
 */
export async function readUploadForm(request: Request, maxPartSize: number): Promise<FormData | null> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return request.formData();
  return unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize })).catch((error: unknown) => {
    if (error instanceof Error && /exceeded upload size/i.test(error.message)) return null;
    throw error;
  });
}
