import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { ArrowLeft, Download } from "~/components/ui/icons";
import { useEffect } from "react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { STATUS_LABELS, statementCsvHref, statementPdfHref } from "~/components/statements/statements-table";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireCompanyUser } from "~/web/auth.server";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { getStatementDetails, parseStatementRef } from "~/modules/statements/service.server";
import { handleError, notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = {
  title: "Statement",
  breadcrumb: [
    { label: "Account", to: "/account" },
    { label: "Statements", to: "/account/statements" },
  ],
  titleFromData: (data) =>
    (data as { details?: { label?: string } } | undefined)?.details?.label
      ? `Statement: ${(data as { details: { label: string } }).details.label}`
      : "Statement",
};

export const meta: MetaFunction<typeof loader> = (args) => [
  ...titleMeta(args as never),
  ...(args.data?.details.status === "PENDING" ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

/** /account/statements/{id}?startAt&endAt (p2 §7 GET /statement/{id}/details: lines after startAt up to endAt, 25 a page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const search = new URL(request.url).searchParams;
  const number = (name: string) => (search.has(name) ? Number(search.get(name)) : undefined);
  const ref = parseStatementRef(params.statementId);
  if (ref === null) throw notFoundResponse();
  try {
    return json({ details: await getStatementDetails(actor, ref, { startAt: number("startAt"), endAt: number("endAt") }) });
  } catch (error) {
    throw await handleError(error);
  }
}

const localDates = new Map<string, Intl.DateTimeFormat>();
function localDate(iso: string, timeZone: string): string {
  let formatter = localDates.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    localDates.set(timeZone, formatter);
  }
  return formatDate(formatter.format(new Date(iso)));
}

function Figure({ label, value, locale, strong }: { label: string; value: Cents | null; locale: "en-NZ" | "en-AU"; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("tabular-nums", strong ? "text-lg font-semibold" : "font-medium")}>{value === null ? "—" : formatMoney(value, locale)}</dd>
    </div>
  );
}

export default function StatementPage() {
  const { details } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const pending = details.status === "PENDING";
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => window.clearInterval(timer);
  }, [pending, revalidator]);
  const size = details.endAt - details.startAt;
  const previous = details.startAt > 0 ? `?startAt=${Math.max(0, details.startAt - size)}&endAt=${details.startAt}` : null;
  const next = details.endAt < details.totalLines ? `?startAt=${details.endAt}&endAt=${details.endAt + size}` : null;
  const ready = details.status === "GENERATED";
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">
          {details.label} <span className="text-sm font-normal text-muted-foreground">({details.currency})</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/account/statements" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <ArrowLeft aria-hidden className="size-4" />
            All statements
          </Link>
          {ready ? (
            <>
              <a href={statementCsvHref(details.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Download aria-hidden className="size-4" />
                Download CSV
              </a>
              <a href={statementPdfHref(details.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Download aria-hidden className="size-4" />
                Download PDF
              </a>
            </>
          ) : null}
        </div>
      </div>
      {details.live ? (
        <p role="note" className="text-sm text-muted-foreground">
          This month is not over yet: these are the figures so far. Its statement is ready when the month ends.
        </p>
      ) : null}
      {ready ? (
        <Card>
          <CardContent className="pt-6">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              <Figure label="Opening balance" value={details.openingBalance} locale={details.locale} />
              <Figure label="Money in" value={details.totals.moneyIn} locale={details.locale} />
              <Figure label="Money out" value={details.totals.moneyOut} locale={details.locale} />
              <Figure label="Service fees" value={details.totals.fees} locale={details.locale} />
              <Figure label="Cashback earned" value={details.totals.cashback} locale={details.locale} />
              <Figure label="Closing balance" value={details.closingBalance} locale={details.locale} strong />
            </dl>
          </CardContent>
        </Card>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {STATUS_LABELS[details.status]}:{" "}
          {pending ? "this statement is being generated. The page updates when it is ready." : "generate it again from the statements list."}
        </p>
      )}
      {ready ? (
        <>
          <Table aria-label="Statement lines" className="min-w-[44rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Details</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Fee / cashback</TableHead>
                <TableHead className="text-right">Balance</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {details.lines.length === 0 ? (
                <TableEmpty colSpan={6}>No transactions in this month</TableEmpty>
              ) : (
                details.lines.map((line) => (
                  <TableRow key={line.lineNumber}>
                    <TableCell label="Date" className="whitespace-nowrap">
                      {localDate(line.occurredAt, details.timeZone)}
                    </TableCell>
                    <TableCell label="Type" className="whitespace-nowrap">
                      {line.recordLabel}
                    </TableCell>
                    <TableCell label="Details" className="max-w-[16rem] lg:max-w-[24rem]">
                      <p className="truncate font-medium">{line.description ?? line.counterpartyName ?? "—"}</p>
                      {line.reference ? <p className="truncate text-xs text-muted-foreground">Ref {line.reference}</p> : null}
                      {line.split ? <p className="text-xs text-muted-foreground">{line.split}</p> : null}
                    </TableCell>
                    <TableCell label="Amount" className={cn("whitespace-nowrap text-right tabular-nums", line.amount > 0 && "text-success")}>
                      {line.amount > 0 ? "+" : ""}
                      {formatMoney(line.amount, details.locale)}
                    </TableCell>
                    <TableCell label="Fee / cashback" className="whitespace-nowrap text-right tabular-nums text-muted-foreground">
                      {[
                        line.fee !== null ? `Fee ${formatMoney(line.fee, details.locale)}` : null,
                        line.cashback !== null ? `Cashback ${formatMoney(line.cashback, details.locale)}` : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </TableCell>
                    <TableCell label="Balance" className="whitespace-nowrap text-right tabular-nums">
                      {line.balance === null ? "—" : formatMoney(line.balance, details.locale)}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {details.totalLines > size ? (
            <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <p>
                {details.lines.length ? `${details.startAt + 1}-${details.startAt + details.lines.length}` : 0} of {details.totalLines}
              </p>
              <div className="flex gap-2">
                {previous ? (
                  <Link to={previous} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    Previous
                  </Link>
                ) : null}
                {next ? (
                  <Link to={next} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    Next
                  </Link>
                ) : null}
              </div>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
