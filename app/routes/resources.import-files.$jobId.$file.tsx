/** GET /resources/import-files/:jobId/(failed|duplicates).csv: the failed rows or duplicates of an import of the user's company. */
import fs from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { importResultFile } from "~/modules/invoices/import.server";

const FILES = { "failed.csv": "failed", "duplicates.csv": "duplicates" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const which = FILES[(params.file ?? "") as keyof typeof FILES];
  if (!which) throw new Response("Not found", { status: 404 });
  try {
    const file = await importResultFile(actor, params.jobId ?? "", which);
    const body = Readable.toWeb(fs.createReadStream(file.filePath)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.downloadName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
