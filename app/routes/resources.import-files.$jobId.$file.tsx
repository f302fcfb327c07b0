/** GET /resources/import-files/:jobId/(failed|duplicates).csv: the failed rows or duplicates of an import of the user's company. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { csvFileResponse } from "~/web/csv-download.server";
import { pageError, parseParams } from "~/web/http.server";
import { importResultFile } from "~/modules/invoices/import.server";
import { JobIdSchema } from "~/modules/jobs/schema";

const FILES = { "failed.csv": "failed", "duplicates.csv": "duplicates" } as const;

const ParamsSchema = z.object({ jobId: JobIdSchema, file: z.enum(["failed.csv", "duplicates.csv"]).transform((file) => FILES[file]) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId, file: which } = parseParams(params, ParamsSchema);
  return csvFileResponse(await importResultFile(actor, jobId, which).catch(pageError));
}
