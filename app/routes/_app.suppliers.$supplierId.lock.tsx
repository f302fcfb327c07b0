/**
 * The period lock of the supplier bills page (p3 §4.10; issue 15 part 5; docs/decisions/038-period-lock.md).
 *
 * POST: lock the period of the shown month (the month before it): the company's, or with counterparty locks the
 * supplier's. A refusal ('Period is already locked', 'Active period can not be locked', 'Counterparty data is missing')
 * goes back to the page as an error toast; otherwise the lock job is queued and this dialog shows its progress.
 * GET ?job=: the progress; once the job has finished, back to the page with 'Locked {month} invoices' or the refusal.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PeriodLockProgress } from "~/components/period-lock/period-lock-progress";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { listSearchOf } from "~/modules/payables/schema";
import { PeriodLockCliSchema } from "~/modules/period-lock/schema";
import { getPeriodLockJob, startSupplierPeriodLock } from "~/modules/period-lock/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, IdSchema, pageError, parseForm, parseParams } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

const Params = z.object({ supplierId: IdSchema });
const LockForm = z.object({ month: PeriodLockCliSchema.shape.month });

const pageOf = (supplierId: number, url: URL) => `/suppliers/${supplierId}${listSearchOf(url.searchParams)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const closeTo = pageOf(supplierId, url);
  const jobId = url.searchParams.get("job");
  if (!jobId) throw redirect(closeTo);
  const job = await getPeriodLockJob(actor, jobId).catch(pageError);
  if (job.status === "SUCCEEDED") throw await redirectWithToast(closeTo, { type: "success", message: job.message ?? "Success updated" });
  if (job.error !== null) throw await redirectWithToast(closeTo, { type: "error", message: job.error });
  return json({ job: { id: job.id, status: job.status, progress: job.progress, month: job.month }, closeTo });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const closeTo = pageOf(supplierId, url);
  try {
    const { month } = await parseForm(request, LockForm);
    const job = await startSupplierPeriodLock(actor, supplierId, month);
    const search = new URLSearchParams(listSearchOf(url.searchParams).slice(1));
    search.set("job", job.id);
    return redirect(`/suppliers/${supplierId}/lock?${search}`);
  } catch (error) {
    return handleError(error, { closeTo, fields: "none" });
  }
}

export default function PeriodLockDialog() {
  const { job, closeTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Period lock" description="The lock runs in the background; this closes when it is done." closeTo={closeTo}>
      <PeriodLockProgress job={job} />
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </RouteDialog>
  );
}
