/**
 * The six review lists (/bills/pending-review, pending-approval, processing, variances, blocked, unmatched; spec p3
 * §2.1, §3, §4.1 'Batch review', §9; decisions 048 and 050): the page of the list and tab in the URL
 * (listReviewDocuments), the statistics cards of the lists that have them (documentStatistics), the Filter form's
 * canonical URL, the Delete confirmation, the running batch delete (a queued job the page polls), and the Upload bills
 * form.
 */
import { json, redirect, type TypedResponse } from "@remix-run/node";
import { companyContext } from "~/modules/companies/service.server";
import { reviewFilterFormValues, reviewFilterTarget, type ReviewFilterFormValues } from "~/modules/documents/review-list-form";
import { documentStatistics, listReviewDocuments, type DocumentStatistics, type ReviewListPage } from "~/modules/documents/review-lists.server";
import { REVIEW_LIST_TITLES, type ReviewList } from "~/modules/documents/rules";
import { FILTER_SUBMIT } from "~/modules/invoices/filter-form";
import type { BatchDeleteJobStatus } from "~/modules/review/batch-delete";
import { getBatchDeleteJob, startBatchDelete } from "~/modules/review/batch-delete.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, isMultipartRequest, notFoundResponse, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";
import { uploadBillsAction } from "./upload.server";

/** The lists whose statistics (p3 §3) are shown above them. */
const WITH_STATISTICS: readonly ReviewList[] = ["pending-review", "variances", "processing"];

export const DELETE_DOCUMENTS_INTENT = "delete-documents";

export interface ReviewListData {
  list: ReviewList;
  title: string;
  empty: string;
  locale: "en-NZ" | "en-AU";
  page: ReviewListPage;
  statistics: DocumentStatistics | null;
  filterValues: ReviewFilterFormValues;
  /** The ids the Delete confirmation asks about (no-JavaScript path: `?confirmDelete=1&ids=..`). */
  confirmDelete: number[];
  deleteJob: BatchDeleteJobStatus | null;
}

async function requireDocumentProcessing(request: Request) {
  const session = await requireCompanyUser(request);
  if (!(await getFeatureFlags()).documentProcessingEnabled) throw notFoundResponse();
  return session;
}

const idsOf = (values: readonly string[]) =>
  [...new Set(values.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647))].slice(0, 100);

export async function reviewListLoader(request: Request, list: ReviewList): Promise<TypedResponse<ReviewListData>> {
  const { actor } = await requireDocumentProcessing(request);
  const url = new URL(request.url);
  if (url.searchParams.get(FILTER_SUBMIT.name) === FILTER_SUBMIT.value) {
    const { location, errors } = reviewFilterTarget(url.pathname, url.searchParams);
    const error = Object.values(errors)[0];
    throw error ? await redirectWithToast(location, { type: "error", message: error }) : redirect(location);
  }
  const jobId = url.searchParams.get("deleteJob");
  const [company, page, statistics, deleteJob] = await Promise.all([
    companyContext(actor),
    listReviewDocuments(actor, list, url.searchParams),
    WITH_STATISTICS.includes(list) ? documentStatistics(actor.companyId, { supplier: url.searchParams.get("supplier") }) : null,
    jobId ? getBatchDeleteJob(actor, jobId).catch(() => null) : null,
  ]);
  const confirmDelete = url.searchParams.get("confirmDelete") === "1" ? idsOf(url.searchParams.getAll("ids")) : [];
  const { query } = page;
  return json({
    list,
    ...REVIEW_LIST_TITLES[list],
    locale: company.locale,
    page,
    statistics,
    filterValues: reviewFilterFormValues({
      amount: query.amount,
      issueDate: query.issueDate,
      invoiceNumber: query.invoiceNumber,
      orderNumber: query.orderNumber,
    }),
    confirmDelete,
    deleteJob,
  });
}

/**
 * The list's POST: Upload bills (multipart) or the confirmed batch Delete, which queues the job and comes back to the
 * list with `deleteJob` for the page to follow.
 */
export async function reviewListAction(request: Request, requestId?: string) {
  const { actor } = await requireDocumentProcessing(request);
  const url = new URL(request.url);
  if (isMultipartRequest(request)) return uploadBillsAction(request, actor, `${url.pathname}${url.search}`, requestId);
  const form = await readForm(request);
  const back = new URLSearchParams(url.search);
  for (const name of ["confirmDelete", "ids", "deleteJob"]) back.delete(name);
  if (form.get("intent") !== DELETE_DOCUMENTS_INTENT) return json({ error: "Unknown action" }, { status: 400 });
  try {
    const job = await startBatchDelete(actor, idsOf(form.getAll("ids").map(String)));
    back.set("deleteJob", job.id);
    return redirect(`${url.pathname}?${back.toString()}`);
  } catch (error) {
    return handleError(error, { fields: "none", data: (appError) => ({ error: appError.message }) });
  }
}

/** Kept for the dashboard's Upload bills form, which posts to its own page. */
export async function uploadBillsPageAction(request: Request, requestId?: string) {
  const { actor } = await requireDocumentProcessing(request);
  const url = new URL(request.url);
  return uploadBillsAction(request, actor, `${url.pathname}${url.search}`, requestId);
}
