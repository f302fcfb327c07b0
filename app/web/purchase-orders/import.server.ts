/**
 * The loader and action of the Import purchase orders dialog (issue 16 part 1; docs/decisions/041) at
 * /settings/purchase-orders/import, over Settings → AP Automation, and the poll and failed-rows answers: thin doors onto
 * app/modules/purchase-orders/import.server.ts. Users of the company only; everything is the signed-in company's.
 *
 * Steps: GET → the upload form; POST (multipart, streamed to disk) → the job is queued and started, and the dialog
 * redirects to ?job=<id> → progress, polled every second, then the summary with the failed rows.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { AppError } from "~/lib/errors";
import { IMPORT_MESSAGES } from "~/modules/invoices/import-rules";
import {
  getPurchaseOrderImportStatus,
  purchaseOrderImportFailedFile,
  runPurchaseOrderImportInBackground,
  startPurchaseOrderImport,
  storePurchaseOrderUpload,
} from "~/modules/purchase-orders/import.server";
import { JobIdSchema } from "~/modules/jobs/schema";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { asFieldError, handleError, isMultipartRequest, nullOn, pageError, parseParams } from "~/web/http.server";
import { readCsvUpload } from "~/web/csv-upload.server";
import { csvFileResponse } from "~/web/csv-download.server";
import { jobPollError } from "~/web/job-poll.server";

/** The tab the dialog opens over, and where it closes to. */
export const AP_AUTOMATION_SETTINGS = "/settings?tab=ap-automation";
export const PURCHASE_ORDER_IMPORT_PATH = "/settings/purchase-orders/import";
const JobParamsSchema = z.object({ jobId: JobIdSchema });

/** The dialog is part of the AP Automation tab: with the tab flagged off it is not there either. */
async function requireApAutomation(request: Request) {
  const session = await requireCompanyUser(request);
  if (!(await getFeatureFlags()).apAutomationEnabled) throw redirect("/settings");
  return session;
}

export async function purchaseOrderImportLoader(request: Request) {
  const { actor } = await requireApAutomation(request);
  const jobId = new URL(request.url).searchParams.get("job");
  if (!jobId) return json({ closeTo: AP_AUTOMATION_SETTINGS, job: null, jobMissing: false });
  // Another company's job, or one that is gone, is the dialog's "Error in importing from file", not the Not Found page.
  const job = await getPurchaseOrderImportStatus(actor, jobId).catch(nullOn(404));
  return json({ closeTo: AP_AUTOMATION_SETTINGS, job, jobMissing: job === null });
}

export async function purchaseOrderImportAction(request: Request) {
  const { actor } = await requireApAutomation(request);
  try {
    if (!isMultipartRequest(request)) throw AppError.validation({ file: IMPORT_MESSAGES.fileRequired });
    // The file is streamed to disk as it arrives (CSV only, 10 MB at most), never held whole.
    const { stored: upload, uploadError } = await readCsvUpload(request, (file) => storePurchaseOrderUpload(actor, file));
    if (uploadError) asFieldError("file")(uploadError);
    if (!upload) throw AppError.validation({ file: IMPORT_MESSAGES.fileRequired });
    const job = await startPurchaseOrderImport(actor, { uploadId: upload.uploadId, fileName: upload.fileName }).catch(asFieldError("file"));
    runPurchaseOrderImportInBackground();
    return redirect(`${PURCHASE_ORDER_IMPORT_PATH}?${new URLSearchParams({ tab: "ap-automation", job: job.id }).toString()}`);
  } catch (error) {
    return handleError(error);
  }
}

/** GET /resources/purchase-order-import/:jobId: the import as the dialog polls it every second. */
export async function purchaseOrderImportPollLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, JobParamsSchema);
  try {
    return json(await getPurchaseOrderImportStatus(actor, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}

/** GET /resources/purchase-order-import-files/:jobId: the failed rows of an import of the company, as CSV. */
export async function purchaseOrderImportFailedLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, JobParamsSchema);
  return csvFileResponse(await purchaseOrderImportFailedFile(actor, jobId).catch(pageError));
}
