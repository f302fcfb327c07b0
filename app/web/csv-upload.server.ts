/**
 * The multipart upload of a one-file CSV import dialog (counterparties, purchase orders): the `file` part is handed to
 * `store` as it streams in (the service checks the format and size and writes it to disk, never whole in memory); any
 * other part is drained. A refusal of `store` is returned, not thrown, so the door can put it on the file field.
 */
import type { UploadHandler } from "@remix-run/node";
import { readMultipartForm } from "./http.server";

export async function readCsvUpload<Stored extends { uploadId: string }>(
  request: Request,
  store: (upload: { fileName: string; data: AsyncIterable<Uint8Array> }) => Promise<Stored>
): Promise<{ stored: Stored | null; uploadError: unknown }> {
  let stored: Stored | null = null;
  let uploadError: unknown = null;
  const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file" || !filename) {
      for await (const chunk of data) void chunk;
      return undefined;
    }
    try {
      stored = await store({ fileName: filename, data });
    } catch (error) {
      uploadError = error;
      for await (const chunk of data) void chunk;
    }
    return stored?.uploadId;
  };
  await readMultipartForm(request, uploadHandler);
  return { stored, uploadError };
}
