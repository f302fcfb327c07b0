/** The statements list (issue 5 part 8): one row a month, newest first, with View / CSV / PDF or Generate. */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Download, FileText } from "~/components/ui/icons";
import { Pager } from "~/components/invoices/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { StatementList, StatementListRow } from "~/modules/statements/service.server";
import { StatusBadge } from "~/components/ui/status-badge";

export const STATUS_LABELS: Record<StatementListRow["status"], string> = {
  GENERATED: "Ready",
  PENDING: "Generating",
  FAILED: "Failed",
  NOT_GENERATED: "Not generated",
};

export const statementCsvHref = (id: number | "current") => `/resources/statements/${id}.csv`;
export const statementPdfHref = (id: number | "current") => `/resources/statements/${id}.pdf`;

function Actions({ row }: { row: StatementListRow }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("month") === row.month;
  if (row.status === "GENERATED" && row.statementId !== null) {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <Link
          to={`/account/statements/${row.statementId}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-label={`View ${row.label} statement`}
        >
          <FileText aria-hidden className="size-4" />
          View
        </Link>
        <a
          href={statementCsvHref(row.statementId)}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          aria-label={`Download ${row.label} statement as CSV`}
        >
          <Download aria-hidden className="size-4" />
          CSV
        </a>
        <a
          href={statementPdfHref(row.statementId)}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          aria-label={`Download ${row.label} statement as PDF`}
        >
          <Download aria-hidden className="size-4" />
          PDF
        </a>
      </div>
    );
  }
  if (row.status === "PENDING") return <p className="text-right text-sm text-muted-foreground">Generating…</p>;
  return (
    <Form method="post" className="flex justify-end">
      <input type="hidden" name="month" value={row.month} />
      <Button type="submit" size="sm" variant="outline" disabled={submitting} aria-label={`Generate ${row.label} statement`}>
        {submitting ? "Generating…" : row.status === "FAILED" ? "Try again" : "Generate"}
      </Button>
    </Form>
  );
}

/** The month to date: not a statement yet (the month is not over), always viewable and downloadable. */
function MonthToDate({ label }: { label: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4">
      <div>
        <p className="font-medium">{label} to date</p>
        <p className="text-sm text-muted-foreground">This month so far. Its statement is ready when the month ends.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/account/statements/current" className={buttonVariants({ variant: "outline", size: "sm" })} aria-label="View this month to date">
          <FileText aria-hidden className="size-4" />
          View
        </Link>
        <a href={statementCsvHref("current")} className={buttonVariants({ variant: "ghost", size: "sm" })} aria-label="Download this month to date as CSV">
          <Download aria-hidden className="size-4" />
          CSV
        </a>
        <a href={statementPdfHref("current")} className={buttonVariants({ variant: "ghost", size: "sm" })} aria-label="Download this month to date as PDF">
          <Download aria-hidden className="size-4" />
          PDF
        </a>
      </div>
    </div>
  );
}

export function StatementsTable({ list }: { list: StatementList }) {
  return (
    <section className="min-w-0 space-y-3">
      <MonthToDate label={list.currentMonthLabel} />
      <Table aria-label="Statements">
        <TableHeader>
          <TableRow>
            <TableHead>Month</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Opening balance</TableHead>
            <TableHead className="text-right">Closing balance</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={5}>You have no statements yet. Your first one is ready when your first month with Earlybird ends.</TableEmpty>
          ) : (
            list.rows.map((row) => (
              <TableRow key={row.month}>
                <TableCell label="Month" className="whitespace-nowrap font-medium">
                  {row.label}
                </TableCell>
                <TableCell label="Status">
                  <StatusBadge kind="statement" status={row.status} />
                </TableCell>
                <TableCell label="Opening balance" className="whitespace-nowrap text-right tabular-nums">
                  {row.openingBalance === null ? "—" : formatMoney(row.openingBalance, list.locale)}
                </TableCell>
                <TableCell label="Closing balance" className={cn("whitespace-nowrap text-right tabular-nums")}>
                  {row.closingBalance === null ? "—" : formatMoney(row.closingBalance, list.locale)}
                </TableCell>
                <TableCell label="Actions">
                  <Actions row={row} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager
        total={list.total}
        page={list.page}
        size={list.size}
        hrefFor={(n) => (n > 1 ? `/account/statements?page=${n}` : "/account/statements")}
        hidden={[]}
      />
    </section>
  );
}
