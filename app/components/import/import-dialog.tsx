/**
 * The Import file dialog (p2 §2 Modals, §4 Import flow): choose format and file → confirm that the items are
 * approved → progress (polled every second; a 404 is tolerated three times, then "Error in importing from file")
 * → results two seconds after 100%: success, total, failed, warnings, with the failed rows and duplicates CSVs.
 * Without JavaScript the progress step refreshes itself every second.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Download, FileSpreadsheet, Loader2 } from "~/components/ui/icons";
import { useEffect } from "react";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import type { ImportResult, ImportStatus } from "~/modules/invoices/import.server";
import { formErrorsOf } from "~/lib/form-errors";
import type { ImportActionData, importLoader } from "~/web/invoices/import.server";

export const POLLING_FAILED = "Error in importing from file";

// Set once the app has hydrated: a dialog opened by client navigation keeps 100% on screen for two seconds before
// the results, while a full page load of a finished import (no JavaScript, or a reload) shows the results at once.
let appHydrated = false;

export function ImportDialog({ data }: { data: SerializeFrom<typeof importLoader> }) {
  useEffect(() => {
    appHydrated = true;
  }, []);
  const actionData = useActionData<ImportActionData>();
  const noun = data.kind === "BILL" ? "bills" : "invoices";
  const title = data.kind === "BILL" ? "Import bills" : "Import invoices";
  let body;
  if (data.job || data.jobMissing) body = <ImportProgress key={data.job?.id ?? "missing"} initial={data.job} closeTo={data.closeTo} noun={noun} />;
  else if (actionData?.step === "confirm") body = <ConfirmStep data={actionData} noun={noun} closeTo={data.closeTo} />;
  else
    body = (
      <ChooseStep kind={data.kind} canCreateInXero={data.canCreateInXero} error={actionData?.step === "choose" ? actionData : null} closeTo={data.closeTo} />
    );
  return (
    <RouteDialog title={title} closeTo={data.closeTo} description={`Import approved ${noun} from a CSV file.`}>
      {body}
    </RouteDialog>
  );
}

function ChooseStep({
  kind,
  canCreateInXero,
  error,
  closeTo,
}: {
  kind: "INVOICE" | "BILL";
  canCreateInXero: boolean;
  error: Extract<ImportActionData, { step: "choose" }> | null;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const template = kind === "BILL" ? "import_approved_bills" : "import_approved_invoices";
  // The one shape of form errors: the format's on its radios, any other refusal on the file field.
  const { fieldErrors, formError } = formErrorsOf(error);
  const fileError = fieldErrors.file ?? formError;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" preventScrollReset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Format</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="format" value="EARLYBIRD" defaultChecked={error?.format !== "ACCOUNTING"} className="size-4 accent-primary" />
          Earlybird template
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="format" value="ACCOUNTING" defaultChecked={error?.format === "ACCOUNTING"} className="size-4 accent-primary" />
          Accounting export
        </label>
        <FieldError id="import-format-error" message={fieldErrors.format} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="import-file" required>
          File
        </Label>
        <Input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-required="true"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? "import-file-error" : undefined}
        />
        <FieldError id="import-file-error" message={fileError} />
        <p className="text-sm text-muted-foreground">
          Dates in day/month/year.{" "}
          <a
            href={`/resources/import-template/${template}.csv`}
            download
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            <FileSpreadsheet aria-hidden className="size-4" />
            Download the Earlybird template
          </a>
        </p>
      </div>
      {canCreateInXero ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="createInXero" className="size-4 accent-primary" />
          Import to Xero
        </label>
      ) : null}
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value="upload" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {busy ? "Uploading…" : "Next"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

function ConfirmStep({ data, noun, closeTo }: { data: Extract<ImportActionData, { step: "confirm" }>; noun: string; closeTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = formErrorsOf(data).fieldErrors.confirmed;
  return (
    <Form method="post" className="grid gap-4" preventScrollReset>
      <input type="hidden" name="uploadId" value={data.uploadId} />
      <input type="hidden" name="fileName" value={data.fileName} />
      <input type="hidden" name="format" value={data.format} />
      <input type="hidden" name="createInXero" value={String(data.createInXero)} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">File</dt>
        <dd className="break-all font-medium">{data.fileName}</dd>
        <dt className="text-muted-foreground">Format</dt>
        <dd className="font-medium">{data.format === "EARLYBIRD" ? "Earlybird template" : "Accounting export"}</dd>
        {data.createInXero ? (
          <>
            <dt className="text-muted-foreground">Xero</dt>
            <dd className="font-medium">Bills will be created in Xero</dd>
          </>
        ) : null}
      </dl>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="confirmed"
            required
            className="mt-0.5 size-4 accent-primary"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "import-confirm-error" : undefined}
          />
          <span>I confirm these items are approved</span>
        </label>
        <FieldError id="import-confirm-error" message={error} />
      </div>
      <p className="text-sm text-muted-foreground">
        Every valid row is imported; rows with errors and duplicate rows are left out and can be downloaded afterwards as CSV files.
      </p>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value="confirm" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {`Import ${noun}`}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

const importFinished = (status: ImportStatus) => status.status === "SUCCEEDED" || status.status === "FAILED" || status.status === "CANCELLED";

function ImportProgress({ initial, closeTo, noun }: { initial: ImportStatus | null; closeTo: string; noun: string }) {
  const { status, error, percent, showResult } = useJobProgress<ImportStatus>({
    url: initial ? `/resources/import/${initial.id}` : null,
    initial,
    finished: importFinished,
    pollingFailed: POLLING_FAILED,
    resultAtOnce: !appHydrated && initial?.status === "SUCCEEDED",
  });

  if (error || !status) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">{error ?? POLLING_FAILED}</Alert>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants()}>
            Close
          </Link>
        </RouteDialogFooter>
      </div>
    );
  }
  if (status.status === "FAILED" || status.status === "CANCELLED") {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">{status.error ?? POLLING_FAILED}</Alert>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Close
          </Link>
          <Link to={closeTo.replace(/(\/(?:bills|invoices))/, "$1/import")} preventScrollReset className={buttonVariants()}>
            Try again
          </Link>
        </RouteDialogFooter>
      </div>
    );
  }
  if (status.status === "SUCCEEDED" && status.result && showResult) {
    return <ImportResults jobId={status.id} result={status.result} closeTo={closeTo} noun={noun} />;
  }
  // The import goes on in the background: Close only hides the dialog.
  return (
    <div className="grid gap-4">
      <JobProgress labelId="import-progress-label" label={status.status === "QUEUED" ? "Waiting to start…" : `Importing ${noun}…`} percent={percent} />
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </div>
  );
}

function ImportResults({ jobId, result, closeTo, noun }: { jobId: string; result: ImportResult; closeTo: string; noun: string }) {
  const counts: [string, number][] = [
    ["Imported", result.success],
    ["Total", result.total],
    ["Failed", result.failed],
    ["Warnings", result.warnings],
    ["Duplicates", result.duplicates],
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status">
        {`Imported ${result.success} of ${result.total} ${noun} from ${result.fileName}.`}
      </p>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Import result">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2 text-center">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {result.failedInvoices.length > 0 ? (
        <IssueList title="Failed rows" issues={result.failedInvoices} more={result.failed - result.failedInvoices.length} />
      ) : null}
      {result.warningInvoices.length > 0 ? (
        <IssueList title="Warnings" issues={result.warningInvoices} more={result.warnings - result.warningInvoices.length} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {result.hasFailedFile ? (
          <a href={`/resources/import-files/${jobId}/failed.csv`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden className="size-4" />
            Download failed rows
          </a>
        ) : null}
        {result.hasDuplicatesFile ? (
          <a href={`/resources/import-files/${jobId}/duplicates.csv`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden className="size-4" />
            Download duplicates
          </a>
        ) : null}
      </div>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants()}>
          Done
        </Link>
      </RouteDialogFooter>
    </div>
  );
}

function IssueList({ title, issues, more }: { title: string; issues: ImportResult["failedInvoices"]; more: number }) {
  return (
    <section aria-label={title} className="grid gap-1">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="max-h-40 overflow-y-auto rounded-md border text-sm">
        {issues.map((issue) => (
          <li key={`${issue.line}`} className="border-b px-3 py-1.5 last:border-b-0">
            <span className="font-medium">{`Line ${issue.line}${issue.invoiceNumber ? ` (${issue.invoiceNumber})` : ""}: `}</span>
            {issue.messages.join("; ")}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-xs text-muted-foreground">{`and ${more} more in the CSV file`}</p> : null}
    </section>
  );
}
