import { ComingSoonNote, ListRow, SortableHead, type ListTableRow } from "~/components/invoices/list-parts";
import { Table, TableBody, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { Cents } from "~/lib/money";
import type { ListQuery } from "~/modules/invoices/filters";
import type { Locale } from "~/modules/invoices/rules";

export interface BillTableRow extends ListTableRow {
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
            rows.map((row) => <ListRow key={row.id} row={row} extraAmount={row.cashback} locale={locale} />)
          )}
        </TableBody>
      </Table>
    </>
  );
}
