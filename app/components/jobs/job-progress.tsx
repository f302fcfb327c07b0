/**
 * A running job on screen (with useJobProgress): its label, percent and progress bar. Without JavaScript the page
 * reloads itself every second until the job is done, and offers a Refresh link.
 */
export function JobProgress({ labelId, label, percent }: { labelId: string; label: string; percent: number }) {
  return (
    <div className="grid gap-4">
      <noscript>
        <meta httpEquiv="refresh" content="1" />
      </noscript>
      <div className="grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span id={labelId}>{label}</span>
          <span className="tabular-nums">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <noscript>
        <p className="text-sm">
          <a href="" className="font-medium text-primary underline-offset-4 hover:underline">
            Refresh
          </a>
        </p>
      </noscript>
    </div>
  );
}
