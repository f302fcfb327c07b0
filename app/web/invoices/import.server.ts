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
import { isAppError } from "~/lib/errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { IMPORT_MESSAGES, ImportConfirmSchema, ImportFormatSchema, type ImportKind } from "~/modules/invoices/import-rules";
import { getCompanyImportOptions, getImportStatus, runImportInBackground, startImport, storeImportUpload } from "~/modules/invoices/import.server";
import { isMultipartRequest, readForm, readMultipartForm } from "~/web/http.server";

export type ImportActionData =
  | { step: "choose"; error: string; field: "file" | "format" | null; format: string | null }
  | { step: "confirm"; uploadId: string; fileName: string; format: "EARLYBIRD" | "ACCOUNTING"; createInXero: boolean; error: string | null };

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
  try {
    const job = await getImportStatus(actor, jobId);
    return json({ kind, closeTo, canCreateInXero: false, job, jobMissing: false });
  } catch (error) {
    if (isAppError(error) && error.status === 404) return json({ kind, closeTo, canCreateInXero: false, job: null, jobMissing: true });
    throw error;
  }
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
    if (uploadError) {
      if (!isAppError(uploadError)) throw uploadError;
      return json<ImportActionData>({ step: "choose", error: uploadError.message, field: "file", format: formatValue }, { status: uploadError.status });
    }
    if (!format.success) return json<ImportActionData>({ step: "choose", error: "Please choose a format", field: "format", format: null }, { status: 400 });
    const upload = stored as { uploadId: string; fileName: string } | null;
    if (!upload) return json<ImportActionData>({ step: "choose", error: IMPORT_MESSAGES.fileRequired, field: "file", format: formatValue }, { status: 400 });
    return json<ImportActionData>({ step: "confirm", uploadId: upload.uploadId, fileName: upload.fileName, format: format.data, createInXero, error: null });
  }

  // Step 2: confirmed; queue the job and show its progress.
  const form = await readForm(request);
  const parsed = ImportConfirmSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const format = ImportFormatSchema.safeParse(form.get("format"));
    if (first?.path[0] === "confirmed" && format.success) {
      return json<ImportActionData>(
        {
          step: "confirm",
          uploadId: String(form.get("uploadId") ?? ""),
          fileName: String(form.get("fileName") ?? ""),
          format: format.data,
          createInXero: form.get("createInXero") === "true",
          error: IMPORT_MESSAGES.confirmRequired,
        },
        { status: 400 }
      );
    }
    return json<ImportActionData>({ step: "choose", error: first?.message ?? IMPORT_MESSAGES.uploadNotFound, field: "file", format: null }, { status: 400 });
  }
  try {
    const job = await startImport(actor, {
      kind,
      format: parsed.data.format,
      uploadId: parsed.data.uploadId,
      fileName: parsed.data.fileName,
      createInXero: parsed.data.createInXero,
    });
    runImportInBackground(job.id);
    const params = new URLSearchParams(url.searchParams);
    params.set("job", job.id);
    return redirect(`${listPath(kind)}/import?${params.toString()}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json<ImportActionData>({ step: "choose", error: error.message, field: "file", format: parsed.data.format }, { status: error.status });
  }
}
