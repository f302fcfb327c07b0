/**
 * A review list (spec p3 §2.1; issue 16 keeps it minimal): the company's documents of the list's statuses with
 * supplier, invoice number, order number, amount, issue date and the reason's label (p3 §4.1), newest first, paged in
 * the URL; rows become cards below 768 px. The Upload bills control sits above it.
 */
import { useLoaderData, useLocation } from "@remix-run/react";
import { Pager } from "~/components/invoices/pager";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { ReviewListData } from "~/web/documents/review-list.server";
import { UploadBills } from "./upload-bills";

type Row = ReviewListData["documents"][number];

const amountOf = (row: Row, locale: ReviewListData["locale"]) => (row.invoiceAmount === null ? "" : formatMoney(row.invoiceAmount, locale));

function Reason({ row }: { row: Row }) {
  if (!row.reason) return null;
  return <Badge variant={row.processingStatus === "FAILED" ? "destructive" : "secondary"}>{row.reason}</Badge>;
}

export function ReviewListPage() {
  const data = useLoaderData<ReviewListData>();
  const { pathname, search } = useLocation();
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(page));
    return `${pathname}?${params.toString()}`;
  };
  const hidden = [...new URLSearchParams(search).entries()];
  const supplier = (row: Row) => row.supplierName ?? row.originalFileName;
  return (
    <div className="space-y-4">
      <UploadBills />
      <section aria-label={data.title} className="space-y-3">
        <div className="hidden md:block">
          <Table aria-label={data.title}>
            <TableHeader>
              <TableRow>
                <TableHead>Supplier</TableHead>
                <TableHead>Invoice number</TableHead>
                <TableHead>Order number</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Issue date</TableHead>
                <TableHead>Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.documents.length === 0 ? (
                <TableEmpty colSpan={6}>{data.empty}</TableEmpty>
              ) : (
                data.documents.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="max-w-64 truncate font-medium">{supplier(row)}</TableCell>
                    <TableCell className="whitespace-nowrap">{row.invoiceNumber ?? ""}</TableCell>
                    <TableCell className="whitespace-nowrap">{row.orderNumber ?? ""}</TableCell>
                    <TableCell className="text-right tabular-nums">{amountOf(row, data.locale)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(row.dateIssue)}</TableCell>
                    <TableCell>
                      <Reason row={row} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        <ul className="space-y-2 md:hidden" aria-label={data.title}>
          {data.documents.length === 0 ? (
            <li className="rounded-lg border bg-card p-4 text-center text-sm text-muted-foreground">{data.empty}</li>
          ) : (
            data.documents.map((row) => (
              <li key={row.id} className="space-y-1 rounded-lg border bg-card p-4 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 truncate font-medium">{supplier(row)}</span>
                  <span className="tabular-nums">{amountOf(row, data.locale)}</span>
                </div>
                <div className="text-muted-foreground">
                  {[row.invoiceNumber, row.orderNumber, formatDate(row.dateIssue)].filter(Boolean).join(" · ")}
                </div>
                <Reason row={row} />
              </li>
            ))
          )}
        </ul>
        <Pager total={data.total} page={data.page} size={data.size} estimated={data.totalIsCapped} hrefFor={hrefFor} hidden={hidden} />
      </section>
    </div>
  );
}
