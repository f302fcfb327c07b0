/** A CSV file on disk as a download (an import's failed rows): streamed, private, never cached. */
import fs from "node:fs";
import { Readable } from "node:stream";

export function csvFileResponse(file: { filePath: string; downloadName: string }): Response {
  const body = Readable.toWeb(fs.createReadStream(file.filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.downloadName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
