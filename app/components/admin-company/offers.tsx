/**
 * The admin's offers (p3 §2.3 /live-offers, §2.4 Offers tab; docs/decisions/062): a company's live purchaser offer, its
 * open supplier offers and its invoices; and every live purchaser offer. Amounts from the server in cents.
 */
import { Link } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { StatusBadge } from "~/components/ui/status-badge";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import type { AdminInvoiceRow, AdminPurchaserOffer, AdminSupplierOffer, LiveOfferRow } from "~/modules/offers/admin-offers.server";
import { AdminTable, AdminTableSection, type SectionPaging } from "./section-table";

type Locale = "en-NZ" | "en-AU";

/** p3 §8 titled load errors. */
export const ERROR_FETCHING_OFFERS = "Error fetching offers";
export const ERROR_FETCHING_INVOICES = "Error fetching invoices";

function OfferStatus({ status }: { status: string }) {
  return <StatusBadge kind="offer" status={status} />;
}

function eligibleText(offer: AdminPurchaserOffer, locale: Locale): string {
  if (offer.eligibleCount === null) return "Not checked yet";
  return `${offer.eligibleCount} (${formatMoney(offer.eligibleTotal ?? (0 as Cents), locale)})`;
}

function pendingText(offer: AdminPurchaserOffer, locale: Locale): string {
  if (offer.pendingExecutions === 0) return "None";
  return offer.pendingAmount > 0 ? `${offer.pendingExecutions} (${formatMoney(offer.pendingAmount, locale)})` : String(offer.pendingExecutions);
}

export function PurchaserOfferCard({ offer, locale }: { offer: AdminPurchaserOffer | null; locale: Locale }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Purchaser offer</CardTitle>
      </CardHeader>
      <CardContent>
        {offer ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <OfferStatus status={offer.offerStatus} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Cash pool</dt>
              <dd className="font-medium tabular-nums">
                {formatMoney(offer.cashpool, locale)}
                {offer.pendingCashpool > 0 ? <span className="text-muted-foreground"> + {formatMoney(offer.pendingCashpool, locale)} awaiting topup</span> : null}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Rate</dt>
              <dd className="font-medium tabular-nums">{offer.crr}% p.a.</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Eligible bills</dt>
              <dd className="tabular-nums">{eligibleText(offer, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Pending executions</dt>
              <dd className="tabular-nums">{pendingText(offer, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDate(offer.createdAt.slice(0, 10))}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">No live purchaser offer</p>
        )}
      </CardContent>
    </Card>
  );
}

const SUPPLIER_OFFER_COLUMNS = [{ label: "Invoices" }, { label: "Purchaser" }, { label: "Expires" }, { label: "Status" }, { label: "Amount", numeric: true }];

export function SupplierOffersTable({ offers, locale }: { offers: AdminSupplierOffer[]; locale: Locale }) {
  return (
    <AdminTableSection id="supplier-offers" title="Supplier offers" columns={SUPPLIER_OFFER_COLUMNS} empty="No supplier offers" rowCount={offers.length}>
      {offers.map((offer) => (
        <TableRow key={offer.id}>
          <TableCell label="Invoices">{offer.invoiceNumbers.join(", ") || "-"}</TableCell>
          <TableCell label="Purchaser">{offer.purchaserName ?? "-"}</TableCell>
          <TableCell label="Expires" className="whitespace-nowrap">
            {formatDate(offer.expirationDate)}
          </TableCell>
          <TableCell label="Status">
            <OfferStatus status={offer.offerStatus} />
          </TableCell>
          <TableCell label="Amount" className="whitespace-nowrap text-right tabular-nums">
            {formatMoney(offer.cashReward, locale)}
          </TableCell>
        </TableRow>
      ))}
    </AdminTableSection>
  );
}

const INVOICE_COLUMNS = [{ label: "Type" }, { label: "Number" }, { label: "Company" }, { label: "Due date" }, { label: "Status" }, { label: "Total", numeric: true }];

export function CompanyInvoicesTable({ rows, locale, ...paging }: { rows: AdminInvoiceRow[]; locale: Locale } & SectionPaging) {
  return (
    <AdminTableSection id="invoices" title="Invoices" columns={INVOICE_COLUMNS} empty="No invoices" rowCount={rows.length} paging={paging}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell label="Type">{row.type === "INVOICE" ? "Invoice" : "Bill"}</TableCell>
          <TableCell label="Number" className="break-all">
            {row.invoiceNumber}
          </TableCell>
          <TableCell label="Company">{row.counterpartyName}</TableCell>
          <TableCell label="Due date" className="whitespace-nowrap">
            {formatDate(row.dueDate)}
          </TableCell>
          <TableCell label="Status">
            {/* A bill with no stored status yet is open, as its own pages say (credit-notes/shared billStatusLabel). */}
            <StatusBadge kind={row.type === "INVOICE" ? "invoice" : "bill"} status={row.status ?? (row.type === "INVOICE" ? "ALL_ELIGIBLE" : "OPEN")} />
            {row.includedInPurchaserOffer ? <span className="ml-1 text-xs text-muted-foreground">In offer</span> : null}
          </TableCell>
          <TableCell label="Total" className="whitespace-nowrap text-right tabular-nums">
            {formatMoney(row.total, locale)}
          </TableCell>
        </TableRow>
      ))}
    </AdminTableSection>
  );
}

/** A titled load error (p3 §8 'Error fetching offers', 'Error fetching invoices'). */
export function LoadError({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <p className="font-medium">{message}</p>
      <p>Please reload the page. If it happens again, contact Earlybird support.</p>
    </Alert>
  );
}

const LIVE_OFFER_COLUMNS = [
  { label: "Company" },
  { label: "Status" },
  { label: "Cash pool", numeric: true },
  { label: "Rate", numeric: true },
  { label: "Eligible bills", numeric: true },
  { label: "Pending executions", numeric: true },
];

export function LiveOffersTable({ rows }: { rows: LiveOfferRow[] }) {
  return (
    <AdminTable label="Live offers" columns={LIVE_OFFER_COLUMNS} empty="No live offers" rowCount={rows.length}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell label="Company">
            <Link to={`/companies/${row.companyId}/offers`} className="font-medium text-primary hover:underline">
              {row.companyName}
            </Link>
          </TableCell>
          <TableCell label="Status">
            <OfferStatus status={row.offerStatus} />
          </TableCell>
          <TableCell label="Cash pool" className="whitespace-nowrap text-right tabular-nums">
            {formatMoney(row.cashpool, row.locale)}
          </TableCell>
          <TableCell label="Rate" className="whitespace-nowrap text-right tabular-nums">
            {row.crr}%
          </TableCell>
          <TableCell label="Eligible bills" className="whitespace-nowrap text-right tabular-nums">
            {eligibleText(row, row.locale)}
          </TableCell>
          <TableCell label="Pending executions" className="whitespace-nowrap text-right tabular-nums">
            {pendingText(row, row.locale)}
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
