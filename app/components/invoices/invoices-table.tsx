import { Link } from "@remix-run/react";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import type { ListQuery } from "~/modules/invoices/filters";
import type { Locale } from "~/modules/invoices/rules";
import { ComingSoonAction, ComingSoonNote, CompanyCell, ContactEmailIcon, SortableHead, StatusCell } from "./list-parts";

export interface InvoiceTableRow {
  id: number;
  number: string;
  companyName: string;
  companyDisplay: { label: "Offers disabled" | "Member" | "Invited"; tone: "red" | "neutral" } | null;
  dueDate: string;
  amountDue: Cents;
  contactEmail: string | null;
  status: { label: string; reason: string | null; action: string | null; statusCode: string };
  maxFee: Cents | null;
}

const COLUMNS = 8;
const CONNECT_LINK = "/settings?tab=connected-apps";

/** Invoices table (p2 §2): invoice number, customer, due date, amount due, status, max fee, contact email, action. */
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
  return (
    <>
      <ComingSoonNote />
      <Table aria-label="Invoices" className="min-w-[56rem]">
        <TableHeader>
          <TableRow>
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
            <TableEmpty colSpan={COLUMNS}>
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
                <TableCell className="whitespace-nowrap text-right tabular-nums">{row.maxFee === null ? "" : formatMoney(row.maxFee, locale)}</TableCell>
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
