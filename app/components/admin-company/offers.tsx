/**
 * The admin's offers (p3 §2.3 /live-offers, §2.4 Offers tab; docs/decisions/062): a company's live purchaser offer, its
 * open supplier offers and its invoices; and every live purchaser offer. Amounts from the server in cents.
 */
import { Link } from "@remix-run/react";
import { OFFER_STATUS_LABELS } from "~/components/bills/offer-cards";
import { Pager } from "~/components/invoices/pager";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { listPageHref } from "~/lib/list-page";
import { formatMoney, type Cents } from "~/lib/money";
import type { AdminInvoiceRow, AdminPurchaserOffer, AdminSupplierOffer, LiveOfferRow } from "~/modules/offers/admin-offers.server";
import { titleCase } from "./company-page";

type Locale = "en-NZ" | "en-AU";

/** p3 §8 titled load errors. */
export const ERROR_FETCHING_OFFERS = "Error fetching offers";
export const ERROR_FETCHING_INVOICES = "Error fetching invoices";

const offerStatusLabel = (status: string) => OFFER_STATUS_LABELS[status as keyof typeof OFFER_STATUS_LABELS] ?? titleCase(status);

function OfferStatus({ status }: { status: string }) {
  return <Badge variant={status === "ACTIVE" ? "success" : status === "TOPUP_PENDING" ? "warning" : "info"}>{offerStatusLabel(status)}</Badge>;
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

export function SupplierOffersTable({ offers, locale }: { offers: AdminSupplierOffer[]; locale: Locale }) {
  return (
    <section aria-labelledby="supplier-offers-heading" className="min-w-0 space-y-3">
      <h2 id="supplier-offers-heading" className="text-lg font-semibold">
        Supplier offers
      </h2>
      <Table aria-label="Supplier offers">
        <TableHeader>
          <TableRow>
            <TableHead>Invoices</TableHead>
            <TableHead>Purchaser</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {offers.length === 0 ? (
            <TableEmpty colSpan={5}>No supplier offers</TableEmpty>
          ) : (
            offers.map((offer) => (
              <TableRow key={offer.id}>
                <TableCell data-label="Invoices">{offer.invoiceNumbers.join(", ") || "-"}</TableCell>
                <TableCell data-label="Purchaser">{offer.purchaserName ?? "-"}</TableCell>
                <TableCell data-label="Expires" className="whitespace-nowrap">
                  {formatDate(offer.expirationDate)}
                </TableCell>
                <TableCell data-label="Status">
                  <OfferStatus status={offer.offerStatus} />
                </TableCell>
                <TableCell data-label="Amount" className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(offer.cashReward, locale)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </section>
  );
}

export function CompanyInvoicesTable({
  rows,
  total,
  page,
  size,
  locale,
  path,
  defaultSize,
}: {
  rows: AdminInvoiceRow[];
  total: number;
  page: number;
  size: number;
  locale: Locale;
  path: string;
  defaultSize: number;
}) {
  return (
    <section aria-labelledby="invoices-heading" className="min-w-0 space-y-3">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        Invoices
      </h2>
      <Table aria-label="Invoices">
        <TableHeader>
          <TableRow>
            <TableHead>Type</TableHead>
            <TableHead>Number</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Due date</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmpty colSpan={6}>No invoices</TableEmpty>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell data-label="Type">{row.type === "INVOICE" ? "Invoice" : "Bill"}</TableCell>
                <TableCell data-label="Number" className="break-all">
                  {row.invoiceNumber}
                </TableCell>
                <TableCell data-label="Company">{row.counterpartyName}</TableCell>
                <TableCell data-label="Due date" className="whitespace-nowrap">
                  {formatDate(row.dueDate)}
                </TableCell>
                <TableCell data-label="Status">
                  {row.status ? <Badge variant="secondary">{titleCase(row.status)}</Badge> : <span className="text-muted-foreground">-</span>}
                  {row.includedInPurchaserOffer ? <span className="ml-1 text-xs text-muted-foreground">In offer</span> : null}
                </TableCell>
                <TableCell data-label="Total" className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(row.total, locale)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager total={total} page={page} size={size} hrefFor={(n) => listPageHref(path, n, size, defaultSize)} hidden={[]} />
    </section>
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

export function LiveOffersTable({ rows }: { rows: LiveOfferRow[] }) {
  return (
    <Table aria-label="Live offers">
      <TableHeader>
        <TableRow>
          <TableHead>Company</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Cash pool</TableHead>
          <TableHead className="text-right">Rate</TableHead>
          <TableHead className="text-right">Eligible bills</TableHead>
          <TableHead className="text-right">Pending executions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableEmpty colSpan={6}>No live offers</TableEmpty>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell data-label="Company">
                <Link to={`/companies/${row.companyId}/offers`} className="font-medium text-primary hover:underline">
                  {row.companyName}
                </Link>
              </TableCell>
              <TableCell data-label="Status">
                <OfferStatus status={row.offerStatus} />
              </TableCell>
              <TableCell data-label="Cash pool" className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(row.cashpool, row.locale)}
              </TableCell>
              <TableCell data-label="Rate" className="whitespace-nowrap text-right tabular-nums">
                {row.crr}%
              </TableCell>
              <TableCell data-label="Eligible bills" className="whitespace-nowrap text-right tabular-nums">
                {eligibleText(row, row.locale)}
              </TableCell>
              <TableCell data-label="Pending executions" className="whitespace-nowrap text-right tabular-nums">
                {pendingText(row, row.locale)}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
