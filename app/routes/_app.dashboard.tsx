import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AutoProcessedChart } from "~/components/dashboard/auto-processed-chart";
import { UploadBills } from "~/components/documents/upload-bills";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { dashboardData, type AutoProcessedSummary } from "~/modules/dashboard/service.server";
import { automaticPercent } from "~/modules/dashboard/rules";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { uploadBillsPageAction } from "~/web/documents/review-list.server";
import { notFoundResponse } from "~/web/http.server";

export const handle: PageHandle = { title: "Dashboard" };
export const meta = titleMeta;

/** The dashboard (spec part 3 §2.2; issue 17 part 6; decision 046): shown when the dashboard and document processing are both on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.dashboardEnabled || !flags.documentProcessingEnabled) throw notFoundResponse();
  const data = await dashboardData(actor);
  return json({ ...data, locale: data.currency === "AUD" ? ("en-AU" as const) : ("en-NZ" as const) });
}

/** The Upload bills control (issue 16) posts here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const flags = await getFeatureFlags();
  if (!flags.dashboardEnabled) throw notFoundResponse();
  return uploadBillsPageAction(request, context.requestId);
}

function AutoProcessedTile({ title, summary }: { title: string; summary: AutoProcessedSummary }) {
  const total = summary.totalInvoicesAutoCreated + summary.totalInvoicesCreatedAfterReview;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Auto Processed</CardTitle>
        <p className="text-sm text-muted-foreground">{title}</p>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-semibold tabular-nums">{summary.totalInvoicesAutoCreated}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          of {total} {total === 1 ? "bill" : "bills"} authorised ({automaticPercent(summary.totalInvoicesAutoCreated, total)}%);{" "}
          {summary.totalInvoicesCreatedAfterReview} after review
        </p>
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <section aria-label="Auto Processed" className="grid grid-cols-1 gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <AutoProcessedTile title="This month" summary={data.autoProcessed.latestMonth} />
        <AutoProcessedTile title="Last 12 months" summary={data.autoProcessed.last12Months} />
      </section>
      <Card>
        <CardContent className="pt-6">
          <AutoProcessedChart bars={data.monthly} />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Payables by due week</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label="Payables by due week">
              <TableHeader>
                <TableRow>
                  <TableHead>Due</TableHead>
                  <TableHead className="text-right">Bills</TableHead>
                  <TableHead className="text-right">Amount due</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.payablesByDueWeek.map((week) => (
                  <TableRow key={week.weekStart}>
                    <TableCell label="Due">
                      <span className="whitespace-nowrap">{formatDate(week.weekStart)}</span> –{" "}
                      <span className="whitespace-nowrap">{formatDate(week.weekEnd)}</span>
                    </TableCell>
                    <TableCell label="Bills" className="text-right tabular-nums">
                      {week.count}
                    </TableCell>
                    <TableCell label="Amount due" className="text-right tabular-nums">
                      {formatMoney(week.amount, data.locale)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">Cashback earned per month</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label="Cashback earned per month">
              <TableHeader>
                <TableRow>
                  <TableHead>Month</TableHead>
                  <TableHead className="text-right">Paid early</TableHead>
                  <TableHead className="text-right">Cashback</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.cashbackByMonth.map((month) => (
                  <TableRow key={month.month}>
                    <TableCell label="Month" className="whitespace-nowrap">
                      {month.label}
                    </TableCell>
                    <TableCell label="Paid early" className="text-right tabular-nums">
                      {month.paidEarlyCount}
                    </TableCell>
                    <TableCell label="Cashback" className="text-right tabular-nums">
                      {formatMoney(month.cashback, data.locale)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      </div>
      <UploadBills />
    </div>
  );
}
