/**
 * The loader and action shared by /invoices/import and /bills/import (p2 §4 Import flow, decision 007): thin
 * doors onto app/modules/invoices/import.server.ts.
 *
 * Steps: GET → choose (format, file); POST intent=upload (multipart, streamed to disk) → confirm step data;
 * POST intent=confirm (checkbox "I confirm these items are approved") → the job is queued and started, and the
 * dialog redirects to ?job=<id> (list query kept) → progress, polled every second, then results.
 */
import { json, redirect, type UploadHandler } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import type { FormErrorData } from "~/lib/form-errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { IMPORT_MESSAGES, ImportConfirmSchema, ImportFormatSchema, type ImportKind } from "~/modules/invoices/import-rules";
import { getCompanyImportOptions, getImportStatus, runImportInBackground, startImport, storeImportUpload } from "~/modules/invoices/import.server";
import { asFieldError, handleError, isMultipartRequest, nullOn, readForm, readMultipartForm } from "~/web/http.server";

/** A step of the dialog; a refusal carries the one shape of form errors (on `file`, `format` or `confirmed`, 422). */
export type ImportActionData = (
  | { step: "choose"; format: string | null }
  | { step: "confirm"; uploadId: string; fileName: string; format: "EARLYBIRD" | "ACCOUNTING"; createInXero: boolean }
) &
  Partial<FormErrorData>;

/** The choose step again, with the refusal on its field. */
const chooseAgain = (format: string | null) => (error: unknown) => handleError(error, { data: { step: "choose" as const, format } });

const listPath = (kind: ImportKind) => (kind === "BILL" ? "/bills" : "/invoices");

/** The list's query string without the dialog's own parameter. */
export function listSearch(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("job");
  const search = params.toString();
  return search ? `?${search}` : "";
}

export async function importLoader(request: Request, kind: ImportKind) {
  const { actor } = await requireCompanyUser(request);
  if (kind === "BILL" && !(await getFeatureFlags()).importAddBill) throw redirect(listPath(kind));
  const url = new URL(request.url);
  const closeTo = `${listPath(kind)}${listSearch(url)}`;
  const jobId = url.searchParams.get("job");
  const options = await getCompanyImportOptions(actor);
  if (!jobId) return json({ kind, closeTo, canCreateInXero: kind === "BILL" && options.connectedToXero, job: null, jobMissing: false });
  // A job that is gone is the dialog's "Error in importing from file", not the Not Found page.
  const job = await getImportStatus(actor, jobId).catch(nullOn(404));
  return json({ kind, closeTo, canCreateInXero: false, job, jobMissing: job === null });
}

export async function importAction(request: Request, kind: ImportKind) {
  const { actor } = await requireCompanyUser(request);
  if (kind === "BILL" && !(await getFeatureFlags()).importAddBill) throw redirect(listPath(kind));
  const url = new URL(request.url);
  if (isMultipartRequest(request)) {
    // Step 1: the file is streamed to disk as it arrives (size-limited by the service), never held whole.
    let stored: { uploadId: string; fileName: string } | null = null;
    let uploadError: unknown = null;
    const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
      if (name !== "file") return undefined;
      if (!filename) {
        for await (const chunk of data) void chunk; // drain the empty part
        return undefined;
      }
      try {
        stored = await storeImportUpload(actor, { fileName: filename, data });
      } catch (error) {
        uploadError = error;
        for await (const chunk of data) void chunk;
      }
      return stored?.uploadId;
    };
    // Other fields (format, createInXero) are small text parts kept in memory (4 kB each at most).
    const form = await readMultipartForm(request, uploadHandler);
    const format = ImportFormatSchema.safeParse(form.get("format"));
    const createInXero = form.get("createInXero") === "on";
    const formatValue = format.success ? format.data : null;
    const upload = stored as { uploadId: string; fileName: string } | null;
    try {
      // The upload's refusal (format, size) is the file field's.
      if (uploadError) asFieldError("file")(uploadError);
      if (!format.success) throw AppError.validation({ format: "Please choose a format" });
      if (!upload) throw AppError.validation({ file: IMPORT_MESSAGES.fileRequired });
      return json<ImportActionData>({ step: "confirm", uploadId: upload.uploadId, fileName: upload.fileName, format: format.data, createInXero });
    } catch (error) {
      return chooseAgain(formatValue)(error);
    }
  }

  // Step 2: confirmed; queue the job and show its progress.
  const form = await readForm(request);
  const parsed = ImportConfirmSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    // Only the box unticked: the confirm step again, the message on the box. Else (the upload gone, a forged field) the
    // choose step, the first message on the file field.
    const first = parsed.error.issues[0];
    const format = ImportFormatSchema.safeParse(form.get("format"));
    if (first?.path[0] === "confirmed" && format.success) {
      const step = {
        step: "confirm" as const,
        uploadId: String(form.get("uploadId") ?? ""),
        fileName: String(form.get("fileName") ?? ""),
        format: format.data,
        createInXero: form.get("createInXero") === "true",
      };
      return handleError(AppError.validation({ confirmed: IMPORT_MESSAGES.confirmRequired }), { data: step });
    }
    return chooseAgain(null)(AppError.validation({ file: first?.message ?? IMPORT_MESSAGES.uploadNotFound }));
  }
  try {
    const job = await startImport(actor, {
      kind,
      format: parsed.data.format,
      uploadId: parsed.data.uploadId,
      fileName: parsed.data.fileName,
      createInXero: parsed.data.createInXero,
    }).catch(asFieldError("file"));
    runImportInBackground(job.id);
    const params = new URLSearchParams(url.searchParams);
    params.set("job", job.id);
    return redirect(`${listPath(kind)}/import?${params.toString()}`);
  } catch (error) {
    return chooseAgain(parsed.data.format)(error);
  }
}
