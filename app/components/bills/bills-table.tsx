import { formatMoney } from "~/lib/money";
import { InviteRowAction, NotifyRowAction } from "~/components/invites/row-actions";
import { ListRow, NoAction, SortableHead, type ListTableRow } from "~/components/invoices/list-parts";
import {
  ContactEmailLink,
  IncludeRowAction,
  InviteNeedsEmailAction,
  RowCheckbox,
  SelectAllCheckbox,
  SelectionBar,
  ViewBillAction,
  isValidEmail,
  useRowSelection,
  useSelectedRows,
} from "~/components/invoices/selection";
import { Link, useLocation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Table, TableBody, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { Cents } from "~/lib/money";
import type { ListQuery } from "~/modules/invoices/filters";
import type { Locale } from "~/modules/invoices/rules";

export interface BillTableRow extends ListTableRow {
  cashback: Cents | null;
  /** The purchaser's counterparty setting enables offers for this bill's supplier. */
  offersEnabled: boolean;
  /** Authorised from a supplier's document without a person (D6): "Auto Processed". */
  autoProcessed: boolean;
  /** Authorised from a bill document: 'View document' opens it (/bills/r/{invoiceId}). */
  fromDocument?: boolean;
}

/** The link from a bill to the document it was authorised from (p3 §2.2: /bills/r/{id} takes the bill's id). */
export function ViewDocumentLink({ id, number }: { id: number; number: string }) {
  return (
    <Link to={`/bills/r/${id}`} className="text-xs font-normal text-primary underline-offset-4 hover:underline" aria-label={`View document of ${number}`}>
      View document
    </Link>
  );
}

/** The mark of a bill the document processing authorised by itself (issue 16, D6). */
export function AutoProcessedBadge() {
  return (
    <Badge variant="secondary" className="font-normal">
      Auto Processed
    </Badge>
  );
}

/**
 * Pay Now and Cancel (a Topup Pending supplier offer) open the Pay Now dialog over the list: /bills, or the page
 * given as `base` (the supplier bills page, /suppliers/{id}, which has the same dialog as a child route).
 */
export function PayNowAction({ row, action, base = "/bills" }: { row: { id: number; number: string }; action: "Pay Now" | "Cancel"; base?: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={`${base}/pay-now/${row.id}${search}`}
      preventScrollReset
      className={buttonVariants({ size: "sm", variant: action === "Pay Now" ? "default" : "outline" })}
      aria-label={`${action} ${row.number}`}
    >
      {action}
    </Link>
  );
}

/** The row action: Include/Exclude post, View opens the bill details, Invite without a contact email edits it. */
function BillAction({ row }: { row: BillTableRow }) {
  switch (row.status.action) {
    case "Pay Now":
    case "Cancel":
      return <PayNowAction row={row} action={row.status.action} />;
    case "Include":
      return <IncludeRowAction id={row.id} number={row.number} intent="include" />;
    case "Exclude":
      return <IncludeRowAction id={row.id} number={row.number} intent="exclude" />;
    case "View":
      return <ViewBillAction id={row.id} number={row.number} />;
    case "Invite":
      if (!isValidEmail(row.contactEmail)) return <InviteNeedsEmailAction kind="BILL" id={row.id} number={row.number} />;
      return <InviteRowAction kind="BILL" id={row.id} number={row.number} />;
    case "Notify":
      return <NotifyRowAction id={row.id} number={row.number} />;
    default:
      // p2 §4 rule 1: "Not Eligible", no action.
      return <NoAction />;
  }
}

/**
 * Bills table (p2 §2): [selection], invoice number, supplier, payment date (sortable: the due date, filters.ts
 * SORT_FIELDS), amount due (sortable), status, cashback, contact email, action. Selection and bulk actions are hidden
 * on the Cashback Received tab (status PAID).
 */
export function BillsTable({ pathname, query, rows, locale }: { pathname: string; query: ListQuery; rows: BillTableRow[]; locale: Locale }) {
  const selectable = query.status !== "PAID";
  const { selected, toggle, toggleAll, allSelected, someSelected } = useRowSelection(rows.map((row) => row.id));
  const selectedRows = useSelectedRows(rows, selected);
  const columns = selectable ? 9 : 8;
  return (
    <>
      {selectable ? (
        <SelectionBar kind="BILL" query={query} selectedCount={selected.size} includeAllowed={selectedRows.every((row) => row.offersEnabled)} />
      ) : null}
      <Table aria-label="Bills">
        <TableHeader>
          <TableRow>
            {selectable ? (
              <TableHead className="w-10 pr-0">
                <SelectAllCheckbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />
              </TableHead>
            ) : null}
            <TableHead>Invoice number</TableHead>
            <TableHead>Supplier</TableHead>
            <SortableHead pathname={pathname} query={query} field="dueDate">
              Payment date
            </SortableHead>
            <SortableHead pathname={pathname} query={query} field="discountedTotal" className="text-right">
              Amount due
            </SortableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Cashback</TableHead>
            <TableHead>
              <span className="sr-only">Contact email</span>
            </TableHead>
            <TableHead>
              <span className="sr-only">Action</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmpty colSpan={columns}>No items to show</TableEmpty>
          ) : (
            rows.map((row) => (
              <ListRow
                key={row.id}
                row={row}
                labels={{ company: "Supplier", date: "Payment date", extraAmount: "Cashback" }}
                extraAmount={row.cashback}
                extraText={row.status.display === "CASHBACK_AVAILABLE" && row.cashback !== null ? `SAVE ${formatMoney(row.cashback, locale)}` : undefined}
                locale={locale}
                marker={
                  row.autoProcessed || row.fromDocument ? (
                    <>
                      {row.autoProcessed ? <AutoProcessedBadge /> : null}
                      {row.fromDocument ? <ViewDocumentLink id={row.id} number={row.number} /> : null}
                    </>
                  ) : undefined
                }
                select={
                  selectable ? (
                    <RowCheckbox id={row.id} label={`Select ${row.number}`} checked={selected.has(row.id)} onChange={(on) => toggle(row.id, on)} />
                  ) : undefined
                }
                contact={<ContactEmailLink kind="BILL" id={row.id} number={row.number} email={row.contactEmail} />}
                action={<BillAction row={row} />}
              />
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
