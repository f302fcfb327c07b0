/**
 * The Import counterparties dialog of the admin directory (p3 §2.4 "Import button (import counterparties modal)", §4.6,
 * §8): upload a CSV file (the import_counterparties.csv template) → progress, polled every second (a 404 is retried
 * three times, then "Error in importing from file") → the result one second after 100%: the success count, the failed
 * rows with their reasons, and the failed rows as CSV. Without JavaScript the form posts and the progress step
 * refreshes itself every second.
 */
import type { SerializeFrom } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CsvUploadForm, ImportFailed, ImportSummary, useWasHydrated } from "~/components/import/csv-import-steps";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import type { FormErrorData } from "~/lib/form-errors";
import type { CounterpartyImportResult, CounterpartyImportStatus } from "~/modules/counterparties/import.server";
import type { directoryImportLoader } from "~/web/directory-import/import.server";

/** p3 §8: polling gave up after three 404s. */
export const IMPORT_POLLING_FAILED = "Error in importing from file";
/** p3 §4.6, §9: the result is shown 1 s after 100%. */
export const IMPORT_RESULT_DELAY_MS = 1_000;
const TEMPLATE_HREF = "/resources/import-template/import_counterparties.csv";

export function ImportCounterpartiesDialog({ data }: { data: SerializeFrom<typeof directoryImportLoader> }) {
  const hydrated = useWasHydrated();
  const actionData = useActionData<FormErrorData>();
  return (
    <RouteDialog title="Import counterparties" closeTo={data.closeTo} description={`Add or update the counterparties of ${data.company.name} from a CSV file.`}>
      {data.job || data.jobMissing ? (
        <ImportProgress key={data.job?.id ?? "missing"} initial={data.job} companyId={data.company.id} closeTo={data.closeTo} hydrated={hydrated} />
      ) : (
        <CsvUploadForm
          inputId="counterparty-import-file"
          templateHref={TEMPLATE_HREF}
          closeTo={data.closeTo}
          error={actionData ?? null}
          hint="Columns: Company Name, External Account ID, Bank Account Number, GST Number, GL Code, Payment Term Frequency, Payment Term Day. Rows are matched on the External Account ID."
        />
      )}
    </RouteDialog>
  );
}

const importFinished = (status: CounterpartyImportStatus) => status.status === "SUCCEEDED" || status.status === "FAILED" || status.status === "CANCELLED";

function ImportProgress(props: { initial: CounterpartyImportStatus | null; companyId: number; closeTo: string; hydrated: boolean }) {
  const { initial, companyId, closeTo } = props;
  const { status, error, percent, showResult } = useJobProgress<CounterpartyImportStatus>({
    url: initial ? `/resources/counterparty-import/${companyId}/${initial.id}` : null,
    initial,
    finished: importFinished,
    pollingFailed: IMPORT_POLLING_FAILED,
    resultDelayMs: IMPORT_RESULT_DELAY_MS,
    resultAtOnce: !props.hydrated && initial?.status === "SUCCEEDED",
  });
  const again = `/companies/${companyId}/directory/import${closeTo.includes("?") ? closeTo.slice(closeTo.indexOf("?")) : ""}`;

  if (error || !status || status.status === "FAILED" || status.status === "CANCELLED") {
    return <ImportFailed message={error ?? status?.error ?? IMPORT_POLLING_FAILED} closeTo={closeTo} againTo={again} />;
  }
  if (status.status === "SUCCEEDED" && status.result && showResult) {
    const result: CounterpartyImportResult = status.result;
    return (
      <ImportSummary
        sentence={`${result.success} of ${result.total} ${result.total === 1 ? "counterparty" : "counterparties"} imported from ${result.fileName}.`}
        counts={[
          ["Imported", result.success],
          ["Failed", result.failed],
          ["New", result.created],
          ["Updated", result.updated + result.attached],
        ]}
        failed={result.failed}
        failedRows={result.failedObjects.map((failure) => ({
          line: failure.line,
          label: failure.failedObject["Company Name"] || failure.failedObject["External Account ID"],
          reasons: failure.reasons,
        }))}
        failedHref={result.hasFailedFile ? `/resources/counterparty-import-files/${companyId}/${status.id}` : null}
        closeTo={closeTo}
      />
    );
  }
  // The import goes on in the background: Close only hides the dialog.
  return (
    <div className="grid gap-4">
      <JobProgress
        labelId="counterparty-import-progress"
        label={status.status === "QUEUED" ? "Waiting to start…" : "Importing counterparties…"}
        percent={percent}
      />
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </div>
  );
}
