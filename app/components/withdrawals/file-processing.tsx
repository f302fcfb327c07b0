/**
 * The admin System screen (spec p3 §2.3 "/system: bank file processing card", §4.7, §7.3): the RUNNING / SUSPENDED
 * switch of bank file processing, and the bank payment files the process-withdrawals job wrote, for download. A file's
 * lines open in a dialog (?file=<id>), where a withdrawal the bank returned is marked returned (?file=<id>&return=<id>);
 * the bank's returns file is imported from ?import=returns (docs/decisions/030).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Download, FileUp } from "~/components/ui/icons";
import { Pager } from "~/components/invoices/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CsvImportDialog } from "~/components/ui/csv-file-field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { RETURN_REASON_MAX } from "~/modules/ledger/returns.schema";
import { COULD_NOT_FETCH_STATUS } from "~/modules/ledger/withdrawals.schema";
import { StatusBadge } from "~/components/ui/status-badge";

export interface BankFileView {
  id: number;
  created: string;
  fileName: string;
  country: "NZ" | "AU";
  format: string;
  itemCount: number;
  total: string;
}

const FORMAT_LABELS: Record<string, string> = { NZ_BULK_CSV: "NZ bulk payment CSV", AU_ABA: "AU ABA" };

export function FileProcessingCard({ status }: { status: "RUNNING" | "SUSPENDED" | null }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "status";
  const running = status === "RUNNING";
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle className="text-lg">Bank file processing</CardTitle>
        <CardDescription>
          While running, pending withdrawals to verified bank accounts are written to a bank payment file every 15 minutes and marked completed. Suspending
          stops only this.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status === null ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {COULD_NOT_FETCH_STATUS}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="status" />
            <span id="file-processing-label" className="text-sm font-medium">
              File processing
            </span>
            {/* A switch that is a submit button: it posts the status it turns to, so it works without JavaScript. */}
            <button
              type="submit"
              name="status"
              value={running ? "SUSPENDED" : "RUNNING"}
              role="switch"
              aria-checked={running}
              aria-labelledby="file-processing-label"
              disabled={saving}
              className={cn(
                "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-60",
                running ? "bg-primary" : "bg-input"
              )}
            >
              <span
                aria-hidden
                className={cn("block size-5 rounded-full bg-background shadow transition-transform", running ? "translate-x-5" : "translate-x-0")}
              />
            </button>
            <StatusBadge kind="fileProcessing" status={status} />
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** /system with its list query and, optionally, a dialog parameter. */
export function systemHref(page: number, size: number, dialog?: Record<string, string | number>): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (size !== 25) params.set("size", String(size));
  for (const [name, value] of Object.entries(dialog ?? {})) params.set(name, String(value));
  const search = params.toString();
  return search ? `/system?${search}` : "/system";
}

