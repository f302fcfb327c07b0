/**
 * The Import purchase orders dialog over Settings → AP Automation (issue 16 part 1; docs/decisions/041): upload a CSV
 * file (the import_purchase_orders.csv template) → progress, polled every second (a 404 is retried three times, then
 * "Error in importing from file") → the summary: counts, the failed rows with their reasons, and the failed rows as CSV.
 * Without JavaScript the form posts and the progress step refreshes itself every second.
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
import type { PurchaseOrderImportResult, PurchaseOrderImportStatus } from "~/modules/purchase-orders/import.server";
import type { purchaseOrderImportLoader } from "~/web/purchase-orders/import.server";

/** As the other imports (p2 §8): polling gave up after three 404s. */
export const IMPORT_POLLING_FAILED = "Error in importing from file";
export const PURCHASE_ORDER_TEMPLATE_HREF = "/resources/import-template/import_purchase_orders.csv";
export const PURCHASE_ORDER_IMPORT_HREF = "/settings/purchase-orders/import?tab=ap-automation";

// Set once the app has hydrated: a full page load of a finished import (no JavaScript, or a reload) shows the result at once.
let appHydrated = false;

export function ImportPurchaseOrdersDialog({ data }: { data: SerializeFrom<typeof purchaseOrderImportLoader> }) {
  useEffect(() => {
    appHydrated = true;
  }, []);
  const actionData = useActionData<FormErrorData>();
  return (
    <RouteDialog title="Import purchase orders" closeTo={data.closeTo} description="Add or update your purchase orders from a CSV file. Bills are matched against them.">
      {data.job || data.jobMissing ? (
        <ImportProgress key={data.job?.id ?? "missing"} initial={data.job} closeTo={data.closeTo} />
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
    <Form method="post" action={PURCHASE_ORDER_IMPORT_HREF} encType="multipart/form-data" className="grid gap-4" preventScrollReset>
      <div className="grid gap-2">
        <Label htmlFor="purchase-order-import-file">File</Label>
        <Input
          id="purchase-order-import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? "purchase-order-import-file-error" : "purchase-order-import-file-hint"}
        />
        <FieldError id="purchase-order-import-file-error" message={fileError} />
        <p id="purchase-order-import-file-hint" className="text-sm text-muted-foreground">
          Columns: Order Number, Supplier Name, Order Date (day/month/year), Amount (inc. GST), Status (OPEN, RECEIPTED or CLOSED). An order number
          already imported is updated.
        </p>
        <p className="text-sm">
          <a href={PURCHASE_ORDER_TEMPLATE_HREF} download className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
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

const importFinished = (status: PurchaseOrderImportStatus) => status.status === "SUCCEEDED" || status.status === "FAILED" || status.status === "CANCELLED";

function ImportProgress({ initial, closeTo }: { initial: PurchaseOrderImportStatus | null; closeTo: string }) {
  const { status, error, percent, showResult } = useJobProgress<PurchaseOrderImportStatus>({
    url: initial ? `/resources/purchase-order-import/${initial.id}` : null,
    initial,
    finished: importFinished,
    pollingFailed: IMPORT_POLLING_FAILED,
    resultAtOnce: !appHydrated && initial?.status === "SUCCEEDED",
  });

  if (error || !status || status.status === "FAILED" || status.status === "CANCELLED") {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">{error ?? status?.error ?? IMPORT_POLLING_FAILED}</Alert>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Close
          </Link>
          <Link to={PURCHASE_ORDER_IMPORT_HREF} preventScrollReset className={buttonVariants()}>
            Try again
          </Link>
        </RouteDialogFooter>
      </div>
    );
  }
  if (status.status === "SUCCEEDED" && status.result && showResult) {
    return <ImportResult jobId={status.id} result={status.result} closeTo={closeTo} />;
  }
  return <JobProgress labelId="purchase-order-import-progress" label={status.status === "QUEUED" ? "Waiting to start…" : "Importing purchase orders…"} percent={percent} />;
}

function ImportResult({ jobId, result, closeTo }: { jobId: string; result: PurchaseOrderImportResult; closeTo: string }) {
  const counts: [string, number][] = [
    ["Imported", result.success],
    ["Failed", result.failed],
    ["New", result.created],
    ["Updated", result.updated],
  ];
  const more = result.failed - result.failedRows.length;
  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status">
        {`${result.success} of ${result.total} purchase ${result.total === 1 ? "order" : "orders"} imported from ${result.fileName}.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Import result">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2 text-center">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {result.failedRows.length > 0 ? (
        <section aria-label="Failed rows" className="grid gap-1">
          <h3 className="text-sm font-medium">Failed rows</h3>
          <ul className="max-h-48 overflow-y-auto rounded-md border text-sm">
            {result.failedRows.map((failure) => {
              const number = failure.failedObject["Order Number"];
              return (
                <li key={failure.line} className="border-b px-3 py-1.5 last:border-b-0">
                  <span className="font-medium">{`Line ${failure.line}${number ? ` (${number})` : ""}: `}</span>
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
          <a href={`/resources/purchase-order-import-files/${jobId}`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
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
