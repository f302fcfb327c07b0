/**
 * The admin System screen (spec p3 §2.3 "/system: bank file processing card", §4.7, §7.3): the RUNNING / SUSPENDED
 * switch of bank file processing, and the bank payment files the process-withdrawals job wrote, for download.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Download } from "lucide-react";
import { Pager } from "~/components/invoices/pager";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { COULD_NOT_FETCH_STATUS } from "~/modules/ledger/withdrawals.schema";

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
            <Badge variant={running ? "success" : "warning"}>{status}</Badge>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

export function BankFilesCard({ files, total, page, size }: { files: BankFileView[]; total: number; page: number; size: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Bank payment files</CardTitle>
        <CardDescription>Upload each file to the bank once: its withdrawals are already marked completed.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table aria-label="Bank payment files">
          <TableHeader>
            <TableRow>
              <TableHead>Created</TableHead>
              <TableHead>File</TableHead>
              <TableHead>Format</TableHead>
              <TableHead className="text-right">Withdrawals</TableHead>
              <TableHead className="text-right">Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {files.length === 0 ? (
              <TableEmpty colSpan={5}>No bank payment files yet</TableEmpty>
            ) : (
              files.map((file) => (
                <TableRow key={file.id}>
                  <TableCell className="whitespace-nowrap">{file.created}</TableCell>
                  <TableCell>
                    <a
                      href={`/resources/bank-payment-files/${file.id}`}
                      download
                      className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
                    >
                      <Download className="size-4 shrink-0" aria-hidden />
                      {file.fileName}
                    </a>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{FORMAT_LABELS[file.format] ?? file.format}</TableCell>
                  <TableCell className="text-right tabular-nums">{file.itemCount}</TableCell>
                  <TableCell className="text-right tabular-nums">{file.total}</TableCell>
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