export function BankFilesCard({ files, total, page, size }: { files: BankFileView[]; total: number; page: number; size: number }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="text-lg">Bank payment files</CardTitle>
          <CardDescription>
            Upload each file to the bank once: its withdrawals are already marked completed. A line the bank returns is marked returned from the file&apos;s
            lines, or by importing the bank&apos;s returns file.
          </CardDescription>
        </div>
        <Link to={systemHref(page, size, { import: "returns" })} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
          <FileUp className="size-4" aria-hidden />
          Import bank returns
        </Link>
      </CardHeader>
      <CardContent>
        <Table aria-label="Bank payment files">
          <TableHeader>
            <TableRow>
              {/* Below 768 px the date goes under the file name and the format and count give way to the amount and action. */}
              <TableHead className="hidden md:table-cell">Created</TableHead>
              <TableHead>File</TableHead>
              <TableHead className="hidden xl:table-cell">Format</TableHead>
              <TableHead className="hidden text-right md:table-cell">Payments</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {files.length === 0 ? (
              <TableEmpty colSpan={6}>No bank payment files yet</TableEmpty>
            ) : (
              files.map((file) => (
                <TableRow key={file.id}>
                  <TableCell label="Created" className="hidden whitespace-nowrap md:table-cell">
                    {file.created}
                  </TableCell>
                  <TableCell label="File" className="min-w-[14rem]">
                    <a
                      href={`/resources/bank-payment-files/${file.id}`}
                      download
                      className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
                    >
                      <Download className="size-4 shrink-0" aria-hidden />
                      {file.fileName}
                    </a>
                    <span className="block text-xs text-muted-foreground md:hidden">{file.created}</span>
                  </TableCell>
                  <TableCell label="Format" className="hidden whitespace-nowrap xl:table-cell">
                    {FORMAT_LABELS[file.format] ?? file.format}
                  </TableCell>
                  <TableCell label="Payments" className="hidden text-right tabular-nums md:table-cell">
                    {file.itemCount}
                  </TableCell>
                  <TableCell label="Total" className="text-right tabular-nums">
                    {file.total}
                  </TableCell>
                  <TableCell label="Actions" className="text-right">
                    <Link
                      to={systemHref(page, size, { file: file.id })}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`Lines of ${file.fileName}`}
                    >
                      Lines
                    </Link>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <Pager total={total} page={page} size={size} hrefFor={(n) => `/system?page=${n}&size=${size}`} hidden={[]} />
      </CardContent>
    </Card>
  );
}

export interface BankFileItemView {
  kind: "WITHDRAWAL" | "DEPOSIT_RETURN";
  id: number;
  reference: string;
  companyName: string | null;
  payeeName: string;
  amount: string;
  status: "PAID" | "RETURNED";
  returnReason: string | null;
}

function usePosting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** A file's lines: what each paid, and whether the bank sent it back; a paid withdrawal can be marked returned. */
export function BankFileLinesDialog({
  fileName,
  items,
  closeTo,
  returnHref,
}: {
  fileName: string;
  items: BankFileItemView[];
  closeTo: string;
  returnHref: (id: number) => string;
}) {
  return (
    <RouteDialog title="Bank file lines" description={fileName} closeTo={closeTo} className="max-w-3xl">
      <Table aria-label={`Lines of ${fileName}`}>
        <TableHeader>
          <TableRow>
            {/* Below 640 px the reference goes under the payee and the action under the status. */}
            <TableHead className="hidden sm:table-cell">Reference</TableHead>
            <TableHead>Paid to</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.length === 0 ? <TableEmpty colSpan={4}>This file has no lines</TableEmpty> : null}
          {items.map((item) => (
            <TableRow key={item.reference}>
              <TableCell label="Reference" className="hidden whitespace-nowrap font-mono text-xs sm:table-cell">
                {item.reference}
              </TableCell>
              <TableCell label="Paid to" className="min-w-28">
                <span className="block font-mono text-xs sm:hidden">{item.reference}</span>
                {item.payeeName}
                <span className="block text-xs text-muted-foreground">{item.companyName ?? "Unknown deposit returned to its sender"}</span>
              </TableCell>
              <TableCell label="Amount" className="whitespace-nowrap text-right tabular-nums">
                {item.amount}
              </TableCell>
              <TableCell label="Status">
                <div className="flex flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <StatusBadge kind="withdrawal" status={item.status === "RETURNED" ? "RETURNED" : "PAID"} />
                    {item.returnReason ? <span className="mt-1 block text-xs text-muted-foreground">{item.returnReason}</span> : null}
                  </div>
                  {item.kind === "WITHDRAWAL" && item.status === "PAID" ? (
                    <Link
                      to={returnHref(item.id)}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`Mark ${item.reference} returned`}
                    >
                      Mark returned
                    </Link>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
      </RouteDialogFooter>
    </RouteDialog>
  );
}

/** Confirm: the bank returned this withdrawal; its amount goes back to the company's Funds Available at once. */
export function ReturnWithdrawalDialog({ item, closeTo, action, error }: { item: BankFileItemView; closeTo: string; action: string; error: string | null }) {
  const posting = usePosting("return");
  return (
    <RouteDialog
      title="Mark withdrawal returned"
      closeTo={closeTo}
      description={`The bank could not pay ${item.reference} and sent ${item.amount} back. It goes back to ${item.companyName}'s Funds Available at once.`}
    >
      <dl className="divide-y rounded-md border text-sm">
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Company</dt>
          <dd className="text-right font-medium">{item.companyName}</dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Paid to</dt>
          <dd className="text-right">{item.payeeName}</dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{item.amount}</dd>
        </div>
      </dl>
      <Form method="post" action={action} preventScrollReset className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="return" />
        <input type="hidden" name="withdrawalId" value={item.id} />
        <div className="space-y-1.5">
          <Label htmlFor="return-reason">Reason (optional)</Label>
          <Input
            id="return-reason"
            name="reason"
            maxLength={RETURN_REASON_MAX + 50}
            placeholder="Returned by the bank"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "return-reason-error" : undefined}
          />
          <FieldError id="return-reason-error" message={error} />
        </div>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Back
          </Link>
          <Button type="submit" variant="destructive" disabled={posting}>
            {posting ? "Saving..." : "Mark returned"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

/** Upload the bank's returns file (fixtures/bank-returns-sample.csv): each returned withdrawal is reversed once. */
export function ImportReturnsDialog({ closeTo, action, error, details }: { closeTo: string; action: string; error: string | null; details: string[] }) {
  return (
    <CsvImportDialog
      title="Import bank returns"
      description="Each line the bank returned puts the withdrawal's amount back in the company's Funds Available, once; a line returned before is left as it is."
      intent="import-returns"
      closeTo={closeTo}
      action={action}
      field={{
        id: "returns-file",
        label: "Bank returns (CSV)",
        hint: "Columns: Date, Reference (WD and the withdrawal's number, as on the bank file), Amount; optional Reason.",
        error,
        details,
      }}
    />
  );
}
