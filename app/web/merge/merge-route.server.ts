/**
 * The loader and action behind the Merge company dialog (p2 §2 Modals, §4 "Merge flow (admin)", §8), a child of the
 * admin directory: /companies/{id}/directory/merge/{counterpartyId}. The step lives in the URL, so every step works
 * without JavaScript:
 *   - Select Company: `?q=` searches the company's other counterparties by name (a GET form), a radio `into` picks one;
 *   - Confirm Merge: `?into=<counterpartyId>` loads the plan; its form POSTs intent "merge";
 *   - Merge in progress: `?job=<id>`, polled every second through /resources/merge/{companyId}/{jobId}. A job that
 *     finished more than 2 s ago (a page without JavaScript refreshes itself every second) closes with the toast.
 * Only transport here: authorise (admin), parse, call the merge module, shape the answer.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import type { Actor } from "~/lib/actor";
import { JobIdSchema } from "~/modules/jobs/schema";
import { getJob } from "~/modules/jobs/service.server";
import {
  MERGE_MESSAGES,
  getMergeProgress,
  getMergeSource,
  mergePlan,
  searchMergeTargets,
  startMerge,
  type MergePlan,
  type MergeProgress,
} from "~/modules/merge/service.server";
import { requireAdmin } from "~/web/auth.server";
import { handleError, IdSchema, pageError, parseForm, parseParams } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

const ParamsSchema = z.object({ companyId: IdSchema, counterpartyId: IdSchema });
const SearchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  into: IdSchema.optional().catch(undefined),
  job: JobIdSchema.optional().catch(undefined),
});
const MergeFormSchema = z.object({
  intent: z.literal("merge"),
  toCounterpartyId: z.union([IdSchema, z.literal("")]).optional(),
});

/** What the dialog polls (p2 §3 "Merge progress": progressPercentage and status; `progress` for the one hook). */
export interface MergeStatusView extends MergeProgress {
  progress: number;
  finishedAt: string | null;
}

export type MergeStep = "select" | "confirm" | "progress";

export interface MergeDialogData {
  step: MergeStep;
  companyId: number;
  closeTo: string;
  selfPath: string;
  source: { id: number; companyName: string };
  q: string;
  targets: { id: number; companyName: string; status: string }[];
  plan: MergePlan | null;
  job: MergeStatusView | null;
}

/** A merge result closes the dialog this long after 100% (p2 §4, §9). */
export const MERGE_CLOSE_DELAY_MS = 2_000;

const paths = (companyId: number, counterpartyId: number) => ({
  closeTo: `/companies/${companyId}/directory`,
  selfPath: `/companies/${companyId}/directory/merge/${counterpartyId}`,
});

export const statusView = (progress: MergeProgress, finishedAt: Date | null): MergeStatusView => ({
  ...progress,
  progress: progress.progressPercentage,
  finishedAt: finishedAt ? finishedAt.toISOString() : null,
});

async function jobStatus(actor: Actor, companyId: number, jobId: string): Promise<MergeStatusView> {
  const progress = await getMergeProgress(actor, companyId, jobId);
  const job = await getJob(actor, jobId);
  return statusView(progress, job.finishedAt);
}

export const closingToast = (status: MergeStatusView) =>
  status.status === "SUCCESS" ? ({ type: "success", message: MERGE_MESSAGES.success } as const) : ({ type: "error", message: MERGE_MESSAGES.failed } as const);

export async function mergeLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId, counterpartyId } = parseParams(params, ParamsSchema);
  const { closeTo, selfPath } = paths(companyId, counterpartyId);
  const search = SearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const source = await getMergeSource(actor, companyId, counterpartyId).catch(pageError);
  const base = { companyId, closeTo, selfPath, source: { id: source.id, companyName: source.companyName }, q: search.q, targets: [], plan: null, job: null };

  if (search.job) {
    const job = await jobStatus(actor, companyId, search.job).catch(pageError);
    // Finished a while ago: a page without JavaScript (or a reload) closes with the result's toast.
    if (job.status !== "PENDING" && job.finishedAt && Date.now() - Date.parse(job.finishedAt) >= MERGE_CLOSE_DELAY_MS) {
      return redirectWithToast(closeTo, closingToast(job));
    }
    return json<MergeDialogData>({ ...base, step: "progress", job });
  }
  if (search.into) {
    const plan = await mergePlan(actor, companyId, counterpartyId, search.into).catch(pageError);
    return json<MergeDialogData>({ ...base, step: "confirm", plan });
  }
  const targets = await searchMergeTargets(actor, { companyId, fromCounterpartyId: counterpartyId, q: search.q }).catch(pageError);
  return json<MergeDialogData>({ ...base, step: "select", targets });
}

export async function mergeAction(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId, counterpartyId } = parseParams(params, ParamsSchema);
  const { selfPath } = paths(companyId, counterpartyId);
  try {
    const form = await parseForm(request, MergeFormSchema);
    const toCounterpartyId = typeof form.toCounterpartyId === "number" ? form.toCounterpartyId : null;
    const job = await startMerge(actor, { companyId, fromCounterpartyId: counterpartyId, toCounterpartyId });
    return redirect(`${selfPath}?job=${job.id}`);
  } catch (error) {
    return handleError(error, { notFound: "show", fields: "validation" });
  }
}

/** GET /resources/merge/{companyId}/{jobId}: the merge as the dialog polls it every second. */
export async function mergeStatusLoader(request: Request, params: Record<string, string | undefined>): Promise<MergeStatusView> {
  const { actor } = await requireAdmin(request);
  const { companyId, jobId } = parseParams(params, z.object({ companyId: IdSchema, jobId: JobIdSchema }));
  return jobStatus(actor, companyId, jobId);
}
