/**
 * A running period lock (p3 §4.10; issue 15 part 5): the lock job's progress, polled every second with the one job
 * hook. When the job has finished the page is loaded again, and its loader closes the dialog with the toast
 * ('Locked October invoices', or the refusal). Without JavaScript <JobProgress> reloads the page every second.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { monthName } from "~/modules/period-lock/rules";

export interface PeriodLockJobStatus {
  id: string;
  status: string;
  progress: number;
  month: string;
}

const finished = (job: PeriodLockJobStatus) => ["SUCCEEDED", "FAILED", "CANCELLED"].includes(job.status);

export function PeriodLockProgress({ job }: { job: PeriodLockJobStatus }) {
  const revalidator = useRevalidator();
  const progress = useJobProgress({
    url: `/resources/period-lock/${job.id}`,
    initial: job,
    finished,
    pollingFailed: "Error in locking the period",
    // A lock is quick: the outcome is shown as soon as it is known.
    resultAtOnce: true,
  });
  const revalidate = revalidator.revalidate;
  const settled = progress.done || progress.error !== null;
  useEffect(() => {
    if (settled) revalidate();
  }, [settled, revalidate]);
  return (
    <div className="grid gap-3">
      <JobProgress labelId={`period-lock-${job.id}`} label={`Locking ${monthName(job.month)} invoices`} percent={progress.percent} />
      {progress.error ? (
        <p role="alert" className="text-sm text-destructive">
          {progress.error}
        </p>
      ) : null}
    </div>
  );
}
