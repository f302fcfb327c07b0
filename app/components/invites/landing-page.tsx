/**
 * The landing offer page (p2 §2 Landing offer page): one invoice summary, or a list when there are several, with the
 * amount due (inc. GST) and the service fee (invoice) or cashback reward (bill); the headline, subtitle and button of
 * the spec, or the expired / no longer available text when the offer is gone. Public, full screen, no JavaScript needed.
 */
import { Link } from "@remix-run/react";
import { AlertCircle } from "~/components/ui/icons";
import { NotFoundPage } from "~/components/layout/error-pages";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { LandingPage } from "~/modules/invites/service.server";

export type LandingData = { landing: LandingPage; notFound: false } | { landing: null; notFound: true };

export function LandingOfferPage({ data }: { data: LandingData }) {
  if (data.notFound) return <NotFoundPage />;
  const page = data.landing;
  const [single] = page.items;
  return (
    <main className="flex min-h-screen items-start justify-center bg-gradient-to-b from-accent to-background px-4 py-10 sm:items-center">
      <div className="w-full max-w-2xl space-y-6">
        <p className="text-center text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
        <Card>
          <CardHeader className="space-y-2 text-center">
            {page.offerGone ? (
              <h1 className="text-2xl font-semibold tracking-tight">{page.goneText}</h1>
            ) : (
              <>
                <h1 className="text-3xl font-semibold tracking-tight">{page.headline}</h1>
                <p className="text-muted-foreground">{page.subtitle}</p>
              </>
            )}
          </CardHeader>
          <CardContent className="space-y-6">
            {page.offerGone ? (
              <p className="flex items-start justify-center gap-2 text-center text-sm text-muted-foreground">
                <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                Log in to Earlybird to see the offers open to you now.
              </p>
            ) : page.items.length === 1 ? (
              <section aria-label="Invoice summary" className="rounded-lg border bg-muted/30 p-4">
                <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                  <dt className="text-muted-foreground">Invoice number</dt>
                  <dd className="text-right font-medium">{single.invoiceNumber}</dd>
                  <dt className="text-muted-foreground">From</dt>
                  <dd className="text-right font-medium">{page.senderName}</dd>
                  <dt className="text-muted-foreground">Due date</dt>
                  <dd className="text-right font-medium">{formatDate(single.dueDate)}</dd>
                  <dt className="text-muted-foreground">Amount due (inc. GST)</dt>
                  <dd className="text-right text-base font-semibold">{single.amountDueText}</dd>
                  <dt className="text-muted-foreground">{page.figureLabel}</dt>
                  <dd className="text-right text-base font-semibold text-primary">{single.figureText}</dd>
                </dl>
              </section>
            ) : (
              <div className="overflow-x-auto">
                <Table aria-label="Invoices on offer">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Invoice number</TableHead>
                      <TableHead>Due date</TableHead>
                      <TableHead className="text-right">Amount due (inc. GST)</TableHead>
                      <TableHead className="text-right">{page.figureLabel}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {page.items.map((item) => (
                      <TableRow key={item.invoiceNumber}>
                        <TableCell label="Invoice number" className="font-medium">
                          {item.invoiceNumber}
                        </TableCell>
                        <TableCell label="Due date">{formatDate(item.dueDate)}</TableCell>
                        <TableCell label="Amount due (inc. GST)" className="text-right">
                          {item.amountDueText}
                        </TableCell>
                        <TableCell label={page.figureLabel} className="text-right">
                          {item.figureText}
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow className="font-semibold">
                      <TableCell colSpan={2}>Total</TableCell>
                      <TableCell label="Amount due (inc. GST)" className="text-right">
                        {formatMoney(page.total.amountDue, page.locale)}
                      </TableCell>
                      <TableCell label={page.figureLabel} className="text-right">
                        {formatMoney(page.total.figure, page.locale)}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </div>
            )}
            <div className="flex justify-center">
              <Link to={page.button.href} className={buttonVariants({ size: "lg" })}>
                {page.button.label}
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
