/**
 * The loader and action of the Import counterparties dialog (p3 §2.4 Directory "Import", §4.6, §7.3, §8; decision 036)
 * at /companies/{id}/directory/import, and the poll and failed-rows answers: thin doors onto
 * app/modules/counterparties/import.server.ts. Admin only.
 *
 * Steps: GET → the upload form; POST (multipart, streamed to disk) → the job is queued and started, and the dialog
 * redirects to ?job=<id> (the directory's query kept) → progress, polled every second, then the result.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { AppError } from "~/lib/errors";
import { IMPORT_MESSAGES } from "~/modules/invoices/import-rules";
import {
  counterpartyImportFailedFile,
  getCounterpartyImportCompany,
  getCounterpartyImportStatus,
  runCounterpartyImportInBackground,
  startCounterpartyImport,
  storeCounterpartyImportUpload,
} from "~/modules/counterparties/import.server";
import { JobIdSchema } from "~/modules/jobs/schema";
import { requireAdmin } from "~/web/auth.server";
import { asFieldError, handleError, IdSchema, isMultipartRequest, nullOn, pageError, parseParams } from "~/web/http.server";
import { readCsvUpload } from "~/web/csv-upload.server";
import { csvFileResponse } from "~/web/csv-download.server";
import { jobPollError } from "~/web/job-poll.server";

const CompanyParamsSchema = z.object({ companyId: IdSchema });
const JobParamsSchema = z.object({ companyId: IdSchema, jobId: JobIdSchema });

/** The directory's URL with its query, without the dialog's own parameter. */
function directoryPath(companyId: number, url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("job");
  const search = params.toString();
  return `/companies/${companyId}/directory${search ? `?${search}` : ""}`;
}

export async function directoryImportLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParamsSchema);
  const company = await getCounterpartyImportCompany(actor, companyId).catch(pageError);
  const url = new URL(request.url);
  const closeTo = directoryPath(company.id, url);
  const jobId = url.searchParams.get("job");
  if (!jobId) return json({ company, closeTo, job: null, jobMissing: false });
  // A job that is gone is the dialog's "Error in importing from file", not the Not Found page.
  const job = await getCounterpartyImportStatus(actor, company.id, jobId).catch(nullOn(404));
  return json({ company, closeTo, job, jobMissing: job === null });
}

export async function directoryImportAction(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParamsSchema);
  const url = new URL(request.url);
  try {
    if (!isMultipartRequest(request)) throw AppError.validation({ file: IMPORT_MESSAGES.fileRequired });
    // The file is streamed to disk as it arrives (CSV only, 10 MB at most), never held whole.
    const { stored: upload, uploadError } = await readCsvUpload(request, (file) => storeCounterpartyImportUpload(actor, companyId, file));
    // An unknown company or a non-admin is the Not Found page; the upload's refusals (format, size) are the file field's.
    if (uploadError) {
      if (uploadError instanceof AppError && uploadError.status === 404) pageError(uploadError);
      asFieldError("file")(uploadError);
    }
    if (!upload) throw AppError.validation({ file: IMPORT_MESSAGES.fileRequired });
    const job = await startCounterpartyImport(actor, companyId, { uploadId: upload.uploadId, fileName: upload.fileName }).catch(asFieldError("file"));
    runCounterpartyImportInBackground();
    const next = new URLSearchParams(url.searchParams);
    next.set("job", job.id);
    return redirect(`/companies/${companyId}/directory/import?${next.toString()}`);
  } catch (error) {
    return handleError(error);
  }
}

/** GET /resources/counterparty-import/:companyId/:jobId: the import as the dialog polls it every second. */
export async function counterpartyImportPollLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId, jobId } = parseParams(params, JobParamsSchema);
  try {
    return json(await getCounterpartyImportStatus(actor, companyId, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}

/** GET /resources/counterparty-import-files/:companyId/:jobId: the failed rows of an import, as CSV. */
export async function counterpartyImportFailedLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId, jobId } = parseParams(params, JobParamsSchema);
  return csvFileResponse(await counterpartyImportFailedFile(actor, companyId, jobId).catch(pageError));
}

export type DirectoryImportLoaderData = Awaited<ReturnType<typeof directoryImportLoader>>;
