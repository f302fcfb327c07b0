import { ComingSoonAction, ComingSoonNote, CompanyCell, ContactEmailIcon, SortableHead, StatusCell } from "~/components/invoices/list-parts";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import type { ListQuery } from "~/modules/invoices/filters";
import type { Locale } from "~/modules/invoices/rules";

export interface BillTableRow {
  id: number;
  number: string;
  companyName: string;
  companyDisplay: { label: "Offers disabled" | "Member" | "Invited"; tone: "red" | "neutral" } | null;
  dueDate: string;
  amountDue: Cents;
  contactEmail: string | null;
  status: { label: string; reason: string | null; action: string | null; statusCode: string };
  cashback: Cents | null;
}

const COLUMNS = 8;

/**
 * Bills table (p2 §2): invoice number, supplier, payment date (sortable: the due date, filters.ts SORT_FIELDS),
 * amount due (sortable), status, cashback, contact email, action.
 */
export function BillsTable({ pathname, query, rows, locale }: { pathname: string; query: ListQuery; rows: BillTableRow[]; locale: Locale }) {
  return (
    <>
      <ComingSoonNote />
      <Table aria-label="Bills" className="min-w-[56rem]">
        <TableHeader>
          <TableRow>
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
            <TableEmpty colSpan={COLUMNS}>No items to show</TableEmpty>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap font-medium">{row.number}</TableCell>
                <TableCell>
                  <CompanyCell name={row.companyName} display={row.companyDisplay} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(row.dueDate)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(row.amountDue, locale)}</TableCell>
                <TableCell>
                  <StatusCell {...row.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{row.cashback === null ? "" : formatMoney(row.cashback, locale)}</TableCell>
                <TableCell>
                  <ContactEmailIcon email={row.contactEmail} />
                </TableCell>
                <TableCell className="text-right">
                  <ComingSoonAction action={row.status.action} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
