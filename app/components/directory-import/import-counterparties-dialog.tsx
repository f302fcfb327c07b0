/**
 * The Import counterparties dialog of the admin directory (p3 §2.4 "Import button (import counterparties modal)", §4.6,
 * §8): upload a CSV file (the import_counterparties.csv template) → progress, polled every second (a 404 is retried
 * three times, then "Error in importing from file") → the result one second after 100%: the success count, the failed
 * rows with their reasons, and the failed rows as CSV. Without JavaScript the form posts and the progress step
 * refreshes itself every second.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Download, FileSpreadsheet, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import type { CounterpartyImportResult, CounterpartyImportStatus } from "~/modules/counterparties/import.server";
import type { directoryImportLoader } from "~/web/directory-import/import.server";

/** p3 §8: polling gave up after three 404s. */
export const IMPORT_POLLING_FAILED = "Error in importing from file";
/** p3 §4.6, §9: the result is shown 1 s after 100%. */
export const IMPORT_RESULT_DELAY_MS = 1_000;
const TEMPLATE_HREF = "/resources/import-template/import_counterparties.csv";

// Set once the app has hydrated: a full page load of a finished import (no JavaScript, or a reload) shows the result at once.
let appHydrated = false;

export function ImportCounterpartiesDialog({ data }: { data: SerializeFrom<typeof directoryImportLoader> }) {
  useEffect(() => {
    appHydrated = true;
  }, []);
  const actionData = useActionData<FormErrorData>();
  return (
    <RouteDialog title="Import counterparties" closeTo={data.closeTo} description={`Add or update the counterparties of ${data.company.name} from a CSV file.`}>
      {data.job || data.jobMissing ? (
        <ImportProgress key={data.job?.id ?? "missing"} initial={data.job} companyId={data.company.id} closeTo={data.closeTo} />
      ) : (
        <UploadStep error={actionData ?? null} closeTo={data.closeTo} />
      )}
    </RouteDialog>
  );
}

function UploadStep({ error, closeTo }: { error: FormErrorData | null; closeTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { fieldErrors, formError } = formErrorsOf(error);
  const fileError = fieldErrors.file ?? formError;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" preventScrollReset>
      <div className="grid gap-2">
        <Label htmlFor="counterparty-import-file">File</Label>
        <Input
          id="counterparty-import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? "counterparty-import-file-error" : "counterparty-import-file-hint"}
        />
        <FieldError id="counterparty-import-file-error" message={fileError} />
        <p id="counterparty-import-file-hint" className="text-sm text-muted-foreground">
          Columns: Company Name, External Account ID, Bank Account Number, GST Number, GL Code, Payment Term Frequency, Payment Term Day. Rows are
          matched on the External Account ID.
        </p>
        <p className="text-sm">
          <a href={TEMPLATE_HREF} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <FileSpreadsheet aria-hidden className="size-4" />
            Download the template
          </a>
        </p>
      </div>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {busy ? "Uploading…" : "Import"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

const importFinished = (status: CounterpartyImportStatus) => status.status === "SUCCEEDED" || status.status === "FAILED" || status.status === "CANCELLED";

function ImportProgress({ initial, companyId, closeTo }: { initial: CounterpartyImportStatus | null; companyId: number; closeTo: string }) {
  const { status, error, percent, showResult } = useJobProgress<CounterpartyImportStatus>({
    url: initial ? `/resources/counterparty-import/${companyId}/${initial.id}` : null,
    initial,
    finished: importFinished,
    pollingFailed: IMPORT_POLLING_FAILED,
    resultDelayMs: IMPORT_RESULT_DELAY_MS,
    resultAtOnce: !appHydrated && initial?.status === "SUCCEEDED",
  });
  const again = `/companies/${companyId}/directory/import${closeTo.includes("?") ? closeTo.slice(closeTo.indexOf("?")) : ""}`;

  if (error || !status || status.status === "FAILED" || status.status === "CANCELLED") {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">{error ?? status?.error ?? IMPORT_POLLING_FAILED}</Alert>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Close
          </Link>
          <Link to={again} preventScrollReset className={buttonVariants()}>
            Try again
          </Link>
        </RouteDialogFooter>
      </div>
    );
  }
  if (status.status === "SUCCEEDED" && status.result && showResult) {
    return <ImportResult jobId={status.id} companyId={companyId} result={status.result} closeTo={closeTo} />;
  }
  return <JobProgress labelId="counterparty-import-progress" label={status.status === "QUEUED" ? "Waiting to start…" : "Importing counterparties…"} percent={percent} />;
}

function ImportResult({ jobId, companyId, result, closeTo }: { jobId: string; companyId: number; result: CounterpartyImportResult; closeTo: string }) {
  const counts: [string, number][] = [
    ["Imported", result.success],
    ["Failed", result.failed],
    ["New", result.created],
    ["Updated", result.updated + result.attached],
  ];
  const more = result.failed - result.failedObjects.length;
  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status">
        {`${result.success} of ${result.total} ${result.total === 1 ? "counterparty" : "counterparties"} imported from ${result.fileName}.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Import result">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2 text-center">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {result.failedObjects.length > 0 ? (
        <section aria-label="Failed rows" className="grid gap-1">
          <h3 className="text-sm font-medium">Failed rows</h3>
          <ul className="max-h-48 overflow-y-auto rounded-md border text-sm">
            {result.failedObjects.map((failure) => {
              const name = failure.failedObject["Company Name"] || failure.failedObject["External Account ID"];
              return (
                <li key={failure.line} className="border-b px-3 py-1.5 last:border-b-0">
                  <span className="font-medium">{`Line ${failure.line}${name ? ` (${name})` : ""}: `}</span>
                  <span className="break-words">{failure.reasons.join("; ")}</span>
                </li>
              );
            })}
          </ul>
          {more > 0 ? <p className="text-xs text-muted-foreground">{`and ${more} more in the CSV file`}</p> : null}
        </section>
      ) : null}
      {result.hasFailedFile ? (
        <div>
          <a href={`/resources/counterparty-import-files/${companyId}/${jobId}`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden className="size-4" />
            Download failed rows
          </a>
        </div>
      ) : null}
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants()}>
          Done
        </Link>
      </RouteDialogFooter>
    </div>
  );
}
