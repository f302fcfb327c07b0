import { Link } from "@remix-run/react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import type { Locale } from "~/modules/invoices/rules";
import { billStatusLabel, DetailList } from "./shared";

export interface BillDetailsData {
  id: number;
  invoiceNumber: string;
  orderNumber: string | null;
  supplierId: number;
  supplierName: string;
  issueDate: string | null;
  dueDate: string;
  total: Cents;
  creditApplied: Cents;
  totalPaid: Cents;
  discountedTotal: Cents;
  billStatus: string | null;
  paidDate: string | null;
  autoProcessed: boolean;
  items: { itemNumber: number; description: string | null; units: string | null; unitType: string | null; unitPrice: Cents | null; amount: Cents }[];
  creditNotes: { creditNoteId: number; creditNumber: string; supplierReference: string | null; issueDate: string | null; allocatedAmount: Cents }[];
}

export type BillDetailsTab = "details" | "credit";

/**
 * Bill Details (p2 §2 Modals) with its Credit Applied view: the credit notes allocated to the bill, each linking to
 * its Credit Note view on the supplier's page. Shared by /bills/details/:billId and /suppliers/:supplierId/bills/:billId.
 */
export function BillDetails({ bill, locale, tab }: { bill: BillDetailsData; locale: Locale; tab: BillDetailsTab }) {
  return (
    <div className="grid gap-4">
      <LinkTabs
        label="Bill views"
        param="view"
        value={tab}
        resetParams={[]}
        items={[
          { value: "details", label: "Details" },
          { value: "credit", label: `Credit Applied (${bill.creditNotes.length})` },
        ]}
      />
      {tab === "details" ? (
        <>
          <DetailList
            items={[
              { label: "Bill number", value: bill.invoiceNumber },
              { label: "Supplier", value: bill.supplierName },
              { label: "Issue date", value: formatDate(bill.issueDate) || "-" },
              { label: "Due date", value: formatDate(bill.dueDate) },
              { label: "Total", value: formatMoney(bill.total, locale) },
              { label: "Credit applied", value: formatMoney(bill.creditApplied, locale) },
              { label: "Amount due", value: formatMoney(bill.discountedTotal, locale) },
              { label: "Status", value: billStatusLabel(bill.billStatus, bill.paidDate) },
              ...(bill.orderNumber ? [{ label: "Order number", value: bill.orderNumber }] : []),
              ...(bill.paidDate ? [{ label: "Paid date", value: formatDate(bill.paidDate) }] : []),
              ...(bill.autoProcessed ? [{ label: "Processing", value: "Auto Processed" }] : []),
            ]}
          />
          {bill.items.length > 0 ? (
            <div className="overflow-x-auto rounded-md border">
              <Table aria-label="Items">
                <TableHeader>
                  <TableRow>
                    <TableHead>Description</TableHead>
                    <TableHead className="text-right">Units</TableHead>
                    <TableHead className="text-right">Unit price</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {bill.items.map((item) => (
                    <TableRow key={item.itemNumber}>
                      <TableCell label="Description">{item.description || "-"}</TableCell>
                      <TableCell label="Units" className="whitespace-nowrap text-right">
                        {item.units ?? "-"}
                        {item.unitType === "HOURS" ? " h" : ""}
                      </TableCell>
                      <TableCell label="Unit price" className="whitespace-nowrap text-right">
                        {item.unitPrice === null ? "-" : formatMoney(item.unitPrice, locale)}
                      </TableCell>
                      <TableCell label="Amount" className="whitespace-nowrap text-right">
                        {formatMoney(item.amount, locale)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No items on this bill.</p>
          )}
        </>
      ) : bill.creditNotes.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">No credit applied to this bill.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Credit Applied">
            <TableHeader>
              <TableRow>
                <TableHead>Credit note</TableHead>
                <TableHead>Issue date</TableHead>
                <TableHead>Supplier reference</TableHead>
                <TableHead className="text-right">Allocated</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {bill.creditNotes.map((note) => (
                <TableRow key={note.creditNoteId}>
                  <TableCell label="Credit note">
                    <Link
                      to={`/suppliers/${bill.supplierId}/credit-notes/${note.creditNoteId}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {note.creditNumber}
                    </Link>
                  </TableCell>
                  <TableCell label="Issue date" className="whitespace-nowrap">
                    {formatDate(note.issueDate) || "-"}
                  </TableCell>
                  <TableCell label="Supplier reference">{note.supplierReference || "-"}</TableCell>
                  <TableCell label="Allocated" className="whitespace-nowrap text-right">
                    {formatMoney(note.allocatedAmount, locale)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
