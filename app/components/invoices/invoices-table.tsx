import { Link, useLocation } from "@remix-run/react";
import { Table, TableBody, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { buttonVariants } from "~/components/ui/button";
import type { Cents } from "~/lib/money";
import type { ListQuery } from "~/modules/invoices/filters";
import type { Locale } from "~/modules/invoices/rules";
import { GetPaidLink } from "~/components/offers/get-paid-link";
import { ListRow, NoAction, SortableHead, type ListTableRow } from "./list-parts";
import { ContactEmailLink, RowCheckbox, SelectAllCheckbox, SelectionBar, useRowSelection } from "./selection";

export interface InvoiceTableRow extends ListTableRow {
  maxFee: Cents | null;
}

const CONNECT_LINK = "/settings?tab=connected-apps";

/** Request Payment and Edit open the prompt payment dialog (/invoices/request-payment/:id) over the list. */
function InvoiceAction({ row, query }: { row: InvoiceTableRow; query: ListQuery }) {
  const { search } = useLocation();
  const action = row.status.action;
  if (action === "Get Paid") return <GetPaidLink id={row.id} number={row.number} query={query} />;
  if (action === "Request Payment" || action === "Edit") {
    return (
      <Link
        to={`/invoices/request-payment/${row.id}${search}`}
        preventScrollReset
        className={buttonVariants({ size: "sm", variant: "outline" })}
        aria-label={`${action} ${row.number}`}
      >
        {action}
      </Link>
    );
  }
  // Paid and Expired invoices have nothing to do (p2 §4).
  return <NoAction />;
}

/**
 * Invoices table (p2 §2): [selection], invoice number, customer, due date, amount due, status, max fee, contact email,
 * action. Selection and bulk Delete are hidden on the Payment Received tab (bulk Invite is a later issue).
 */
export function InvoicesTable({
  pathname,
  query,
  rows,
  locale,
  hasAnyRecords,
}: {
  pathname: string;
  query: ListQuery;
  rows: InvoiceTableRow[];
  locale: Locale;
  hasAnyRecords: boolean;
}) {
  const selectable = query.status !== "PAYMENT_RECEIVED";
  const { selected, toggle, toggleAll, allSelected, someSelected } = useRowSelection(rows.map((row) => row.id));
  const columns = selectable ? 9 : 8;
  return (
    <>
      {selectable ? <SelectionBar kind="INVOICE" query={query} selectedCount={selected.size} includeAllowed={false} /> : null}
      <Table aria-label="Invoices">
        <TableHeader>
          <TableRow>
            {selectable ? (
              <TableHead className="w-10 pr-0">
                <SelectAllCheckbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />
              </TableHead>
            ) : null}
            <SortableHead pathname={pathname} query={query} field="invoiceNumber">
              Invoice number
            </SortableHead>
            <SortableHead pathname={pathname} query={query} field="issuedForCompanyName">
              Customer
            </SortableHead>
            <SortableHead pathname={pathname} query={query} field="dueDate">
              Due date
            </SortableHead>
            <SortableHead pathname={pathname} query={query} field="discountedTotal" className="text-right">
              Amount due
            </SortableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Max fee</TableHead>
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
            <TableEmpty colSpan={columns}>
              {hasAnyRecords ? (
                "No items to show"
              ) : (
                <div className="space-y-3">
                  <p>No items to show. Connect your accounting system to load your invoices.</p>
                  <div className="flex flex-wrap justify-center gap-2">
                    <Link to={CONNECT_LINK} className={buttonVariants({ variant: "outline", size: "sm" })}>
                      Connect Xero
                    </Link>
                    <Link to={CONNECT_LINK} className={buttonVariants({ variant: "outline", size: "sm" })}>
                      Connect MYOB Essentials
                    </Link>
                    <Link to={CONNECT_LINK} className={buttonVariants({ variant: "outline", size: "sm" })}>
                      Connect MYOB AccountRight
                    </Link>
                  </div>
                </div>
              )}
            </TableEmpty>
          ) : (
            rows.map((row) => (
              <ListRow
                key={row.id}
                row={row}
                labels={{ company: "Customer", date: "Due date", extraAmount: "Max fee" }}
                extraAmount={row.maxFee}
                locale={locale}
                select={
                  selectable ? (
                    <RowCheckbox id={row.id} label={`Select ${row.number}`} checked={selected.has(row.id)} onChange={(on) => toggle(row.id, on)} />
                  ) : undefined
                }
                contact={<ContactEmailLink kind="INVOICE" id={row.id} number={row.number} email={row.contactEmail} />}
                action={<InvoiceAction row={row} query={query} />}
              />
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
