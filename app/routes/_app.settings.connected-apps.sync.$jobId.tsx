import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { JobIdSchema } from "~/modules/jobs/schema";
import { requireCompanyUser } from "~/web/auth.server";
import { pageError, parseParams } from "~/web/http.server";
import { CONNECTED_APPS_TAB } from "~/web/integrations/connected-apps.server";
import { accountingSyncJob, type AccountingSyncJobStatus } from "~/web/integrations/sync-now.server";

/** /settings/connected-apps/sync/:jobId: the Sync now progress over Connected apps, polling the job (GUIDE rule 8). */
const ParamsSchema = z.object({ jobId: JobIdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, ParamsSchema);
  return json({ job: await accountingSyncJob(actor, jobId).catch(pageError), closeTo: CONNECTED_APPS_TAB });
}

const finished = (job: AccountingSyncJobStatus) => job.status === "SUCCEEDED" || job.status === "FAILED" || job.status === "CANCELLED";

export default function SyncProgressDialog() {
  const { job, closeTo } = useLoaderData<typeof loader>();
  const progress = useJobProgress<AccountingSyncJobStatus>({
    url: `/resources/accounting-sync/${job.id}`,
    initial: job,
    finished,
    pollingFailed: "Could not follow the sync. It carries on in the background; see the sync log.",
    resultAtOnce: finished(job),
  });
  const status = progress.status ?? job;
  const failed = progress.error ?? status.error;
  return (
    <RouteDialog title="Sync now" description="Loading your bills, invoices, contacts and accounts from your accounting software." closeTo={closeTo}>
      {failed ? (
        <Alert variant="destructive">{failed}</Alert>
      ) : progress.showResult && status.summary ? (
        <div className="grid gap-3 text-sm">
          <p role="status" className="font-medium">
            Sync complete
          </p>
          <Table aria-label="Sync summary">
            <TableHeader>
              <TableRow>
                <TableHead>Records</TableHead>
                <TableHead className="text-right">Created</TableHead>
                <TableHead className="text-right">Updated</TableHead>
                <TableHead className="text-right">Skipped</TableHead>
                <TableHead className="text-right">Failed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {status.summary.map((row) => (
                <TableRow key={row.kind}>
                  <TableCell label="Records">{row.kind}</TableCell>
                  <TableCell label="Created" className="text-right tabular-nums">
                    {row.created}
                  </TableCell>
                  <TableCell label="Updated" className="text-right tabular-nums">
                    {row.updated}
                  </TableCell>
                  <TableCell label="Skipped" className="text-right tabular-nums">
                    {row.skipped}
                  </TableCell>
                  <TableCell label="Failed" className="text-right tabular-nums">
                    {row.failed}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : progress.showResult ? (
        <p role="status" className="text-sm font-medium">
          Sync complete
        </p>
      ) : (
        <JobProgress labelId="accounting-sync-label" label={status.status === "QUEUED" ? "Waiting to start…" : "Syncing…"} percent={progress.percent} />
      )}
      <RouteDialogFooter>
        {progress.done ? (
          <Link to={closeTo} className={buttonVariants()}>
            Done
          </Link>
        ) : (
          <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
        )}
      </RouteDialogFooter>
    </RouteDialog>
  );
}
