/**
 * The account's transactions (p1 §2 Account screen, §3 Transaction; D4): pending rows first, then settled ones, each
 * with the balance just after it (the reference shows in Details, where the particulars do not already name it); the pagination bar only above 10 rows; "You have no transactions yet" when empty.
 * Export (transactions.csv) is a plain download link, shown when the exportTransactions flag is on.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Download, FileText } from "~/components/ui/icons";
import { Pager } from "~/components/invoices/pager";
import { buttonVariants } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { ACCOUNT_MESSAGES, counterpartyText, TRANSACTION_CLASS_LABELS, type AccountTransaction } from "~/modules/ledger/account.rules";
import { serializeTransactionListQuery } from "~/modules/ledger/account.schema";
import { StatusBadge } from "~/components/ui/status-badge";

/** The export's URL (app/routes/resources.transactions[.]csv.tsx). */
export const TRANSACTIONS_EXPORT_HREF = "/resources/transactions.csv";

/** Tighter cells below the lg breakpoint, so the six columns fit an 800 px window without scrolling. */
const CELL = "px-2";

const localDates = new Map<string, Intl.DateTimeFormat>();

/** "05 Nov 2026": the day in the company's time zone (D1), the same on the server and in the browser. */
function localDate(iso: string, timeZone: string): string {
  let formatter = localDates.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    localDates.set(timeZone, formatter);
  }
  return formatDate(formatter.format(new Date(iso)));
}

/** The second line of Details: the reference unless the particulars say it, and the particulars unless they repeat a party. */
function DetailsLine({ row }: { row: AccountTransaction }) {
  const particulars = row.particulars && row.particulars !== row.from && row.particulars !== row.to ? row.particulars : null;
  const reference = row.reference && !(particulars ?? "").includes(row.reference) ? row.reference : null;
  if (!particulars && !reference) return null;
  return (
    <p className="truncate text-xs text-muted-foreground" title={[reference ? `Ref ${reference}` : null, particulars].filter(Boolean).join(" · ")}>
      {reference ? <span className="font-medium text-foreground/80">Ref {reference}</span> : null}
      {reference && particulars ? " · " : null}
      {particulars}
    </p>
  );
}

function listHref(path: string, page: number, size: number): string {
  const search = serializeTransactionListQuery({ page, size });
  return search ? `${path}?${search}` : path;
}

export function TransactionsSection({
  rows,
  total,
  page,
  size,
  locale,
  timeZone,
  exportEnabled,
  path = "/account",
  exportHref = TRANSACTIONS_EXPORT_HREF,
  statementsHref = "/account/statements",
  actions,
}: {
  rows: AccountTransaction[];
  total: number;
  page: number;
  size: number;
  locale: "en-NZ" | "en-AU";
  timeZone: string;
  exportEnabled: boolean;
  /** The list's own URL (the admin's company Transactions tab reuses this table, p3 §2.4). */
  path?: string;
  exportHref?: string;
  /** null: no Statements link. */
  statementsHref?: string | null;
  /** More buttons beside Export. */
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby="transactions-heading" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transactions-heading" className="text-lg font-semibold">
          Transactions
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {statementsHref ? (
            <Link to={statementsHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <FileText aria-hidden className="size-4" />
              Statements
            </Link>
          ) : null}
          {exportEnabled ? (
            <a href={exportHref} download="transactions.csv" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Download aria-hidden className="size-4" />
              Export
            </a>
          ) : null}
        </div>
      </div>
      <Table aria-label="Transactions">
        <TableHeader>
          <TableRow>
            <TableHead className={CELL}>Date</TableHead>
            <TableHead className={CELL}>Type</TableHead>
            <TableHead className={CELL}>Details</TableHead>
            <TableHead className={CELL}>Status</TableHead>
            <TableHead className={cn(CELL, "text-right")}>Amount</TableHead>
            <TableHead className={cn(CELL, "text-right")}>Balance</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmpty colSpan={6}>{ACCOUNT_MESSAGES.noTransactions}</TableEmpty>
          ) : (
            rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell label="Date" className={cn(CELL, "whitespace-nowrap")}>
                  {localDate(row.occurredAt, timeZone)}
                </TableCell>
                <TableCell label="Type" className={CELL}>
                  {TRANSACTION_CLASS_LABELS[row.transactionClass]}
                </TableCell>
                <TableCell label="Details" className={cn(CELL, "max-w-[11rem] xl:max-w-[20rem]")}>
                  <p className="truncate font-medium">{counterpartyText(row) ?? "—"}</p>
                  <DetailsLine row={row} />
                </TableCell>
                <TableCell label="Status" className={CELL}>
                  <StatusBadge kind="transaction" status={row.status} />
                </TableCell>
                <TableCell label="Amount" className={cn(CELL, "whitespace-nowrap text-right tabular-nums", row.amount > 0 && "text-success")}>
                  {row.amount > 0 ? "+" : ""}
                  {formatMoney(row.amount, locale)}
                </TableCell>
                <TableCell label="Balance" className={cn(CELL, "whitespace-nowrap text-right tabular-nums")}>
                  {row.balanceAfter === null ? (
                    <span title="No money has moved yet">
                      <span aria-hidden>—</span>
                      <span className="sr-only">Not yet</span>
                    </span>
                  ) : (
                    formatMoney(row.balanceAfter, locale)
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager total={total} page={page} size={size} hrefFor={(n) => listHref(path, n, size)} hidden={[]} />
    </section>
  );
}
