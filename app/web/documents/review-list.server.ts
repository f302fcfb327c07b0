/**
 * The six review lists (/bills/pending-review, pending-approval, processing, variances, blocked, unmatched; spec p3
 * §2.1), minimal for issue 16: a company's documents of the list's processing statuses, paged in the URL (page, size),
 * with the Upload bills form. Issue 17 builds the full review screens on the same listDocuments.
 */
import { json, type TypedResponse } from "@remix-run/node";
import { companyContext } from "~/modules/companies/service.server";
import { listDocuments, type DocumentList } from "~/modules/documents/service.server";
import { REVIEW_LIST_STATUSES, REVIEW_LIST_TITLES, type ReviewList } from "~/modules/documents/rules";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { notFoundResponse } from "~/web/http.server";
import { uploadBillsAction } from "./upload.server";

export interface ReviewListData extends DocumentList {
  list: ReviewList;
  title: string;
  empty: string;
  locale: "en-NZ" | "en-AU";
}

async function requireDocumentProcessing(request: Request) {
  const session = await requireCompanyUser(request);
  if (!(await getFeatureFlags()).documentProcessingEnabled) throw notFoundResponse();
  return session;
}

export async function reviewListLoader(request: Request, list: ReviewList): Promise<TypedResponse<ReviewListData>> {
  const { actor } = await requireDocumentProcessing(request);
  const url = new URL(request.url);
  const [company, documents] = await Promise.all([
    companyContext(actor),
    listDocuments(actor.companyId, {
      status: [...REVIEW_LIST_STATUSES[list]],
      // Anything that is not a page number or one of the sizes falls back to the first page of 25 (the schema's catch).
      page: Number(url.searchParams.get("page") ?? 1),
      size: Number(url.searchParams.get("size") ?? 25),
    }),
  ]);
  return json({ ...documents, list, ...REVIEW_LIST_TITLES[list], locale: company.locale });
}

/** The Upload bills form of a list or the dashboard posts to its own page. */
export async function uploadBillsPageAction(request: Request, requestId?: string) {
  const { actor } = await requireDocumentProcessing(request);
  const url = new URL(request.url);
  return uploadBillsAction(request, actor, `${url.pathname}${url.search}`, requestId);
}
