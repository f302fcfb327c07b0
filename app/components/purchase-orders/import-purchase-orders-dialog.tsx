/**
 * The Import purchase orders dialog over Settings → AP Automation (issue 16 part 1; docs/decisions/041): upload a CSV
 * file (the import_purchase_orders.csv template) → progress, polled every second (a 404 is retried three times, then
 * "Error in importing from file") → the summary: counts, the failed rows with their reasons, and the failed rows as CSV.
 * Without JavaScript the form posts and the progress step refreshes itself every second.
 */
import type { SerializeFrom } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CsvUploadForm, ImportFailed, ImportSummary, useWasHydrated } from "~/components/import/csv-import-steps";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import type { FormErrorData } from "~/lib/form-errors";
import type { PurchaseOrderImportResult, PurchaseOrderImportStatus } from "~/modules/purchase-orders/import.server";
import type { purchaseOrderImportLoader } from "~/web/purchase-orders/import.server";

/** As the other imports (p2 §8): polling gave up after three 404s. */
export const IMPORT_POLLING_FAILED = "Error in importing from file";
export const PURCHASE_ORDER_TEMPLATE_HREF = "/resources/import-template/import_purchase_orders.csv";
export const PURCHASE_ORDER_IMPORT_HREF = "/settings/purchase-orders/import?tab=ap-automation";

export function ImportPurchaseOrdersDialog({ data }: { data: SerializeFrom<typeof purchaseOrderImportLoader> }) {
  const hydrated = useWasHydrated();
  const actionData = useActionData<FormErrorData>();
  return (
    <RouteDialog
      title="Import purchase orders"
      closeTo={data.closeTo}
      description="Add or update your purchase orders from a CSV file. Bills are matched against them."
    >
      {data.job || data.jobMissing ? (
        <ImportProgress key={data.job?.id ?? "missing"} initial={data.job} closeTo={data.closeTo} hydrated={hydrated} />
      ) : (
        <CsvUploadForm
          inputId="purchase-order-import-file"
          action={PURCHASE_ORDER_IMPORT_HREF}
          templateHref={PURCHASE_ORDER_TEMPLATE_HREF}
          closeTo={data.closeTo}
          error={actionData ?? null}
          hint="Columns: Order Number, Supplier Name, Order Date (day/month/year), Amount (inc. GST), Status (OPEN, RECEIPTED or CLOSED). An order number already imported is updated."
        />
      )}
    </RouteDialog>
  );
}

const importFinished = (status: PurchaseOrderImportStatus) => status.status === "SUCCEEDED" || status.status === "FAILED" || status.status === "CANCELLED";

function ImportProgress({ initial, closeTo, hydrated }: { initial: PurchaseOrderImportStatus | null; closeTo: string; hydrated: boolean }) {
  const { status, error, percent, showResult } = useJobProgress<PurchaseOrderImportStatus>({
    url: initial ? `/resources/purchase-order-import/${initial.id}` : null,
    initial,
    finished: importFinished,
    pollingFailed: IMPORT_POLLING_FAILED,
    resultAtOnce: !hydrated && initial?.status === "SUCCEEDED",
  });
  if (error || !status || status.status === "FAILED" || status.status === "CANCELLED") {
    return <ImportFailed message={error ?? status?.error ?? IMPORT_POLLING_FAILED} closeTo={closeTo} againTo={PURCHASE_ORDER_IMPORT_HREF} />;
  }
  if (status.status === "SUCCEEDED" && status.result && showResult) {
    const result: PurchaseOrderImportResult = status.result;
    return (
      <ImportSummary
        sentence={`${result.success} of ${result.total} purchase ${result.total === 1 ? "order" : "orders"} imported from ${result.fileName}.`}
        counts={[
          ["Imported", result.success],
          ["Failed", result.failed],
          ["New", result.created],
          ["Updated", result.updated],
        ]}
        failed={result.failed}
        failedRows={result.failedRows.map((row) => ({ line: row.line, label: row.failedObject["Order Number"], reasons: row.reasons }))}
        failedHref={result.hasFailedFile ? `/resources/purchase-order-import-files/${status.id}` : null}
        closeTo={closeTo}
      />
    );
  }
  // The import goes on in the background: Close only hides the dialog.
  return (
    <div className="grid gap-4">
      <JobProgress
        labelId="purchase-order-import-progress"
        label={status.status === "QUEUED" ? "Waiting to start…" : "Importing purchase orders…"}
        percent={percent}
      />
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </div>
  );
}
